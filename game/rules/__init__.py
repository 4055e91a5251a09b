"""The rulesets, one package each.  Nothing under here imports pygame."""
