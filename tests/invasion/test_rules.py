"""Paper Invasion rules, one test (at least) per rule id of RULES.md section I."""

from __future__ import annotations

import string

import pytest

from game.engine import Chance, IllegalAction
from game.rules.invasion import RULESET, InvasionGame
from game.rules.invasion.actions import (
    ChooseWord,
    EGrab,
    EMove,
    EndTurn,
    ESmash,
    GeneratePlan,
    ImportText,
    Kill,
    Loot,
    Move,
    PlaceEnemy,
    PlaceEvent,
    PlaceHero,
    PlaceVault,
    Seal,
    Smash,
    Split,
    TriggerEvent,
    Use,
)
from game.rules.invasion.board import DOUBLE, OPENING, SINGLE, Board
from game.rules.invasion.slots import (
    check_word_unused,
    digit_sum,
    fold,
    remember_word,
    six_letters,
    slots_from_word,
    word_table,
)
from game.rules.invasion.state import Enemy, Hero

from .helpers import play_state, three_rooms

# -- Slots ----------------------------------------------------------------------------


def test_I_S1_used_word_is_refused_with_a_sentence(tmp_path):
    path = tmp_path / "words.json"
    check_word_unused(path, "undead")
    remember_word(path, "Undead")
    with pytest.raises(IllegalAction) as info:
        check_word_unused(path, "UNDEAD!")
    assert info.value.rule == "I-S1" and "before" in info.value.message
    check_word_unused(path, "bloody")  # another word is fine


def test_I_S1_word_without_letters_is_refused():
    s = InvasionGame().new_state(1)
    with pytest.raises(IllegalAction) as info:
        s.apply(ChooseWord("1234 !"))
    assert info.value.rule == "I-S1"


def test_I_S2_short_word_is_repeated_to_six_letters():
    assert six_letters("gross") == "GROSSG"
    assert six_letters("ox") == "OXOXOX"
    assert six_letters("cantankerous") == "CANTAN"


def test_I_S3_every_letter_becomes_one_digit():
    expected = {ch: digit_sum(i + 1) for i, ch in enumerate(string.ascii_uppercase)}
    for ch, d in expected.items():
        assert slots_from_word(ch * 6) == (d,) * 6
    assert expected["K"] == 2 and expected["S"] == 1 and expected["Z"] == 8 and expected["I"] == 9
    assert slots_from_word("undead") == (3, 5, 4, 5, 1, 4)
    assert word_table("bloody")[0] == ("B", 2, 2)
    assert word_table("sss")[0] == ("S", 19, 1)


def test_I_S3_accents_fold_and_other_characters_drop():
    assert fold("Crème brûlée!") == "CREMEBRULEE"
    assert slots_from_word("Éé-ß") == slots_from_word("eess")


def test_I_S4_reverse_and_two_letters_in():
    assert six_letters("undead", "reverse") == "DAEDNU"
    assert six_letters("cantankerous", "skip2") == "NTANKE"


def test_I_S4_dice_are_rolled_through_state_chance_and_zero_rerolled():
    s = InvasionGame().new_state(1, {"faces": [10, 3, 10, 9, 1, 2, 7, 5]})
    s.apply(ChooseWord("", "d10"))
    assert s.slots == (3, 9, 1, 2, 7, 5)
    s = InvasionGame().new_state(1, {"faces": [6, 5, 4, 3, 2, 1]})
    s.apply(ChooseWord("", "d6"))
    assert s.slots == (6, 5, 4, 3, 2, 1)


# -- Board ----------------------------------------------------------------------------

def _to_build(word: str = "undead") -> object:
    s = InvasionGame().new_state(3)
    s.apply(ChooseWord(word))
    return s


def test_I_B1_rooms_by_splitting_until_slot5_plus_1():
    s = _to_build("undead")  # slot 5 = 1 -> 2 rooms
    assert s.phase == "build" and s.room_goal == 2
    with pytest.raises(IllegalAction) as info:
        s.apply(Split("a", "v", 16))
    assert info.value.rule == "I-B1"
    s.apply(Split("a", "v", 7))
    assert s.phase == "place" and sorted(s.board.rooms) == ["a", "b"]
    # every wall starts as a Single Barrier, walls to the outside included
    assert set(s.board.walls.values()) == {SINGLE}
    assert "a|b" in s.board.walls and "a:W" in s.board.walls and "b:E" in s.board.walls


def test_I_B1_generated_floor_plan_is_seeded():
    def plan(seed: int) -> dict:
        s = InvasionGame().new_state(seed)
        s.apply(ChooseWord("hollow"))  # slot 5 = 6 -> 7 rooms
        s.apply(GeneratePlan())
        return s.board.rooms
    a, b = plan(5), plan(5)
    assert a == b and len(a) == 7
    area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in a.values())
    assert area == 16 * 11  # the rooms tile the whole sheet


def test_I_B1_split_walls_inherit_state():
    b = Board()
    b.split("a", "v", 8)
    b.walls["a|b"] = DOUBLE
    b.walls["b:E"] = OPENING
    b.split("b", "h", 5)  # c = the south half of b
    assert b.walls["a|b"] == DOUBLE and b.walls["a|c"] == DOUBLE
    assert b.walls["b|c"] == SINGLE
    assert b.walls["b:E"] == OPENING and b.walls["c:E"] == OPENING


def test_I_B2_single_lets_heroes_pass_not_enemies():
    s = play_state(heroes=(("a", 0),), enemies=("b",))
    hid, eid = 1, 2
    assert "b" in s.hero_moves(hid)
    assert s.enemy_moves(eid) == []


def test_I_B2_double_barrier_stops_everyone():
    s = play_state(heroes=(("a", 0),))
    s.board.walls["a|b"] = DOUBLE
    with pytest.raises(IllegalAction) as info:
        s.apply(Move(1, "b"))
    assert info.value.rule == "I-B2"


def test_I_B3_heroes_are_placed_in_any_room():
    s = _to_build("undead")
    s.apply(Split("a", "v", 7))
    for _ in range(3):  # slot 1 = 3 heroes
        s.apply(PlaceHero("b"))
    assert [h.room for h in s.heroes.values()] == ["b", "b", "b"]
    assert s.place_step() == "enemy"


def test_I_B4_enemies_go_outside_in_N_E_S_W_order():
    s = _to_build("undead")  # slot 2 = 5 -> 10 enemies
    s.apply(Split("a", "v", 7))
    for _ in range(3):
        s.apply(PlaceHero("a"))
    with pytest.raises(IllegalAction) as info:
        s.apply(PlaceEnemy("a", "E"))
    assert info.value.rule == "I-B4"
    s.apply(PlaceEnemy("a", "N"))
    with pytest.raises(IllegalAction):
        s.apply(PlaceEnemy("a", "E"))  # room a has no east wall to the outside
    s.apply(PlaceEnemy("b", "E"))
    s.apply(PlaceEnemy("b", "S"))
    s.apply(PlaceEnemy("a", "W"))
    s.apply(PlaceEnemy("b", "N"))
    assert [e.pos for e in s.enemies.values()] == ["a:N", "b:E", "b:S", "a:W", "b:N"]
    assert all(e.outside for e in s.enemies.values())
    assert s.enemy_goal == 10


def test_I_B4_several_hero_players_take_turns_placing_the_enemies():
    s = InvasionGame({"players": 2}).new_state(3)
    s.apply(ChooseWord("undead"))  # 3 heroes each, 5 x 2 x 2 = 20 enemies
    s.apply(Split("a", "v", 7))
    for _ in range(6):
        s.apply(PlaceHero("a"))
    seats = []
    for _ in range(4):
        seats.append(s.current_player())
        side = s.enemy_side()
        s.apply(PlaceEnemy(s.board.rooms_on_side(side)[0], side))
    assert seats == [0, 1, 0, 1]
    assert s.status().startswith("Heroes 1: place enemy 5 of 20")


def test_I_B5_vault_and_event_marker_in_rooms_of_choice():
    s = _to_build("undead")
    s.apply(Split("a", "v", 7))
    while s.place_step() != "vault":
        s.apply(s.legal_actions()[0])
    with pytest.raises(IllegalAction):
        s.apply(PlaceEvent("a"))
    s.apply(PlaceVault("b"))
    s.apply(PlaceEvent("a"))
    assert s.vault == "b" and s.event_room == "a"
    assert s.phase in ("heroes", "over")


@pytest.mark.parametrize("word,first", [("undead", "heroes"), ("bloody", "enemies")])
def test_I_B6_slot5_odd_heroes_first_even_enemies_first(word, first):
    s = InvasionGame({"enemy_player": "person"}).new_state(2)
    s.apply(ChooseWord(word))
    s.apply(GeneratePlan())
    while s.phase == "place":
        s.apply(s.legal_actions()[0])
    assert s.slot(5) % 2 == (1 if first == "heroes" else 0)
    assert s.phase == first
    assert s.current_player() == (0 if first == "heroes" else 1)


# -- Hero turn ------------------------------------------------------------------------

def test_I_H1_hero_moves_once_through_single_or_opening():
    s = play_state(heroes=(("a", 0),))
    s.apply(Move(1, "b"))
    assert s.heroes[1].room == "b"
    with pytest.raises(IllegalAction) as info:
        s.apply(Move(1, "c"))
    assert info.value.rule == "I-H1"
    s = play_state(heroes=(("a", 0),))
    s.board.walls["a|b"] = OPENING
    s.apply(Move(1, "b"))
    with pytest.raises(IllegalAction):
        play_state(heroes=(("a", 0),)).apply(Move(1, "c"))  # c is not next to a


def test_I_H1_move_and_action_in_either_order_and_one_action_only():
    s = play_state(heroes=(("a", 0),), enemies=("b",))
    s.board.walls["a|b"] = OPENING
    s.apply(Seal(1, "a|b"))
    s.apply(Move(1, "b"))
    with pytest.raises(IllegalAction) as info:
        s.apply(Kill(1))
    assert "already" in info.value.message


def test_I_H2_kill_two_enemies_in_the_room():
    s = play_state(heroes=(("a", 0),), enemies=("a", "a", "a", "a:N", "b"))
    s.apply(Kill(1))
    assert sorted(e.pos for e in s.enemies.values()) == ["a", "a:N", "b"]
    s = play_state(heroes=(("a", 0),), enemies=("a:N",))
    with pytest.raises(IllegalAction) as info:
        s.apply(Kill(1))  # outside is not in the room
    assert info.value.rule == "I-H2"


def test_I_H3_seal_opening_to_single_and_single_to_double():
    s = play_state(heroes=(("a", 0), ("a", 0)))
    s.board.walls["a|b"] = OPENING
    s.apply(Seal(1, "a|b"))
    assert s.board.walls["a|b"] == SINGLE
    s.apply(Seal(2, "a|b"))
    assert s.board.walls["a|b"] == DOUBLE
    s = play_state(heroes=(("a", 0),))
    with pytest.raises(IllegalAction) as info:
        s.apply(Seal(1, "b|c"))
    assert info.value.rule == "I-H3"


def test_I_H4_smash_double_to_single_only():
    s = play_state(heroes=(("a", 0),))
    with pytest.raises(IllegalAction) as info:
        s.apply(Smash(1, "a|b"))
    assert info.value.rule == "I-H4"
    s.board.walls["a|b"] = DOUBLE
    s.apply(Smash(1, "a|b"))
    assert s.board.walls["a|b"] == SINGLE
    s.apply(Move(1, "b"))  # then through the Single


def test_I_H5_loot_makes_P_and_the_item_is_single_use():
    s = play_state(slots=(3, 1, 4, 1, 1, 1), heroes=(("a", 0),), vault="a")
    s.apply(Loot(1))
    assert s.heroes[1].item and s.vault_open
    s.apply(Use(1))  # Shaker
    assert not s.heroes[1].item
    with pytest.raises(IllegalAction) as info:
        s.apply(Use(1))
    assert info.value.rule == "I-H5"
    s = play_state(heroes=(("a", 0),), vault="b")
    with pytest.raises(IllegalAction):
        s.apply(Loot(1))


# -- Enemy turn (a person plays them, so each step is an action) ---------------------

def _enemy_turn(**kw):
    s = play_state(settings={"enemy_player": "person"}, **kw)
    s.phase = "enemies"
    return s


def test_I_E1_enemy_moves_through_an_opening_only():
    s = _enemy_turn(heroes=(("c", 0),), enemies=("a", "a:N"))
    with pytest.raises(IllegalAction) as info:
        s.apply(EMove(2, "b"))
    assert info.value.rule == "I-E1"
    s.board.walls["a|b"] = OPENING
    s.apply(EMove(2, "b"))
    assert s.enemies[2].pos == "b"
    s.board.walls["a:N"] = OPENING
    s.apply(EMove(3, "a"))  # in from the outside through its own wall
    assert s.enemies[3].pos == "a"


def test_I_E2_enemy_smash_single_to_opening_double_to_single():
    s = _enemy_turn(heroes=(("c", 0),), enemies=("a", "a"))
    s.board.walls["a|b"] = DOUBLE
    s.apply(ESmash(2, "a|b"))
    assert s.board.walls["a|b"] == SINGLE
    s.apply(ESmash(3, "a|b"))
    assert s.board.walls["a|b"] == OPENING
    with pytest.raises(IllegalAction):
        s.apply(ESmash(2, "a:N"))  # its action is used up


def test_I_E2_smash_then_move_through_the_new_opening():
    s = _enemy_turn(heroes=(("c", 0),), enemies=("b:N",))
    s.apply(ESmash(2, "b:N"))
    s.apply(EMove(2, "b"))
    assert s.enemies[2].pos == "b"


def test_I_E3_grab_turns_a_hero_into_an_enemy():
    s = _enemy_turn(heroes=(("a", 0), ("a", 0)), enemies=("a",))
    s.apply(EGrab(3, 1))
    assert 1 not in s.heroes and len(s.enemies) == 2
    new = max(s.enemies)
    assert s.enemies[new].pos == "a"


def test_I_E_program_priority_grab_then_smash_then_move():
    # grab first
    s = play_state(heroes=(("a", 0),), enemies=("a",))
    s.apply(EndTurn())
    assert len(s.heroes) == 0 and s.is_over()
    # smash towards the nearest hero, then move through the new Opening
    s = play_state(heroes=(("a", 0),), enemies=("b",), rounds=30)
    s.apply(EndTurn())
    assert s.board.walls["a|b"] == OPENING and s.enemies[2].pos == "a"
    # through an Opening, then grab
    s = play_state(heroes=(("a", 0), ("c", 0)), enemies=("b",))
    s.board.walls["a|b"] = OPENING
    s.apply(EndTurn())
    assert 1 not in s.heroes


def test_I_E_program_ties_broken_N_E_S_W():
    # b is between heroes in a (west) and c (east): same distance, East wins over West
    s = play_state(heroes=(("a", 0), ("c", 0)), enemies=("b",))
    s.apply(EndTurn())
    assert s.board.walls["b|c"] == OPENING and s.board.walls["a|b"] == SINGLE
    assert s.enemies[3].pos == "c"


# -- Vault table ----------------------------------------------------------------------

def _with_item(item: int, **kw):
    kw.setdefault("events_fired", 1)
    s = play_state(slots=(3, 1, item, 1, 1, 1), **kw)
    s.heroes[1].item = True
    return s


def test_I_V1_flamer_kills_three_here_and_next_door():
    s = _with_item(1, heroes=(("a", 0),), enemies=("a", "a", "b", "b", "c"))
    s.apply(Use(1, "b", "", 1))
    assert sorted(e.pos for e in s.enemies.values()) == ["a", "c"]


def test_I_V2_builder_any_wall():
    s = _with_item(2, heroes=(("a", 0),))
    s.board.walls["b|c"] = OPENING
    s.apply(Use(1, "b|c"))
    assert s.board.walls["b|c"] == SINGLE


def test_I_V3_mover_one_extra_room():
    s = _with_item(3, heroes=(("a", 0),))
    s.apply(Move(1, "b"))
    s.apply(Use(1, "c"))
    assert s.heroes[1].room == "c"


def test_I_V4_shaker_skips_one_enemy_turn():
    s = _with_item(4, heroes=(("a", 0),), enemies=("a:N",))
    s.apply(Use(1))
    s.apply(EndTurn())
    assert s.board.walls["a:N"] == SINGLE and s.round == 2 and s.phase == "heroes"


def test_I_V5_shover_moves_a_room_of_enemies():
    s = _with_item(5, heroes=(("a", 0),), enemies=("b", "b"))
    s.apply(Use(1, "b", "c"))
    assert [e.pos for e in s.enemies.values()] == ["c", "c"]


def test_I_V6_sniper_any_room():
    s = _with_item(6, heroes=(("a", 0),), enemies=("c", "a:N"))
    s.apply(Use(1, "c"))
    assert [e.pos for e in s.enemies.values()] == ["a:N"]


def test_I_V7_dodger_grabs_fail_for_one_turn():
    s = _with_item(7, heroes=(("a", 0),), enemies=("a",), events_fired=1)
    s.apply(Use(1))
    s.apply(EndTurn())
    assert 1 in s.heroes and s.phase == "heroes"
    s.apply(EndTurn())
    assert s.is_over() and not s.heroes


def test_I_V8_survivor_adds_a_hero():
    s = _with_item(8, heroes=(("a", 0),))
    s.apply(Use(1, "c"))
    assert len(s.heroes) == 2 and any(h.room == "c" for h in s.heroes.values())


def test_I_V9_fixer_closes_an_opening_anywhere():
    s = _with_item(9, heroes=(("a", 0),))
    with pytest.raises(IllegalAction) as info:
        s.apply(Use(1, "b|c"))
    assert info.value.rule == "I-V9"
    s.board.walls["c:E"] = OPENING
    s.apply(Use(1, "c:E"))
    assert s.board.walls["c:E"] == SINGLE


# -- Events -----------------------------------------------------------------------------

def test_I_X1_event_fires_when_only_two_enemies_are_left():
    s = play_state(slots=(3, 1, 1, 7, 1, 1), heroes=(("a", 0),), enemies=("a", "a", "b", "c"))
    s.apply(Kill(1))
    assert s.events_fired == 1
    assert len(s.enemies) == 1  # Freak accident erased one more


def test_I_X1_event_fires_the_first_time_no_enemy_can_move():
    s = play_state(slots=(3, 1, 1, 8, 1, 1), heroes=(("a", 0),), enemies=("a:N",), event_room="c")
    s.board.walls["a:N"] = DOUBLE
    s.apply(EndTurn())  # the enemy smashes D->S and cannot move
    assert s.events_fired == 1
    assert sorted(e.pos for e in s.enemies.values()) == ["a:N", "c:E", "c:N"]


def test_I_X2_places_start_at_the_marker_and_go_clockwise():
    b = Board()
    b.split("a", "v", 8)   # a west, b east
    b.split("a", "h", 5)   # c south-west
    b.split("b", "h", 5)   # d south-east
    assert b.clockwise_rooms("a") == ["a", "b", "c", "d"]
    assert b.clockwise_rooms("d") == ["d", "b", "c", "a"]
    # It's a trap: the hero erased is the first one found from the marker
    s = play_state(slots=(3, 1, 1, 6, 1, 1), board=b, heroes=(("a", 0), ("c", 0), ("b", 0)), event_room="d")
    s.fire_event("test")
    assert sorted(h.room for h in s.heroes.values()) == ["a", "c"]


def test_I_X3_the_player_may_call_extra_events_and_one_is_required():
    s = play_state(slots=(3, 1, 1, 8, 1, 1), heroes=(("a", 0),), enemies=("c",))
    s.apply(TriggerEvent(8))
    assert s.events_fired == 0 and len(s.enemies) == 3  # an extra Event is on top of the required one
    # killing the last enemy before any Event: the required Event fires first
    s = play_state(slots=(3, 1, 1, 8, 1, 1), heroes=(("a", 0),), enemies=("a",))
    s.apply(Kill(1))
    assert s.events_fired == 1 and len(s.enemies) == 2 and not s.is_over()


def _event(n: int, **kw):
    s = play_state(slots=(3, 1, 1, n, 1, 1), **kw)
    s.fire_event("test")
    return s


def test_I_Y1_sleeper_awakens():
    s = _event(1, heroes=(("a", 0), ("c", 0)), enemies=(), event_room="c")
    assert [h.room for h in s.heroes.values()] == ["a"] and [e.pos for e in s.enemies.values()] == ["c"]


def test_I_Y2_paper_thin_erases_a_seal():
    s = play_state(slots=(3, 1, 1, 2, 1, 1), heroes=(("a", 0),), event_room="c")
    s.board.walls["a|b"] = DOUBLE
    s.fire_event("test")
    assert s.board.walls["a|b"] == SINGLE


def test_I_Y3_kool_aid_man_opens_a_hero_room():
    s = _event(3, heroes=(("b", 0),), event_room="c")
    assert s.board.walls["b:N"] == OPENING


def test_I_Y4_secret_passage_adds_a_room():
    s = play_state(slots=(3, 1, 1, 4, 1, 1), heroes=(("a", 0),), enemies=("c:S", "c:E"), event_room="c")
    s.fire_event("test")
    assert len(s.board.rooms) == 4 and s.board.rooms["c"] == (10, 0, 16, 5)
    assert s.board.rooms["d"] == (10, 5, 16, 11)
    assert s.enemies[2].pos == "d:S"  # the enemy outside follows its wall
    assert s.enemies[3].pos == "c:E"
    assert s.board.walls["c|d"] == SINGLE


def test_I_Y5_terror_stricken_skips_the_next_hero_turn():
    s = play_state(slots=(3, 1, 1, 5, 1, 1), heroes=(("a", 0),), enemies=("c:N",))
    s.apply(TriggerEvent(5))
    s.apply(EndTurn())
    # enemy turn, then the hero turn is skipped, then the enemies again
    assert s.phase == "heroes" and s.round == 3


def test_I_Y6_its_a_trap_erases_a_hero():
    s = _event(6, heroes=(("a", 0), ("b", 0)), event_room="b")
    assert [h.room for h in s.heroes.values()] == ["a"]


def test_I_Y7_freak_accident_erases_an_enemy():
    s = _event(7, heroes=(("a", 0),), enemies=("a", "c:N"), event_room="c")
    assert [e.pos for e in s.enemies.values()] == ["a"]


def test_I_X3_an_event_with_nothing_to_do_says_so_and_still_counts():
    s = play_state(slots=(3, 1, 1, 2, 1, 1), heroes=(("a", 0),), enemies=("c",))  # Paper thin, no Double
    ev = s.fire_event("test")
    assert [e.kind for e in ev] == ["event", "event_none"]
    assert "nothing to do" in ev[-1].text and s.events_fired == 1


def test_I_Y8_bad_adds_two_enemies():
    s = _event(8, heroes=(("a", 0),), enemies=(), event_room="b")
    assert [e.pos for e in s.enemies.values()] == ["b:N", "b:S"]  # rev 2: outside, clockwise


def test_I_Y9_worse_adds_four_enemies():
    s = _event(9, heroes=(("a", 0),), enemies=(), event_room="b")
    assert [e.pos for e in s.enemies.values()] == ["b:N", "b:S", "b:N", "b:S"]  # rev 2: outside, clockwise


# -- End ----------------------------------------------------------------------------

def test_I_W1_win_when_every_enemy_is_gone_and_a_hero_survives():
    s = play_state(heroes=(("a", 0),), enemies=("a",), events_fired=1)
    s.apply(Kill(1))
    assert s.is_over() and s.result().winners == (0,)


def test_I_W1_loss_when_no_hero_is_left():
    s = play_state(heroes=(("a", 0),), enemies=("a",))
    s.apply(EndTurn())
    assert s.is_over() and s.result().winners == ()


def test_I_W1_cut_throat_most_survivors_win_alone():
    s = play_state(heroes=(("a", 0), ("a", 1), ("b", 1)), enemies=("a",), events_fired=1,
                   settings={"players": 2, "mode": "cut-throat"})
    s.apply(Kill(1))
    assert s.result().winners == (1,)
    s = play_state(heroes=(("a", 0), ("a", 1), ("b", 1)), enemies=("a",), events_fired=1,
                   settings={"players": 2, "mode": "cooperative"})
    s.apply(Kill(1))
    assert s.result().winners == (0, 1)


def test_I_W1_round_limit_ends_in_a_loss():
    s = play_state(heroes=(("a", 0),), enemies=("c:E",), settings={"rounds": 5})
    s.round = 5
    s.board.walls["c:E"] = DOUBLE
    s.events_fired = 1
    s.apply(EndTurn())
    assert s.is_over() and s.outcome == "loss"


def test_several_players_take_hero_turns_in_seat_order_and_own_heroes():
    s = play_state(heroes=(("a", 0), ("b", 1)), enemies=("c:E",), settings={"players": 2})
    with pytest.raises(IllegalAction):
        s.apply(Kill(2))
    s.apply(EndTurn())
    assert s.current_player() == 1
    s.apply(Move(2, "a"))
    s.apply(EndTurn())
    assert s.current_player() == 0 and s.round == 2


def test_phase_refuses_out_of_turn_actions():
    s = InvasionGame().new_state(1)
    with pytest.raises(IllegalAction) as info:
        s.apply(EndTurn())
    assert info.value.rule == "PHASE"
    assert Chance(1)  # the generator is the state's
    assert isinstance(Hero(0, "a"), Hero) and Enemy("a:N").outside
    assert three_rooms().rooms["c"] == (10, 0, 16, 11)


# -- the game as text, read back in the game (I-W2) ---------------------------------------

def _written(players: int = 1) -> str:
    s = play_state(heroes=(("a", 0), ("b", 0)), enemies=("c", "c:E"), vault="b", event_room="c",
                   settings={"players": players})
    s.word, s.option = "crypt", "plain"
    return s.as_text()


def test_I_W2_a_new_game_goes_on_from_a_text():
    g = InvasionGame()
    s = g.new_state(5)
    text = _written()
    ev = s.apply(ImportText(text))
    assert s.game is g and s.phase == "heroes" and sorted(s.heroes) == [1, 2] and len(s.enemies) == 2
    assert ev[0].kind == "import" and "goes on" in ev[0].text
    assert s.as_text() == text
    assert s.legal_actions()


def test_I_W2_a_text_for_other_settings_or_a_broken_text_is_refused_with_a_sentence():
    s = InvasionGame({"players": 2}).new_state(5)
    with pytest.raises(IllegalAction) as info:
        s.apply(ImportText(_written(players=1)))
    assert info.value.rule == "I-W2" and "Hero players = 1" in info.value.message
    with pytest.raises(IllegalAction) as info:
        s.apply(ImportText("# Paper Invasion\nslots: 1 2 3"))
    assert info.value.rule == "I-W2" and "missing" in info.value.message
    bad = _written().replace("- H2 (player 1) in b", "- H2 (player 1) in q")
    with pytest.raises(IllegalAction) as info:
        InvasionGame().new_state(5).apply(ImportText(bad))
    assert "no room q" in info.value.message
    assert s.phase == "word" and not s.heroes


def test_I_W2_import_only_instead_of_the_word():
    s = InvasionGame().new_state(5)
    s.apply(ChooseWord("crypt"))
    with pytest.raises(IllegalAction) as info:
        s.apply(ImportText(_written()))
    assert info.value.rule == "PHASE"


def test_I_W2_a_dice_game_round_trips_as_text():
    from game.rules.invasion.state import import_text

    s = InvasionGame().new_state(4)
    s.apply(ChooseWord("", "d10"))
    s.apply(GeneratePlan())
    back = import_text(s.as_text())
    assert back == s and back.option == "d10" and back.word == ""


# -- Revision 2 (RULES.md "rev 2") and engine-level guards ----------------------------------

def test_I_H3_rev2_heroes_seal_only_walls_between_two_rooms():
    s = play_state(heroes=(("a", 0),), enemies=("c:E",))
    assert Seal(1, "a:N") not in s.legal_actions() and Seal(1, "a|b") in s.legal_actions()
    with pytest.raises(IllegalAction) as info:
        s.apply(Seal(1, "a:N"))
    assert info.value.rule == "I-H3" and "between two rooms" in info.value.message
    assert s.board.walls["a:N"] == SINGLE and not s.heroes[1].acted
    # the house rule, a setting (off by default), keeps the old way
    s = play_state(heroes=(("a", 0),), enemies=("c:E",), settings={"outer_seal": True})
    s.apply(Seal(1, "a:N"))
    assert s.board.walls["a:N"] == DOUBLE


def test_I_H4_rev2_heroes_smash_only_walls_between_two_rooms():
    s = play_state(heroes=(("a", 0),), enemies=("c:E",))
    s.board.walls["a:W"] = DOUBLE
    assert Smash(1, "a:W") not in s.legal_actions()
    with pytest.raises(IllegalAction) as info:
        s.apply(Smash(1, "a:W"))
    assert info.value.rule == "I-H4"
    s = play_state(heroes=(("a", 0),), enemies=("c:E",), settings={"outer_seal": True})
    s.board.walls["a:W"] = DOUBLE
    s.apply(Smash(1, "a:W"))
    assert s.board.walls["a:W"] == SINGLE


def test_I_H3_rev2_the_vault_builder_and_fixer_still_change_outer_walls():
    s = play_state(slots=(3, 1, 2, 1, 1, 1), heroes=(("a", 0),))
    s.heroes[1].item = True
    s.apply(Use(1, "c:E"))
    assert s.board.walls["c:E"] == DOUBLE


def test_I_X1_no_event_while_an_enemy_could_move_but_did_not():
    # O3 grabs H1 in a (and so does not move) although a|b stands open; O4 only smashes a Double.
    s = play_state(slots=(3, 1, 1, 8, 1, 1), heroes=(("a", 0), ("c", 0)), enemies=("a", "c:E"), event_room="b")
    s.board.walls["a|b"] = OPENING
    s.board.walls["c:E"] = DOUBLE
    ev = s.apply(EndTurn())
    assert 1 not in s.heroes and s.board.walls["c:E"] == SINGLE  # nobody moved...
    assert s.events_fired == 0              # ...but one could: no Event
    assert not any("no enemy could move" in e.text for e in ev)


def test_I_X1_a_single_wall_counts_as_a_way_to_move():
    # An enemy that may smash a Single open could move; one behind a Double could not.
    s = play_state(heroes=(("a", 0),), enemies=("c:E",))
    s.phase = "enemies"
    assert s.an_enemy_could_move()
    s.board.walls["c:E"] = DOUBLE
    assert not s.an_enemy_could_move()


def _stuck_in_b(item_slot: int = 2):
    # O2 in b: every wall Double but b|c (Single); the heroes are in c... H1 holds the Vault item.
    s = play_state(slots=(3, 1, item_slot, 8, 1, 1), heroes=(("c", 0),), enemies=("b",), event_room="a")
    for k in ("a|b", "b:N", "b:S"):
        s.board.walls[k] = DOUBLE
    return s


def test_I_X1_a_vault_effect_that_stops_the_enemies_fires_no_event():
    s = _stuck_in_b()
    s.heroes[1].item = True
    s.apply(Use(1, "b|c"))                  # the Builder doubles the last wall
    s.apply(EndTurn())
    assert s.events_fired == 0
    # the same wall doubled by a hero's own Seal is no Vault effect: the Event fires
    s = _stuck_in_b()
    s.apply(Seal(1, "b|c"))
    s.apply(EndTurn())
    assert s.events_fired == 1


def test_I_X1_the_shaker_skip_is_no_stuck_turn():
    s = play_state(slots=(3, 1, 4, 8, 1, 1), heroes=(("a", 0),), enemies=("c:E",))
    s.board.walls["c:E"] = DOUBLE
    s.heroes[1].item = True
    s.apply(Use(1))
    s.apply(EndTurn())
    assert s.events_fired == 0 and s.round == 2


def test_I_X3_rev2_the_extra_event_is_chosen_from_the_table_but_not_7():
    s = play_state(slots=(3, 1, 1, 2, 1, 1), heroes=(("a", 0),), enemies=("c",))
    assert {a.event for a in s.legal_actions() if isinstance(a, TriggerEvent)} == {1, 2, 3, 4, 5, 6, 8, 9}
    with pytest.raises(IllegalAction) as info:
        s.apply(TriggerEvent(7))
    assert info.value.rule == "I-X3" and len(s.enemies) == 1
    ev = s.apply(TriggerEvent(9))           # Worse, whatever Slot 4 says
    assert "Worse" in ev[0].text and len(s.enemies) == 5


def test_I_X3_rev2_the_computer_hero_player_never_calls_an_extra_event():
    from game.selfplay import play_game

    for seed in range(4):
        g = InvasionGame()
        s = g.new_state(seed)
        ag = RULESET.make_agent("ai", g, seed)
        while not s.is_over():
            a = ag.choose(s.clone())
            assert not isinstance(a, TriggerEvent)
            s.apply(a)
    assert play_game  # the same agent the self-play uses


def test_I_Y8_rev2_no_outer_wall_at_the_marker_means_the_nearest_room_with_one():
    b = Board()
    b.split("a", "v", 5)    # b 5..16
    b.split("b", "v", 10)   # c 10..16
    b.split("b", "h", 4)    # d 5..10 x 4..11
    b.split("d", "h", 7)    # e 5..10 x 7..11: d is inside the house
    assert not b.exterior_sides("d")
    s = play_state(slots=(3, 1, 1, 8, 1, 1), board=b, heroes=(("a", 0),), enemies=(), event_room="d")
    s.fire_event("test")
    assert [e.pos for e in s.enemies.values()] == ["b:N", "b:N"]


def test_I_V6_the_sniper_kills_in_a_room_not_outside():
    s = _with_item(6, heroes=(("a", 0),), enemies=("c", "a:N"))
    assert Use(1, "a:N") not in s.legal_actions()
    with pytest.raises(IllegalAction) as info:
        s.apply(Use(1, "a:N"))
    assert info.value.rule == "I-V6"
    assert len(s.enemies) == 2 and s.heroes[1].item


def test_I_W3_rev2_the_round_limit_is_a_setting_and_on_the_rules_page():
    from pathlib import Path

    spec = {sp.key: sp for sp in InvasionGame.settings_spec}["rounds"]
    assert spec.default == 30 and spec.kind == "int"
    page = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "invasion.md").read_text(encoding="utf-8")
    assert "round limit" in page.lower() and "I-W3" in page


def test_I_S1_the_engine_refuses_a_used_word_given_with_the_settings():
    g = InvasionGame({"used_words": ["undead", "Bloody"]})
    s = g.new_state(3)
    with pytest.raises(IllegalAction) as info:
        s.apply(ChooseWord("UNDEAD!"))
    assert info.value.rule == "I-S1" and s.phase == "word"
    s.apply(ChooseWord("crypt"))
    # the word the game suggests itself (and the agents play) is never a used one
    for seed in range(30):
        st = InvasionGame({"used_words": "undead bony rattling crypt hollow ancient grim"}).new_state(seed)
        assert fold(st.suggested) not in st.game.used_words
        st.apply(st.legal_actions()[0])


def test_I_S1_the_used_words_come_from_the_profile(tmp_path, monkeypatch):
    monkeypatch.setenv("PAPERWARS_HOME", str(tmp_path))
    from game.paths import data_dir
    from game.rules.invasion.slots import WORDS_FILE

    remember_word(data_dir() / WORDS_FILE, "Gooey")
    assert InvasionGame.profile_settings() == {"used_words": "GOOEY"}


def _enemy_turn_text(enemy_player: str) -> str:
    s = play_state(heroes=(("a", 0),), enemies=("b", "c:E"), vault="a", settings={"enemy_player": enemy_player})
    s.phase = "enemies"
    s.enemies[2].moved = True               # O2 has moved already this turn
    s.board.walls["a|b"] = OPENING
    return s.as_text()


def test_I_W2_a_text_written_in_the_enemies_turn_goes_on_in_the_enemies_turn():
    # a person plays the enemies: their turn is still on, for their seat
    s = InvasionGame({"enemy_player": "person"}).new_state(5)
    s.apply(ImportText(_enemy_turn_text("person")))
    assert s.phase == "enemies" and s.current_player() == 1 and s.round == 1
    # the program plays them: it finishes the enemies' turn, then the heroes' turn comes
    s = InvasionGame().new_state(5)
    ev = s.apply(ImportText(_enemy_turn_text("program")))
    assert [e.kind for e in ev][:2] == ["import", "enemy_turn"]
    assert s.board.walls["c:E"] == OPENING and s.phase == "heroes" and s.round == 2


def test_I_W2_a_position_already_won_or_lost_is_refused():
    lost = play_state(heroes=(), enemies=("c:E",), vault="a").as_text()
    won = play_state(heroes=(("a", 0),), enemies=(), vault="a", events_fired=1).as_text()
    late = play_state(heroes=(("a", 0),), enemies=("c:E",), vault="a")
    late.round = 31
    for text, word in ((lost, "lost"), (won, "won"), (late.as_text(), "lost")):
        s = InvasionGame().new_state(5)
        with pytest.raises(IllegalAction) as info:
            s.apply(ImportText(text))
        assert info.value.rule == "I-W2" and f"already {word}" in info.value.message and s.phase == "word"


def test_I_E_the_computer_in_a_persons_enemy_seat_follows_the_program():
    from game.rules.invasion.enemies import play_turn

    # O2 in b: the program smashes a|b (towards H1) and walks in; the first legal
    # action in list order would walk out through the Opening b|c instead.
    s = play_state(heroes=(("a", 0),), enemies=("b",), settings={"enemy_player": "person"})
    s.board.walls["b|c"] = OPENING
    s.apply(EndTurn())
    assert s.phase == "enemies" and s.current_player() == 1
    program = s.clone()
    play_turn(program)
    ag = RULESET.make_agent("ai", s.game, 1)
    while s.phase == "enemies":
        s.apply(ag.choose(s.clone()))
    assert s.board.walls == program.board.walls and s.enemies[2].pos == program.enemies[2].pos == "a"


# -- rev 3 ----------------------------------------------------------------------------

def test_I_X1_I_X3_rev3_the_stuck_trigger_then_two_left_fires_one_required_event_only():
    # The enemies' turn in which none could move fires the required Event (Bad: 2 more enemies)...
    s = play_state(slots=(3, 1, 1, 8, 1, 1), heroes=(("b", 0),), enemies=("a:N",), event_room="c")
    s.board.walls["a:N"] = DOUBLE
    ev = s.apply(EndTurn())
    assert s.events_fired == 1 and len(s.enemies) == 3
    assert sum(e.kind == "event" for e in ev) == 1
    # ...and later, when a kill leaves only 2 enemies, the other trigger fires nothing.
    for eid in sorted(s.enemies)[1:]:
        s.enemies[eid].pos = "b"
    ev = s.apply(Kill(1))
    assert len(s.enemies) == 1 and s.events_fired == 1
    assert not any(e.kind == "event" for e in ev)


def test_I_X1_I_X3_rev3_two_left_then_the_stuck_trigger_fires_nothing():
    s = play_state(slots=(3, 1, 1, 8, 1, 1), heroes=(("b", 0),), enemies=("b", "b", "b", "a:N"), event_room="c")
    ev = s.apply(Kill(1))  # 2 left: the required Event (Bad) fires
    assert s.events_fired == 1 and sum(e.kind == "event" for e in ev) == 1
    for eid in sorted(s.enemies)[1:]:
        del s.enemies[eid]
    s.enemies[min(s.enemies)].pos = "a:N"
    s.board.walls["a:N"] = DOUBLE
    n = len(s.enemies)
    ev = s.apply(EndTurn())  # no enemy can move this turn: no second Event
    assert not any(e.kind == "event" for e in ev) and len(s.enemies) == n and s.events_fired == 1


def _hero_turns_until_the_limit(slot5: int) -> int:
    """Heroes in c keep sealing the outer wall the one enemy smashes (a game that could go on forever)."""
    s = play_state(slots=(3, 1, 1, 2, slot5, 1), heroes=(("c", 0),), enemies=("c:E",), event_room="a",
                   settings={"rounds": 5, "outer_seal": True}, events_fired=1)
    s.board.walls["c:E"] = DOUBLE
    s._start_play()
    turns = 0
    while not s.is_over():
        assert s.phase == "heroes"
        turns += 1
        if s.board.walls["c:E"] == SINGLE:
            s.apply(Seal(1, "c:E"))
        s.apply(EndTurn())
    assert s.outcome == "loss"
    return turns


@pytest.mark.parametrize("slot5, first", [(1, "heroes"), (2, "enemies")])
def test_I_W3_rev3_the_round_limit_counts_the_heroes_turns(slot5, first):
    assert _hero_turns_until_the_limit(slot5) == 5


# -- rules revision 4 ---------------------------------------------------------------------


def test_I_S_rev4_every_latin_letter_folds_to_its_base_letters():
    assert fold("Łódź") == "LODZ" and six_letters("Łódź") == "LODZLO"
    assert slots_from_word("Łódź") == slots_from_word("lodz")
    # the letters NFKD leaves whole, in both cases: strokes and bars, dotless i, ligatures, thorn, eth
    assert fold("Øø Łł Đđ Ðð Ħħ Ŧŧ ı") == "OOLLDDDDHHTTI"
    assert fold("Ææ Œœ Þþ ß ẞ") == "AEAEOEOETHTHSSSS"
    assert fold("ƀ Ɨɨ Ƶƶ Ǥǥ Ȼȼ Ɍɍ Ɏɏ") == "BIIZZGGCCRRYY"  # other letters with a stroke
    assert fold("Ǿ ǽ") == "OAE"  # an accent on a stroked letter or a ligature
    assert fold("Øresund") == "ORESUND" and fold("Þórr") == "THORR" and fold("Straße") == "STRASSE"
    # only what has no Latin base is dropped
    assert fold("Ωλ日本-3!") == "" and fold("Zoë's π") == "ZOES"
    s = InvasionGame().new_state(1)
    s.apply(ChooseWord("Łódź"))
    assert s.slots == slots_from_word("LODZLO")


def test_I_S1_rev4_a_word_used_before_is_recognised_by_its_folded_letters():
    g = InvasionGame({"used_words": ["Łódź"]})
    assert "LODZ" in g.used_words
    with pytest.raises(IllegalAction) as info:
        g.new_state(1).apply(ChooseWord("lodz"))
    assert info.value.rule == "I-S1"


def test_I_S4_rev4_two_letters_in_starts_into_the_repeated_word():
    assert six_letters("cat", "skip2") == "TCATCA"      # ("cat" x 3)[2:8]
    assert six_letters("undead", "skip2") == "DEADUN"
    assert six_letters("ox", "skip2") == "OXOXOX"
    assert six_letters("a", "skip2") == "AAAAAA"
    assert six_letters("cantankerous", "skip2") == "NTANKE"
    s = InvasionGame().new_state(1)
    s.apply(ChooseWord("cat", "skip2"))
    assert s.slots == slots_from_word("tcatca")
    assert [ch for ch, _n, _d in word_table("undead", "skip2")] == list("DEADUN")


def test_I_Y3_rev4_kool_aid_man_goes_on_past_a_hero_room_with_no_wall_left_to_open():
    s = play_state(slots=(3, 1, 1, 3, 1, 1), heroes=(("a", 0), ("c", 0)), enemies=(), event_room="a")
    for side in s.board.sides("a"):
        s.board.walls[side.key] = OPENING  # room a, the first hero room from the marker, is open all round
    closed = {k for k, v in s.board.walls.items() if v != OPENING}
    ev = s.fire_event("test")
    opened = {k for k in closed if s.board.walls[k] == OPENING}
    assert len(opened) == 1 and opened <= {side.key for side in s.board.sides("c")}
    assert [e.kind for e in ev] == ["event", "wall"]
    # with no hero room left that has a wall to open, it says it finds nothing to do
    s = play_state(slots=(3, 1, 1, 3, 1, 1), heroes=(("a", 0),), enemies=(), event_room="c")
    for side in s.board.sides("a"):
        s.board.walls[side.key] = OPENING
    assert [e.kind for e in s.fire_event("test")] == ["event", "event_none"]


def test_I_X3_rev4_no_limit_on_extra_events_in_one_hero_turn():
    s = play_state(slots=(3, 1, 1, 2, 1, 1), heroes=(("a", 0),), enemies=("c",))
    for n in (1, 2, 3):
        assert {a.event for a in s.legal_actions() if isinstance(a, TriggerEvent)} == {1, 2, 3, 4, 5, 6, 8, 9}
        s.apply(TriggerEvent(8))  # Bad: two more enemies each time
        assert len(s.enemies) == 1 + 2 * n and s.phase == "heroes" and s.events_fired == 0
    s.apply(TriggerEvent(9))
    assert len(s.enemies) == 11
    # the game text keeps no per-turn flag; a text written before (with extra_this_turn) still reads
    from game.rules.invasion.state import import_text

    text = s.as_text()
    assert "extra_this_turn" not in text and import_text(text) == s
    older = text.replace("enemy_could_move=", "extra_this_turn=1; enemy_could_move=")
    assert import_text(older) == s
