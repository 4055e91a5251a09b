"""The Hard Warigami player (issue 28): each failure newcomers saw in today's ``ai`` is pinned
here as a position (or a squad choice) and the choice that must not be made."""

from __future__ import annotations

from game.engine import Chance
from game.rules.warigami.ai import ExpectimaxAgent
from game.rules.warigami.hard import HardAgent
from game.rules.warigami.state import EndTurn, Move, WarigamiGame, WarigamiState
from game.rules.warigami.tables import distance

from .helpers import battle

OPEN = ["1" + "." * 24 + "2"] + ["." * 26] * 11


def _play_turn(agent, s: WarigamiState) -> list:
    """Let ``agent`` play seat 0's turn to its end (dice pinned by the state); the actions taken."""
    taken = []
    while s.player == 0 and not s.is_over():
        a = agent.choose(s.clone())
        taken.append(a)
        s.apply(a)
        if isinstance(a, EndTurn):
            break
    return taken


def _sniper_reach(s: WarigamiState, sq) -> bool:
    """Could the enemy sniper (id 2) hit ``sq`` next turn?  Its side has 5 units: a pool of 10."""
    sniper = s.units[2]
    return distance(sq, sniper.sq) <= 8 + 8  # walks up to 8 of its pool, fires up to 8 away


def test_W_T1_hard_never_walks_its_last_unit_into_a_snipers_reach(tmp_path):
    units = [(0, "smg", 0, 5), (1, "sniper", 18, 5)] + [(1, "smg", 25, y) for y in (0, 1, 10, 11)]
    s = battle(tmp_path, units, rows=OPEN)
    ai_state = s.clone()
    _play_turn(ExpectimaxAgent(s.game, 3), ai_state)
    assert _sniper_reach(ai_state, ai_state.units[1].sq)  # today's ai walks into it (it counts 3 steps)
    hard_state = s.clone()
    _play_turn(HardAgent(s.game, 3), hard_state)
    assert not _sniper_reach(hard_state, hard_state.units[1].sq), hard_state.units[1].sq


def _squads(cls, level: str, players: int = 2, seeds=range(1, 9)) -> list[tuple[str, ...]]:
    game = WarigamiGame({"level": level, "players": players})
    return [cls(game, seed * 7).choose(game.new_state(seed)).kinds for seed in seeds]


def test_W_B2_hard_does_not_pick_the_same_squad_every_game():
    assert len(set(_squads(ExpectimaxAgent, "standard"))) == 1  # today's ai: one squad, every game
    assert len(set(_squads(HardAgent, "standard"))) >= 6


def test_W_B2_hard_picks_its_squad_for_the_map_and_the_enemies():
    def share(level: str, kind: str, players: int = 2) -> float:
        squads = _squads(HardAgent, level, players)
        return sum(q.count(kind) for q in squads) / sum(len(q) for q in squads)

    # The small skirmish map (squads meet at once) wants shotguns; the huge open field snipers.
    assert share("skirmish", "shotgun") > share("huge", "shotgun")
    assert share("huge", "sniper") > share("skirmish", "sniper")
    # More enemies bunch up more and come from more sides: more RPGs and SMGs than in a duel.
    assert share("standard", "rpg", 4) + share("standard", "smg", 4) > share("standard", "rpg") + share("standard", "smg")


def test_W_H2_hard_brings_its_rpg_into_line_and_fires_it(tmp_path):
    # The RPG (two spaces a turn, fires only along a row or column) stands off the enemies' lines.
    units = [(0, "rpg", 5, 9), (0, "smg", 6, 3), (0, "sniper", 3, 6), (1, "smg", 14, 8), (1, "shotgun", 10, 7)]
    rows = ["1" + "." * 14 + "2"] + ["." * 16] * 9

    def rpg_fired(agent_cls) -> bool:
        s = battle(tmp_path, units, rows=rows, faces=(4,) * 40)
        return any(getattr(a, "unit", None) == 1 and not isinstance(a, Move)
                   for a in _play_turn(agent_cls(s.game, 3), s))

    assert not rpg_fired(ExpectimaxAgent)  # today's ai spends the pool elsewhere; the RPG stays silent
    assert rpg_fired(HardAgent)


def _advance(agent_cls, seed: int = 3, turns: int = 8) -> tuple[int, list[float]]:
    """Seat 0 plays ``turns`` turns on the standard map against a side that only ends its turns;
    how often a unit walked straight back to the square it held a turn before, and the mean
    distance of seat 0's units to the nearest enemy at the start of each turn."""
    from game.rules.warigami.state import SETUP, SQUAD

    game = WarigamiGame({"level": "standard"})
    s = game.new_initial_state(Chance(seed))
    me, foe = agent_cls(game, seed), ExpectimaxAgent(game, seed + 100)
    while s.phase in (SQUAD, SETUP):
        s.apply((me if s.player == 0 else foe).choose(s.clone()))
    starts: list[dict[int, tuple[int, int]]] = []
    back, dist = 0, []
    while len(starts) < turns and not s.is_over():
        if s.player != 0:
            s.apply(EndTurn())
            continue
        starts.append({u.id: u.sq for u in s.units_of(0)})
        dist.append(sum(min(distance(u.sq, e.sq) for e in s.units_of(1)) for u in s.units_of(0))
                    / len(s.units_of(0)))
        while s.player == 0 and not s.is_over():
            s.apply(me.choose(s.clone()))
        if len(starts) >= 2:
            before, last = starts[-2], starts[-1]
            back += sum(1 for u in s.units_of(0) if u.id in before and u.sq == before[u.id] != last[u.id])
    return back, dist


def test_W_T1_hard_advances_and_never_shuffles_a_unit_back_and_forth():
    back, _dist = _advance(ExpectimaxAgent)
    assert back >= 1  # today's ai walks units back to where they stood a turn before
    back, dist = _advance(HardAgent)
    assert back == 0
    assert dist[-1] < dist[0] - 2  # it came forward
