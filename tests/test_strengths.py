"""Issue 28: the computer levels carry the same names everywhere (setup, F1 rules pages, README,
``--help``) and the strongest is what the bench times."""

from __future__ import annotations

import re

import pytest

from game import registry
from game.cli import main
from game.paths import root
from game.registry import LEVELS, strengths, strongest


@pytest.mark.parametrize("name", registry.KNOWN)
def test_levels_are_named_beginner_easy_normal_hard_in_that_order(name):
    rs = registry.get(name.rsplit(".", 1)[1])
    labels = [st.label for st in strengths(rs)]
    assert labels == [lv for lv in LEVELS if lv in labels]  # no other names, weakest first
    agents = {st.label: st.agent for st in strengths(rs)}
    assert agents.get("Beginner") == "random" and agents.get("Normal") == "ai"
    if "hard" in rs.agents:
        assert agents["Hard"] == "hard" and strongest(rs) == "hard"


def test_amoeba_and_warigami_offer_hard():
    for game in ("amoeba", "warigami"):
        rs = registry.get(game)
        assert [st.label for st in strengths(rs)] == ["Beginner", "Easy", "Normal", "Hard"]
        assert strengths(rs)[-1].agent == "hard"


def _section(md: str) -> str:
    m = re.search(r"^## Computer players\n(.*?)(?=^## |\Z)", md, re.S | re.M)
    return m.group(1) if m else ""


@pytest.mark.parametrize("game", ["amoeba", "warigami", "space"])
def test_rules_pages_name_the_levels_as_the_setup_screen_does(game):
    rs = registry.get(game)
    md = (root() / rs.rules_doc).read_text(encoding="utf-8")
    for st in strengths(rs):
        assert f"**{st.label}**" in md, st.label
    assert not re.search(r"\*(cadet|ace|ai)\*", md, re.I)  # the old agent names are not levels
    section = _section(md)
    if section:  # a list of the levels names exactly those offered, in order
        named = re.findall(r"^- \*\*(\w+)\*\*", section, re.M)
        assert named == [st.label for st in strengths(rs)]


def test_readme_names_the_levels():
    text = (root() / "README.md").read_text(encoding="utf-8")
    for label in LEVELS:
        assert f"**{label}**" in text


def test_help_names_every_level_with_its_command_line_agent(capsys):
    with pytest.raises(SystemExit):
        main(["selfplay", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for game, levels in registry.STRENGTHS.items():
        assert f"{game}:" in out
        for st in levels:
            assert f"{st.label}={st.agent}" in out


def test_selfplay_runs_hard_against_ai(capsys):
    assert main(["selfplay", "warigami", "--games", "1", "--players", "hard,ai", "--seed", "4",
                 "--settings", '{"level": "skirmish", "units": 3}', "--json"]) == 0
    assert '"hard"' in capsys.readouterr().out


def test_paired_selfplay_gives_each_seed_to_both_seat_orders_and_a_standard_error(monkeypatch):
    import game.selfplay as sp

    seen: list[tuple[list[str], int]] = []
    real = sp.play_game

    def spy(game_name, seats, seed, settings=None, *rest, **named):
        seen.append((list(seats), seed))
        return real(game_name, seats, seed, settings, *rest, **named)

    monkeypatch.setattr(sp, "play_game", spy)
    out = sp.selfplay("pig", 6, ["ai", "random"], seed=10, paired=True)
    assert [s for _seats, s in seen] == [10, 10, 11, 11, 12, 12]
    assert [seats[0] for seats, _s in seen] == ["ai", "random"] * 3
    assert out["paired"] and set(out["win_rate_se"]) == {"ai", "random"}
    assert all(0 <= v <= 0.5 for v in out["win_rate_se"].values())


def test_smoke_strongest_covers_every_shipped_level_with_a_playable_game():
    """`paperwars smoke --strongest` plays every shipped map and scenario: each one it lists makes
    a game, and none is left out."""
    from game.levels import shipped_levels
    from game.selfplay import level_settings

    for rs in registry.rulesets():
        listed = level_settings(rs)
        names = [name for name, _ in listed]
        spec = [st for st in rs.game_cls.settings_spec if st.kind == "level"]
        assert names == (shipped_levels(rs.name) if spec else ["default"])
        for name, settings in listed:
            game = rs.make_game(settings)
            state = game.new_state(3)
            assert not state.is_over(), (rs.name, name)


def test_selfplay_iterations_reach_every_computer_player_and_the_figures(monkeypatch):
    """`selfplay --iterations N` fixes each searching player's effort in place of its clock."""
    from game import selfplay as sp

    seen: list[int | None] = []
    real = registry.Ruleset.make_agent

    def spy(self, name, game, seed, iterations=None):  # type: ignore[no-untyped-def]
        agent = real(self, name, game, seed, iterations)
        seen.append(getattr(agent, "iterations", None))
        return agent

    monkeypatch.setattr(registry.Ruleset, "make_agent", spy)
    out = sp.selfplay("invasion", 1, ["random"], 3, iterations=5)
    assert out["iterations"] == 5
    assert registry.get("warigami").make_agent("hard", registry.get("warigami").make_game(), 1, 7).iterations == 7
    assert registry.get("warigami").make_agent("hard", registry.get("warigami").make_game(), 1).iterations is None
    assert seen and seen[0] is None  # random does not search: its effort is not fixed


def test_decision_times_count_a_whole_turn_of_many_decisions_as_one_wait():
    """A Warigami turn is many decisions (moves, then shots): the wait a player sees is their sum."""
    from game.selfplay import decision_times

    out = decision_times("warigami", "greedy", 5, games=1, settings={"level": "skirmish"})
    assert out["turns"] < out["decisions"]
    assert out["turn_max"] >= out["max"]
