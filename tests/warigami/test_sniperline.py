"""The ``sniper-line`` player (issue 47): a model of the newcomer who beat Hard on the Outpost with
seven snipers, two RPGs and a shotgun held on a line.  It is a measuring stick, so what makes it
that player is pinned: its squad, its cover, and a line it never leaves."""

from __future__ import annotations

from game import registry
from game.engine import Chance
from game.rules.warigami.hard import HardAgent
from game.rules.warigami.sniperline import LINE_DEPTH, SniperLineAgent, line_squad
from game.rules.warigami.state import MOVE, SETUP, SQUAD, WarigamiGame
from game.rules.warigami.tables import distance


def test_W_B2_the_sniper_line_squad_is_mostly_snipers_with_rpgs_and_a_shotgun():
    assert sorted(line_squad(10).kinds) == sorted(["sniper"] * 7 + ["rpg"] * 2 + ["shotgun"])
    assert sorted(line_squad(5).kinds) == sorted(["sniper"] * 3 + ["rpg", "shotgun"])
    assert line_squad(1).kinds == ("sniper",)


def _outpost_game(seed: int):
    game = WarigamiGame({"level": "outpost", "units": 10})
    s = game.new_initial_state(Chance(seed))
    line, hard = SniperLineAgent(game, seed), HardAgent(game, seed + 1)
    return game, s, {1: line, 0: hard}


def test_W_B2_the_line_sets_up_in_cover_toward_the_enemy_and_spread_out():
    _game, s, agents = _outpost_game(4)
    while s.phase in (SQUAD, SETUP):
        s.apply(agents[s.player].choose(s.clone()))
    line = s.units_of(1)
    walls = s.board.walls
    covered = [u for u in line if any(distance(u.sq, w) <= 3 and w[0] < u.x for w in walls)]
    assert len(covered) >= 3  # the Outpost has walls in front of seat 1's zone: the line stands behind them
    touching = sum(1 for a in line for b in line if a.id < b.id and max(abs(a.x - b.x), abs(a.y - b.y)) <= 1)
    assert touching <= len(line) // 2  # spread out against blasts (W-H6)


def test_W_T1_the_line_never_stands_out_of_its_start_zone_by_more_than_its_depth():
    _game, s, agents = _outpost_game(7)
    zone = s.board.zones[1]
    moves = 0
    while not s.is_over() and s.round <= 12:
        seat = s.player
        a = agents[seat].choose(s.clone())
        s.apply(a)
        if seat == 1 and s.phase == MOVE:
            moves += 1
            for u in s.units_of(1):
                assert min(distance(u.sq, z) for z in zone) <= LINE_DEPTH, (s.round, u)
    assert moves > 0


def test_the_sniper_line_is_for_figures_only_and_not_offered_on_the_setup_screen_or_online():
    rs = registry.get("warigami")
    assert "sniper-line" in rs.agents
    assert "sniper-line" not in [st.agent for st in registry.strengths(rs)]
    assert "sniper-line" not in rs.agent_names()  # what an online room's seats may be
    assert isinstance(rs.make_agent("sniper-line", rs.make_game({}), 1), SniperLineAgent)
