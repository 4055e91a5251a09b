"""The computer commander plays legal moves on every scenario and beats random play."""

from __future__ import annotations

from game import registry
from game.rules.tigers import RULESET
from game.rules.tigers.actions import Assign, Fire, FollowFire, Keep, MoveOrder
from game.rules.tigers.ai import TigersAI, p_at_least
from game.rules.tigers.state import TigersGame

from .helpers import at_act, make, unit


def play(level: str, seed: int, ai_seat: int, budget_s: float) -> tuple[int, ...]:
    g = TigersGame({"level": level})
    s = g.new_state(seed)
    agents = {ai_seat: TigersAI(g, seed, budget_s), 1 - ai_seat: RULESET.make_agent("random", g, seed + 1)}
    while not s.is_over():
        s.apply(agents[s.current_player()].choose(s))
    return s.result().winners


def test_ai_beats_random_on_fixed_seeds_from_either_seat():
    # the Normal commander on a quarter of its thinking time (its heuristic and the tryouts that
    # fit in it): a full second only plays stronger, and four whole games of it took 75 s of the suite
    wins = 0
    games = [("village_fight", 1, 0), ("tank_battle", 2, 1), ("open_table", 3, 1), ("forest_crossing", 4, 0)]
    for level, seed, seat in games:
        wins += play(level, seed, seat, budget_s=0.25) == (seat,)
    assert wins >= 3


def test_ai_fires_at_the_best_expected_victory_points():
    s = at_act(make([unit("tank", 40, 100, 270)], [unit("infantry", 40, 70, 90), unit("tank", 80, 70, 90),
                                                   unit("gun", 120, 60, 90)]), "5H", 0)
    s.units[3].damaged = True  # a damaged gun: one more hit is worth 3 points
    a = TigersAI(s.game, 1).choose(s)
    assert a == Fire(0, 3)


def test_ai_never_reads_face_down_cards():
    s = make([unit("tank", 40, 100, 270)], [unit("tank", 40, 20, 90)], deal=[3, 3, 3, 3])
    ai = TigersAI(s.game, 2)
    first = ai.choose(s)
    s2 = s.clone()
    s2.hands[0] = [("AS", False) if not up else (c, up) for c, up in s2.hands[0]]  # different hidden faces
    assert TigersAI(s.game, 2).choose(s2) == first
    assert isinstance(first, Keep) or first.card == "?"


def test_dice_odds():
    assert p_at_least(2, 7) == 21 / 36
    assert p_at_least(3, 3) == 1.0


def test_ai_is_registered():
    assert "ai" in registry.get("tigers").agent_names()


def test_greedy_is_registered_and_fires_at_once():
    assert "greedy" in registry.get("tigers").agent_names()
    s = at_act(make([unit("tank", 40, 100, 270)], [unit("infantry", 40, 70, 90), unit("tank", 80, 70, 90)]), "5H", 0)
    a = RULESET.make_agent("greedy", s.game, 1).choose(s)
    assert isinstance(a, Fire)


def test_ai_spreads_its_followers_fire():
    """T-F1: with two equal targets the leader takes its follower along, and once the leader's
    shot has destroyed one the follower fires at the other (rev 4: it chooses after the shot)."""
    blue = [unit("tank", 40, 100, 270), unit("tank", 52, 100, 270)]
    orange = [unit("truck", 30, 60, 90), unit("truck", 62, 60, 90)]
    s = at_act(make(blue, orange), "5H", 0, [6, 6, 6, 6, 6, 6])
    s.units[2].damaged = s.units[3].damaged = True
    a = TigersAI(s.game, 1).choose(s)
    assert isinstance(a, Fire) and a.followers == (1,)
    s.apply(a)
    assert s.units[a.target].destroyed and s.phase == "volley"
    other = ({2, 3} - {a.target}).pop()
    assert TigersAI(s.game, 1).choose(s) == FollowFire(1, other)


def test_ai_advances_when_nothing_is_in_sight():
    from game.rules.tigers.actions import Move

    woods = {"kind": "woods", "points": [[20, 50], [160, 50], [160, 70], [20, 70]]}
    s = at_act(make([unit("tank", 90, 100, 270)], [unit("tank", 90, 20, 90)], [woods]), "2S", 0, [6, 6, 6])
    s.apply(MoveOrder(0))
    a = TigersAI(s.game, 1).choose(s)
    assert isinstance(a, Move) and a.path
    before = s.fire_range(s.units[0], s.units[1])
    s.apply(a)
    assert s.fire_range(s.units[0], s.units[1]) < before


def test_ai_lays_out_terrain_with_a_purpose_as_attacker():
    g = TigersGame({"level": "open_table"})
    s = g.new_state(3)
    ai = TigersAI(g, 3)
    while s.phase in ("rolloff", "terrain"):
        s.apply(ai.choose(s))
    kinds = [p["kind"] for p in s.pieces]
    assert len(kinds) >= 6 and {"woods", "building", "hill"} <= set(kinds)
    h = s.table[1]
    ys = [sum(q[1] for q in p["points"]) / len(p["points"]) for p in s.pieces]
    assert all(h * 0.25 <= y <= h * 0.75 for y in ys)  # cover across the middle, where the fight is


def test_T_A9_ai_fires_at_the_unit_whose_cards_a_hit_strips():
    """Two like targets: the one holding two cards to fire at us is worth more (its cards go at once)."""
    s = at_act(make([unit("tank", 40, 100, 270)], [unit("tank", 40, 70, 90), unit("tank", 80, 70, 90)]), "5H", 0)
    s.assigned = {2: [("2S", False), ("3S", False)]}
    assert TigersAI(s.game, 1).choose(s) == Fire(0, 2)


def test_T_E1_ai_plays_every_card_in_the_last_turn():
    """With the deck used up this turn is the last: no card is kept back for a recovery that cannot matter."""
    s = make([unit("tank", 40, 100, 270), unit("tank", 80, 100, 270)], [unit("tank", 40, 20, 90)], deal=[2, 2, 2, 2])
    assert s.phase == "assign" and s.actor == 0
    s.hands[0] = [("4H", False)]
    s.assigned = {0: [("5H", False), ("6H", False)], 1: [("7H", False)]}
    s.deck = []
    a = TigersAI(s.game, 1).choose(s)
    assert isinstance(a, Assign) and a.unit == 1
    s.deck = ["2C"]  # an earlier turn: keeping the card back for T-T8 is weighed against playing it
    ai = TigersAI(s.game, 1)
    weighed: list[list[object]] = []
    tried_out = ai.tried_out
    ai.tried_out = lambda st, me, ranked, n, width: weighed.append(ranked[:width]) or tried_out(st, me, ranked, n, width)
    a = ai.choose(s)
    assert weighed == [[Keep(), Assign(1, "?")]] and a in weighed[0]
    plain = TigersAI(s.game, 1)
    plain.try_keep = False  # without the tryout the heuristic keeps it
    assert isinstance(plain.choose(s), Keep)


def test_T_T2_ai_tries_card_assignments_without_reading_a_face_down_card():
    """The ai plays each candidate assignment out to the end of the turn in sampled worlds: every
    face-down card (its own too, T-T2) and the deck are dealt from the cards nobody can see, so
    other hidden faces give the very same tryouts and the same choice."""
    blue = [unit("tank", 40, 100, 270), unit("tank", 80, 100, 270), unit("infantry", 120, 100, 270)]
    orange = [unit("tank", 40, 30, 90), unit("armoured_car", 90, 30, 90), unit("infantry", 130, 30, 90)]
    s = make(blue, orange, deal=[3, 3, 3, 3])
    assert s.phase == "assign" and s.actor == 0
    s.hands[0][0] = ("9D", True)  # one face-up card: the only one the tryouts may know
    s2 = s.clone()
    hidden = [c for h in s2.hands for c, up in h if not up] + list(s2.deck)
    hidden = hidden[::-1]  # the same cards, every one of them somewhere else
    it = iter(hidden)
    s2.hands = [[(c, up) if up else (next(it), False) for c, up in h] for h in s2.hands]
    s2.deck = [next(it) for _ in s2.deck]
    assert [h for h in s2.hands] != [h for h in s.hands]
    ai, ai2 = TigersAI(s.game, 4), TigersAI(s.game, 4)
    first = Assign(0, "?")
    for seed in (1, 2, 3, 4, 5):
        assert ai.rollout(ai.sampled_world(s, seed), 0, first, seed) == ai2.rollout(ai2.sampled_world(s2, seed), 0, first, seed)
        w = ai.sampled_world(s, seed)
        assert ("9D", True) in w.hands[0] and sum(c == "9D" for h in w.hands for c, _ in h) == 1
    assert TigersAI(s.game, 4).choose(s) == TigersAI(s.game, 4).choose(s2)


def test_T_E1_ai_tryouts_count_a_finished_game_by_who_wins_it():
    """When the deck is used up (T-E1) only destroyed units score (T-E2): a tryout that ends in a
    win, however battered the winner, must beat one that ends in a draw."""
    blue = [unit("tank", 40, 100, 270), unit("infantry", 120, 100, 270)]
    orange = [unit("tank", 40, 30, 90), unit("infantry", 130, 30, 90)]
    s = make(blue, orange)
    s.phase = "over"
    ai = TigersAI(s.game, 4)
    won = s.clone()
    won.vp = [1, 0]
    won.units[0].damaged = True  # Blue's tank is battered but the game is over: it scores nothing
    drawn = s.clone()
    drawn.vp = [0, 0]
    drawn.units[2].damaged = True
    assert won.result().winners == (0,) and drawn.result().winners == ()
    assert ai.outcome(won, 0) > ai.outcome(drawn, 0)
    assert ai.outcome(won, 1) < ai.outcome(drawn, 1)


def test_T_T3_ai_keeps_its_assignment_unless_the_tryouts_beat_it_beyond_their_noise():
    """A tried-out card assignment replaces the heuristic's first choice only when it wins in the
    same sampled worlds by more than their spread: one lucky world is not enough."""
    s = make([unit("tank", 40, 100, 270), unit("tank", 80, 100, 270)], [unit("tank", 40, 30, 90)], deal=[3, 3, 3, 3])
    assert s.phase == "assign" and s.actor == 0
    first, other = Assign(0, "?"), Assign(1, "?")

    def pick(other_scores: list[float], z: float) -> object:
        ai = TigersAI(s.game, 1)
        ai.tryout_z = z
        ai._deadline = float("inf")
        scores = {first: iter([0.0] * 4), other: iter(other_scores)}
        ai.rollout = lambda world, me, a, seed, stop=None: next(scores[a])  # type: ignore[method-assign]
        return ai.tried_out(s, 0, [first, other], 4, 2)

    lucky = [6.0, -1.0, -1.0, -1.0]  # better in total, thanks to one world
    steady = [1.0, 1.2, 0.8, 1.0]  # better in every world
    assert pick(lucky, 1.0) == first
    assert pick(steady, 1.0) == other
    assert pick(lucky, 0.0) == other  # without the noise test the lucky total wins


def test_T_A5_ai_judges_a_turn_end_by_the_shots_each_side_is_left_with():
    """A tryout that ends the turn with my tank 30 cm from an enemy squad (T-A5: out of the
    squad's 12 cm reach) ends better for me than one with the squad 8 cm away, where it can
    fire back; and what is good for one side is as bad for the other."""
    def end(squad_y: float) -> object:
        s = make([unit("tank", 40, 100, 270)], [unit("infantry", 40, squad_y, 90)])
        assert not s.is_over() and s.vp == [0, 0]
        return s

    ai = TigersAI(end(70).game, 1)
    safe, close = end(70), end(92)
    assert ai.turn_end_features(safe, 0) == (0.0, 0.5)  # half a squad's point, in the open, in sight
    assert ai.outcome(safe, 0) > 0 > ai.outcome(close, 0)
    assert ai.outcome(safe, 1) == -ai.outcome(safe, 0)
    safe.units[1].damaged = True  # a damaged enemy is out of the fight and one hit from destroyed
    assert ai.outcome(safe, 0) > ai.outcome(end(70), 0)


def test_T_A1_ai_tries_out_its_best_moves_with_its_own_spot_first():
    """Moves are tried out like card assignments: the heuristic's best spot comes first (a tried-out
    spot must beat it beyond the noise), then the next best."""
    from game.rules.tigers.actions import Move

    woods = {"kind": "woods", "points": [[20, 50], [160, 50], [160, 70], [20, 70]]}
    s = at_act(make([unit("tank", 90, 100, 270)], [unit("tank", 90, 20, 90)], [woods]), "2S", 0, [6, 6, 6])
    s.apply(MoveOrder(0))
    weighed = []
    ai = TigersAI(s.game, 1)
    tried_out = ai.tried_out
    ai.tried_out = lambda st, me, ranked, n, width: weighed.append((ranked, n, width)) or tried_out(st, me, ranked, n, width)
    a = ai.choose(s)
    (ranked, n, width), = weighed
    assert (n, width) == (ai.move_rollouts, ai.move_width) == (8, 4)
    assert a in ranked[:width] and all(isinstance(m, Move) for m in ranked)
    plain = TigersAI(s.game, 1)
    plain.move_width = 0  # the heuristic alone plays the first of the ranked spots
    assert plain.choose(s) == ranked[0]


def test_the_turn_end_weights_can_be_refitted_from_greedy_games():
    """``python -m game.rules.tigers.fit_value`` reproduces the method behind TURN_END: a few games
    give a fit over every turn's end, seen from both sides."""
    import math

    from game.rules.tigers.fit_value import fit, turn_ends

    x, y, g = turn_ends(4, 90000)
    assert x.shape == (len(y), 4) and len(y) % 2 == 0 and set(g) == {0, 1, 2, 3}
    assert (x[0::2, 0] == -x[1::2, 0]).all() and (x[0::2, 2] == -x[1::2, 2]).all()  # one end, two sides
    got = fit(10, 90000)
    assert got["turn_ends"] > 10 and all(math.isfinite(v) for v in got.values())


def test_T_T2_ai_never_imagines_a_discarded_card_face_down():
    """The discard pile is public (every seat's view shows it): a sampled world deals the face-down
    cards and the deck only from the cards nobody has seen, never one already played."""
    blue = [unit("tank", 40, 100, 270), unit("tank", 80, 100, 270), unit("infantry", 120, 100, 270)]
    orange = [unit("tank", 40, 30, 90), unit("armoured_car", 90, 30, 90), unit("infantry", 130, 30, 90)]
    s = make(blue, orange, deal=[3, 3, 3, 3])
    played = ["AH", "AD", "AS", "AC", "KH", "KD", "KS", "KC"]
    # the aces and kings not dealt face down have been played: they lie on the discard pile
    hidden = [c for h in s.hands for c, up in h if not up]
    s.deck = [c for c in s.deck if c not in played]
    s.discard = [c for c in played if c not in hidden]
    ai = TigersAI(s.game, 4)
    for seed in range(20):
        w = ai.sampled_world(s, seed)
        dealt = [c for h in w.hands for c, up in h if not up] + list(w.deck)
        assert not set(dealt) & set(s.discard), seed
        assert len(dealt) == len(set(dealt))
