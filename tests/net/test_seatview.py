"""State.view(seat): what each seat may know, and nothing more (T-T2, W-B2, A-V8, the generator).

The leak oracle plays games with random moves and, at every point, scans every byte of each
seat's view for the secrets the state holds at that point (face-down cards and the deck for
Tigers), or plays the same public history with different secrets and checks that the other
seats' views are byte-identical (secret squads, secret points).
"""

from __future__ import annotations

import json

import pytest

from game import registry
from game.engine import Chance, Event
from game.rules.tigers import cards as C
from game.rules.warigami.actions import Squad

GAMES = [("amoeba", {"simultaneous": True}), ("amoeba", {}), ("warigami", {}), ("space", {}),
         ("tigers", {}), ("invasion", {})]


def _play(name, settings, seed, steps):
    g = registry.get(name).make_game(settings)
    s = g.new_state(seed)
    rng = Chance(seed + 1)
    for _ in range(steps):
        if s.is_over():
            break
        yield g, s
        s.apply(s.random_action(rng))
    yield g, s


@pytest.mark.parametrize("name,settings", GAMES)
def test_view_never_holds_the_generator_and_rebuilds_a_playable_guess(name, settings):
    """Every seat's view (spectator too) has no generator state; the seat to move can rebuild a
    state from its view alone, and a computer player's choice there is legal in the real game."""
    rs = registry.get(name)
    seen = 0
    for g, s in _play(name, settings, 987_654_321_987, 60):
        for seat in (None, *range(g.num_players)):
            text = json.dumps(s.view(seat))
            assert '"chance": null' in text
            assert str(s.chance.state) not in text
        me = s.current_player()
        if me >= 0 and seen < 6:
            guess = type(s).from_view(g, json.loads(json.dumps(s.view(me))), 99)
            assert guess.current_player() == me
            agent = rs.make_agent("random", g, 3)
            s.check(agent.choose(guess))
            seen += 1


def _hidden_cards(s):
    out = set(s.deck)
    out |= {c for h in s.hands for c, up in h if not up}
    out |= {c for cs in s.assigned.values() for c, up in cs if not up}
    out |= {c for c, up in s.recovering.values() if not up}
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_T_T2_no_view_holds_a_face_down_card_or_the_deck_order(seed):
    """T-T2: a face-down card is unknown to all, its owner too; the deck's order to everyone.
    The first shuffle is pinned, so the cards dealt face down are known to the test."""
    g = registry.get("tigers").make_game({})
    deck = list(C.FULL_DECK)
    Chance(seed).shuffle(deck)
    s = g.new_state(seed, {"decks": [deck]})
    rng = Chance(seed + 7)
    checked = in_hand = 0
    while not s.is_over() and checked < 400:
        hidden = _hidden_cards(s)
        in_hand += any(not up for h in s.hands for _, up in h)
        for seat in (None, 0, 1):
            text = json.dumps(s.view(seat))
            leaked = [c for c in hidden if f'"{c}"' in text]
            assert not leaked, f"seat {seat} sees face-down cards {leaked}"
            assert json.dumps(deck[:5]) not in text
        checked += 1
        s.apply(s.random_action(rng))
    assert checked > 20 and in_hand > 5


def test_T_T2_the_owner_sees_how_many_cards_and_which_are_face_up():
    g = registry.get("tigers").make_game({})
    s = g.new_state(4)
    rng = Chance(5)
    while not any(s.hands) and not s.is_over():
        s.apply(s.random_action(rng))
    v = s.view(0)
    assert [len(h) for h in v["hands"]] == [len(h) for h in s.hands]
    assert all(c == "?" for h in v["hands"] for c, up in h if not up)
    assert len(v["deck"]) == len(s.deck) and set(v["deck"]) <= {"?"}


def test_W_B2_a_chosen_squad_is_hidden_from_the_other_seats_until_all_are_in():
    """Two games that differ only in seat 1's secret squad: seat 2 and spectators get
    byte-identical views; seat 1 sees its own squad; after the reveal everybody sees both."""
    g = registry.get("warigami").make_game({"units": 3})
    views = []
    for kinds in (("smg", "smg", "smg"), ("sniper", "sniper", "sniper")):
        s = g.new_state(8)
        s.apply(Squad(tuple(k for k in kinds)))
        views.append(s)
    a, b = views
    for seat in (None, 1):
        assert json.dumps(a.view(seat)) == json.dumps(b.view(seat))
    assert json.dumps(a.view(0)) != json.dumps(b.view(0))
    assert "sniper" not in json.dumps(b.view(1))
    b.apply(Squad(("smg", "medic", "medic")))
    assert "sniper" in json.dumps(b.view(1)) and b.view(None)["squads"][0] == ["sniper"] * 3


def _amoeba_at_points(seed):
    g = registry.get("amoeba").make_game({"simultaneous": True, "players": 3})
    s = g.new_state(seed)
    rng = Chance(seed)
    while s.phase != "move" or s.pending or len(s.point_actions(s.player)) < 2:
        assert not s.is_over()
        s.apply(s.random_action(rng))
    return g, s


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_A_V8_a_secret_point_is_hidden_from_the_other_seats_and_spectators(seed):
    g, s = _amoeba_at_points(seed)
    me = s.player
    first, second = s.point_actions(me)[:2]
    a, b = s.clone(), s.clone()
    a.apply(first)
    b.apply(second)
    assert a.hidden_for_seat() and b.hidden_for_seat()
    for seat in (None, *[q for q in range(g.num_players) if q != me]):
        assert json.dumps(a.view(seat)) == json.dumps(b.view(seat)), f"seat {seat} can tell the points apart"
    assert json.dumps(a.view(me)) != json.dumps(b.view(me))
    assert a.view(me)["pending"][str(me)] == first.to_json()


def test_A_V8_a_move_written_in_secret_stays_hidden_until_all_are_shown():
    """After the points are revealed, seats that may enter the same country write in secret:
    another seat's written move shows as '?', its own as written, an open one as written."""
    found = 0
    for seed in range(1, 60):
        g = registry.get("amoeba").make_game({"simultaneous": True, "players": 3})
        s = g.new_state(seed)
        rng = Chance(seed)
        for _ in range(400):
            if s.is_over():
                break
            if s.phase == "detail" and s.details and any(q in s.dependent for q in s.details):
                for q in s.details:
                    for seat in (None, *range(g.num_players)):
                        shown = s.view(seat)["details"][str(q)]
                        if q in s.dependent and seat != q:
                            assert shown == "?"
                        else:
                            assert shown == s.details[q].to_json()
                found += 1
            s.apply(s.random_action(rng))
        if found >= 3:
            break
    assert found >= 1


def test_events_carry_an_audience():
    open_event = Event("roll", "Rolled 6.")
    private = Event("card", "You drew the ace.", audience=(1,))
    assert open_event.seen_by(None) and open_event.seen_by(0)
    assert private.seen_by(1) and not private.seen_by(0) and not private.seen_by(None)
