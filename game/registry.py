"""Which rulesets the app offers.  A ruleset is listed only once it is complete."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .agents import AgentFactory, RandomAgent
from .engine import Game
from .msg import N_, M, Mp


@dataclass(frozen=True)
class Ruleset:
    """Everything the shell needs to offer one game.

    ``view`` names the pygame view class as "module:Class"; it is imported only
    by the UI, so the rules never pull in pygame.
    """

    name: str
    title: str
    pitch: str
    game_cls: type[Game]
    view: str
    agents: Mapping[str, AgentFactory] = field(default_factory=dict)
    players: tuple[int, int] = (2, 2)
    rules_doc: str = ""
    #: Settings of the busiest standard level (bench frame time, smoke games).
    bench_level: Mapping[str, Any] = field(default_factory=dict)
    #: Ruleset-specific bench figures, e.g. {"flick_ms": {...}}; called by `paperwars bench`.
    bench_extra: Callable[[], dict[str, Any]] | None = None
    #: Agent used for the computer seats offered on the setup screen (default "ai").
    default_ai: str = "ai"
    #: Optional level editor scene as "module:Class", built as Class(app, ruleset); the
    #: setup screen offers it with ``editor_label``.  It saves with levels.save_user_level.
    editor: str = ""
    editor_label: str = N_("Map editor")
    #: Agents for the command line and measurements only (players modelled on how people play),
    #: never offered on the setup screen or for an online seat; ``make_agent`` still makes them.
    unoffered: tuple[str, ...] = ()

    def make_game(self, settings: Mapping[str, Any] | None = None) -> Game:
        return self.game_cls(settings)

    def agent_names(self) -> list[str]:
        """The computer players a player is offered (setup screen, online seats): not ``unoffered``."""
        return ["random", *[n for n in self.agents if n != "random" and n not in self.unoffered]]

    def make_agent(self, name: str, game: Game, seed: int, iterations: int | None = None) -> Any:
        """A computer player; ``iterations`` fixes its search effort in place of the clock
        (see ``Agent.iterations``; an agent that does not search ignores it)."""
        if name == "random":
            return RandomAgent(game, seed)
        try:
            factory = self.agents[name]
        except KeyError:
            raise KeyError(f"{self.title} has no computer player called {name!r}; "
                           f"try one of {', '.join(self.agent_names())}") from None
        agent = factory(game, seed)
        if iterations is not None:
            agent.iterations = iterations
        return agent


@dataclass(frozen=True)
class Strength:
    """A computer player as the setup screen offers it: a level a player understands.
    ``fallback`` is the agent the level uses while the game has no ``agent`` of that name."""

    label: str
    agent: str
    description: str
    fallback: str = ""


#: The levels, weakest first; every game offers those of them it has, under these names.
LEVELS = ("Beginner", "Easy", "Normal", "Hard")
_BEGINNER, _EASY = Mp("computer player", "Beginner"), Mp("computer player", "Easy")
_NORMAL, _HARD = Mp("computer player", "Normal"), Mp("computer player", "Hard")

#: Computer players by strength, weakest first, strongest last, per game.  The agent names stay
#: for the command line; a level whose agent the game does not (yet) have is skipped.
STRENGTHS: dict[str, tuple[Strength, ...]] = {
    "amoeba": (Strength(_BEGINNER, "random", M("Moves at random: for learning the rules.")),
               Strength(_EASY, "greedy", M("Takes what it sees this turn and never plans ahead.")),
               Strength(_NORMAL, "ai", M("Tries out a few futures before each move.")),
               Strength(_HARD, "hard", M("Thinks up to a second and a half a move: races for the first move, "
                                         "searches your answers turns ahead, does not feed you troops and "
                                         "corners your last armies in a quiet end game."))),
    "warigami": (Strength(_BEGINNER, "random", M("Moves at random: for learning the rules.")),
                 Strength(_EASY, "greedy", M("Attacks whatever it can hit best right now.")),
                 Strength(_NORMAL, "ai", M("Weighs the dice for each move and answer.")),
                 Strength(_HARD, "hard", M("Picks a new squad for the map each game, counts how far your "
                                           "units can really walk, and comes forward together."))),
    "space": (Strength(_BEGINNER, "random", M("Flicks at random: for learning the rules.")),
              Strength(_EASY, "cadet", M("Aims roughly and tries few flicks.")),
              Strength(_NORMAL, "ai", M("Aims with care among several flicks.")),
              Strength(_HARD, "hard", M("Tries hundreds of flicks before each move."))),
    "tigers": (Strength(_BEGINNER, "random", M("Acts at random: for learning the rules.")),
               Strength(_EASY, "greedy", M("Fires at the best target in sight, never plans.")),
               Strength(_NORMAL, "ai", M("Plans moves and fire around cover.")),
               Strength(_HARD, "hard", M("Plans like Normal, fires its best shot first, keeps "
                                         "cards back for recovery and never wastes an ace or king."))),
    "invasion": (Strength(_BEGINNER, "random", M("Heroes act at random: for learning the rules.")),
                 Strength(_NORMAL, "ai", M("Heroes plan their moves against the invaders.")),
                 Strength(_HARD, "hard", M("Heroes plan as Normal does and go into a room together "
                                           "when between them they can clear it."))),
}


def strengths(rs: Ruleset) -> list[Strength]:
    """The levels offered for ``rs``, weakest first; agents it lacks are left out (a level with a
    ``fallback`` uses that agent instead), and an agent no level names is offered under its own
    name (a new agent is never hidden)."""
    names = rs.agent_names()
    out: list[Strength] = []
    named: set[str] = set()
    for st in STRENGTHS.get(rs.name, ()):
        named.update(n for n in (st.agent, st.fallback) if n)
        if st.agent in names:
            out.append(st)
        elif st.fallback and st.fallback in names:
            out.append(Strength(st.label, st.fallback, st.description))
    # TRANSLATORS: {name} is a computer player's short name as the command line writes it ('ai')
    out += [Strength(n.capitalize(), n, M("The {name} computer player.", name=repr(n))) for n in names if n not in named]
    return out


def strongest(rs: Ruleset) -> str:
    """The agent of the strongest level ``rs`` offers (what the bench times)."""
    offered = [st.agent for st in strengths(rs) if st.agent != "random"]
    return offered[-1] if offered else "random"


def levels_text() -> str:
    """Every game's levels as the command line names them (for ``--help``)."""
    parts = []
    for game, levels in STRENGTHS.items():
        parts.append(f"{game}: " + ", ".join(f"{st.label}={st.agent}" + (f" (else {st.fallback})" if st.fallback else "")
                                             for st in levels))
    return "; ".join(parts)


# Modules that define RULESET, in menu order.  A game joins this list when it is playable.
KNOWN: tuple[str, ...] = ("game.rules.amoeba", "game.rules.warigami", "game.rules.space", "game.rules.tigers", "game.rules.invasion")

_extra: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Add a ruleset at run time (tests register their tiny proof ruleset this way)."""
    _extra[ruleset.name] = ruleset


def unregister(name: str) -> None:
    _extra.pop(name, None)


def rulesets() -> list[Ruleset]:
    out = [importlib.import_module(mod).RULESET for mod in KNOWN]
    out.extend(_extra.values())
    return out


def get(name: str) -> Ruleset:
    for rs in rulesets():
        if rs.name == name:
            return rs
    names = ", ".join(r.name for r in rulesets()) or "none"
    raise KeyError(f"no game called {name!r}; the games are: {names}")
