"""I-W2: the whole game as a plain-text bullet list (rooms, walls, tokens, slots, turn).

Text <-> data only, as python-chess keeps FEN beside the board: ``export_text`` writes a
state's settings and JSON, ``read_text`` reads them back; the state (``as_text``,
``InvasionState.from_text``) calls these and this module never imports the state.  The
format is documented with an example in docs/rules/invasion.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ...jsonio import parse_json
from ...msg import M
from .board import LETTERS, STATE_NAMES, Board, rooms_problem
from .slots import OPTIONS

#: Token letters that no digit can be mistaken for: H (hero) and X (enemy); V and E are the
#: Vault and the Event marker.  A hero keeps its name when it loots (the item is a mark).
HERO, ENEMY = "H", "X"

HEADER = "# Paper Invasion"
#: Bounds of an imported text (checked before anything is built from it): 26 rooms (a-z),
#: the walls 26 rectangles can have, and far more tokens than a game places.
MAX_ROOMS = len(LETTERS)
MAX_WALLS = 4 * MAX_ROOMS * MAX_ROOMS
MAX_TOKENS = 1000
_STATE_BY_NAME = {v.lower(): k for k, v in STATE_NAMES.items()}
#: (rev 4: an older text's extra_this_turn is read and ignored: extra Events have no limit per turn)
_FLAGS = ("skip_heroes", "skip_enemies", "dodge", "dodge_pending", "events_fired", "enemy_could_move")


class NotationError(ValueError):
    """Text that is not a Paper Invasion game; the message names the line."""


def export_text(settings: Mapping[str, Any], data: Mapping[str, Any]) -> str:
    """The text of a game from its settings and its state's JSON (``InvasionState.as_text``)."""
    g = settings
    heroes_name, enemies_name = data["names"]
    out = [HEADER,
           f"settings: theme={g['theme']}; players={g['players']}; mode={g['mode']}; "
           f"enemies={g['enemy_player']}; rounds={g['rounds']}; outer_seal={'on' if g['outer_seal'] else 'off'}",
           f"sides: {heroes_name} / {enemies_name}",
           f"word: {data['word']} ({data['option']})",
           f"slots: {' '.join(map(str, data['slots']))}",
           f"turn: phase={data['phase']}; round={data['round']}; hero_player={data['hero_player']}; "
           f"outcome={data['outcome'] or '-'}",
           "rooms:"]
    rooms, walls = data["rooms"], data["walls"]
    for r in sorted(rooms):
        x0, y0, x1, y1 = rooms[r]
        out.append(f"- {r}: {x0} {y0} {x1} {y1}")
    out.append("walls:")
    for k in sorted(walls):
        out.append(f"- {k}: {STATE_NAMES[walls[k]]}")
    out.append("tokens:")
    heroes, enemies = data["heroes"], data["enemies"]
    for i in sorted(heroes, key=int):
        owner, room, item, moved, acted = heroes[i]
        marks = "".join(f" {m}" for m, on in (("item", item), ("moved", moved), ("acted", acted)) if on)
        out.append(f"- {HERO}{i} (player {owner + 1}) in {room}{marks}")
    for i in sorted(enemies, key=int):
        pos, moved, acted = enemies[i]
        marks = "".join(f" {m}" for m, on in (("moved", moved), ("acted", acted)) if on)
        out.append(f"- {ENEMY}{i} {'at' if ':' in pos else 'in'} {pos}{marks}")
    if data["vault"]:
        out.append(f"- V in {data['vault']}{' (open)' if data['vault_open'] else ''}")
    if data["event_room"]:
        out.append(f"- E in {data['event_room']}")
    flags = data["flags"]
    values = dict(zip(_FLAGS, flags[:len(_FLAGS)], strict=True))
    shown = "; ".join(f"{k}={int(values[k])}" for k in _FLAGS)
    out.append(f"flags: {shown}; vault_undo={','.join(flags[len(_FLAGS)])}; next_id={data['next_id']}; "
               f"enemies_placed={data['enemies_placed']}; suggested={data['suggested']}")
    out.append(f"chance: {json.dumps(data['chance'], separators=(',', ':'))}")
    return "\n".join(out) + "\n"


def _pairs(text: str, where: str) -> dict[str, str]:
    out = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            # TRANSLATORS: {where} is the line's name (settings, turn, flags) and name=value its format: keep both
            raise NotationError(M("{where}: '{part}' should read name=value.", where=where, part=part))
        k, v = part.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _token_id(tag: str, letters: str) -> int | None:
    """The number of a token written with one of ``letters`` (H12, X7), else None."""
    if tag[:1] in letters and tag[1:].isdigit():
        return int(tag[1:])
    return None


def read_text(text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Read a game written by ``export_text`` (or by hand in the same format): its settings and
    its state as ``InvasionState.from_json`` reads it.  Older texts (H/P/O tokens, two Event
    flags) are read too."""
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]
    if not lines or lines[0].strip() != HEADER:
        raise NotationError(M("The text must start with '{header}'.", header=HEADER))
    fields: dict[str, str] = {}
    lists: dict[str, list[tuple[int, str]]] = {"rooms": [], "walls": [], "tokens": []}
    current: str | None = None
    for n, ln in enumerate(lines[1:], start=2):
        if ln.startswith("- "):
            if current is None:
                # TRANSLATORS: rooms:, walls: and tokens: are the text's own headings: keep them
                raise NotationError(M("Line {n}: a bullet outside rooms:, walls: or tokens:.", n=n))
            lists[current].append((n, ln[2:].strip()))
            continue
        key, sep, rest = ln.partition(":")
        if not sep:
            raise NotationError(M("Line {n}: expected 'name: value', got '{line}'.", n=n, line=ln))
        key = key.strip()
        if key in lists:
            current = key
            continue
        current = None
        fields[key] = rest.strip()
    for need in ("settings", "sides", "word", "slots", "turn", "flags", "chance"):
        if need not in fields:
            raise NotationError(M("The line '{name}:' is missing.", name=need))
    st = _pairs(fields["settings"], "settings")
    try:
        settings: dict[str, Any] = {
            "theme": st["theme"], "players": int(st["players"]), "mode": st["mode"],
            "enemy_player": st["enemies"], "rounds": int(st["rounds"]),
            "outer_seal": {"on": True, "off": False}[st.get("outer_seal", "off")]}
    except (KeyError, ValueError) as exc:
        raise NotationError(M("settings: {problem}", problem=str(exc))) from None
    try:
        chance = parse_json(fields["chance"])  # the guarded reader (issue 14)
    except ValueError:
        raise NotationError(M("chance: not a generator state.")) from None
    heroes_name, _, enemies_name = fields["sides"].partition(" / ")
    word, sep, opt = fields["word"].rpartition("(")
    option = opt.rstrip(") ") if sep else "plain"
    if option not in OPTIONS:
        # TRANSLATORS: {options} are the options as the text writes them (plain, reverse, ...)
        raise NotationError(M("word: the option in brackets is one of {options}.", options=", ".join(OPTIONS)))
    try:
        slots = [int(x) for x in fields["slots"].split()]
    except ValueError:
        raise NotationError(M("slots: six digits, e.g. 3 5 4 5 1 4.")) from None
    if slots and (len(slots) != 6 or not all(1 <= x <= 9 for x in slots)):
        raise NotationError(M("slots: six digits from 1 to 9."))
    turn = _pairs(fields["turn"], "turn")
    rooms: dict[str, list[int]] = {}
    for n, item in lists["rooms"]:
        r, _, coords = item.partition(":")
        try:
            x0, y0, x1, y1 = (int(v) for v in coords.split())
        except ValueError:
            raise NotationError(M("Line {n}: a room reads 'a: x0 y0 x1 y1'.", n=n)) from None
        if r.strip() in rooms:
            raise NotationError(M("Line {n}: room {room} is listed twice.", n=n, room=r.strip()[:12]))
        rooms[r.strip()] = [x0, y0, x1, y1]
        if len(rooms) > MAX_ROOMS:  # before any geometry: every later check is then cheap
            break
    problem = rooms_problem({k: (v[0], v[1], v[2], v[3]) for k, v in rooms.items()}) if rooms else None
    if problem:
        raise NotationError(M("rooms: {problem}.", problem=problem))
    if len(lists["tokens"]) > MAX_TOKENS or len(lists["walls"]) > MAX_WALLS:
        raise NotationError(M("tokens: at most {tokens} tokens and {walls} walls fit on a sheet.", tokens=MAX_TOKENS,
                              walls=MAX_WALLS))
    walls: dict[str, str] = {}
    for n, item in lists["walls"]:
        k, _, name = item.rpartition(": ")
        if name.lower() not in _STATE_BY_NAME:
            # TRANSLATORS: the wall states as the text writes them, in English: keep them
            raise NotationError(M("Line {n}: a wall is Single Barrier, Opening or Double Barrier.", n=n))
        walls[k.strip()] = _STATE_BY_NAME[name.lower()]
    if rooms and set(Board({k: (v[0], v[1], v[2], v[3]) for k, v in rooms.items()},
                           walls)._geometric_walls()) != set(walls):
        raise NotationError(M("walls: the list does not match the rooms' shared sides and outside walls."))
    heroes: dict[str, list[Any]] = {}
    enemies: dict[str, list[Any]] = {}
    vault: str | None = None
    vault_open = False
    event_room: str | None = None
    for n, item in lists["tokens"]:
        parts = item.split()
        tag = parts[0]
        try:
            hid, eid = _token_id(tag, HERO + "P"), _token_id(tag, ENEMY + "O")
            if hid is not None:
                owner = int(parts[2].rstrip(")")) - 1
                heroes[str(hid)] = [owner, parts[4], tag[0] == "P" or "item" in parts[5:],
                                    "moved" in parts, "acted" in parts]
            elif eid is not None:
                enemies[str(eid)] = [parts[2], "moved" in parts, "acted" in parts]
            elif tag == "V":
                vault, vault_open = parts[2], "(open)" in parts
            elif tag == "E":
                event_room = parts[2]
            else:
                raise ValueError(tag)
        except (ValueError, IndexError):
            # TRANSLATORS: the quoted tokens are the text's format, in English: keep them
            raise NotationError(M("Line {n}: a token reads 'H1 (player 1) in a', 'X3 at a:N', 'V in b' or 'E in c'.",
                                  n=n)) from None
    for pos in [h[1] for h in heroes.values()] + [e[0].split(":")[0] for e in enemies.values()]:
        if pos not in rooms:
            raise NotationError(M("tokens: there is no room {room}.", room=pos))
    fl = _pairs(fields["flags"], "flags")
    try:
        flags: list[Any] = [bool(int(fl["skip_heroes"])), int(fl["skip_enemies"]), bool(int(fl["dodge"])),
                            bool(int(fl["dodge_pending"])),
                            # rev 3: one required Event per game; older texts also wrote fired_low/fired_stuck
                            int(any(int(fl.get(k, "0")) for k in ("events_fired", "fired_low", "fired_stuck"))),
                            bool(int(fl["enemy_could_move"]))]
        int(fl["events_fired"])  # the line must name it
        next_id, enemies_placed = int(fl["next_id"]), int(fl["enemies_placed"])
    except KeyError as exc:
        raise NotationError(M("flags: '{name}' is missing.", name=str(exc.args[0]))) from None
    except ValueError:
        raise NotationError(M("flags: each flag is a whole number.")) from None
    undo = [x for x in fl.get("vault_undo", "").split(",") if x]
    flags.append([ENEMY + x[1:] if x[:1] == "O" else x for x in undo])
    try:
        data: dict[str, Any] = {
            "phase": turn.get("phase", "heroes"), "word": word.strip(), "option": option, "slots": slots,
            "names": [heroes_name.strip(), enemies_name.strip()], "suggested": fl.get("suggested", ""),
            "rooms": rooms, "walls": walls, "heroes": heroes, "enemies": enemies,
            "next_id": next_id, "vault": vault, "vault_open": vault_open, "event_room": event_room,
            "enemies_placed": enemies_placed, "hero_player": int(turn.get("hero_player", "0")),
            "round": int(turn.get("round", "1")), "flags": flags,
            "outcome": None if turn.get("outcome", "-") == "-" else turn["outcome"], "chance": chance}
    except ValueError:
        raise NotationError(M("turn: round and hero_player are whole numbers.")) from None
    return settings, data
