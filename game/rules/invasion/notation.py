"""I-W2: the whole game as a plain-text bullet list (rooms, walls, tokens, slots, turn).

``export_text(state)`` writes it; ``import_text(text)`` reads it back into an
equal state (a test round-trips it).  The format is documented with an example
in docs/rules/invasion.md.
"""

from __future__ import annotations

import json

from ...engine import Chance
from ...jsonio import parse_json
from .board import LETTERS, STATE_NAMES, Board, rooms_problem
from .slots import OPTIONS
from .state import Enemy, Hero, InvasionGame, InvasionState

HEADER = "# Paper Invasion"
#: Bounds of an imported text (checked before anything is built from it): 26 rooms (a-z),
#: the walls 26 rectangles can have, and far more tokens than a game places.
MAX_ROOMS = len(LETTERS)
MAX_WALLS = 4 * MAX_ROOMS * MAX_ROOMS
MAX_TOKENS = 1000
_STATE_BY_NAME = {v.lower(): k for k, v in STATE_NAMES.items()}
_FLAGS = ("skip_heroes", "skip_enemies", "dodge", "dodge_pending", "events_fired", "fired_low",
          "fired_stuck", "enemy_could_move", "extra_this_turn")


class NotationError(ValueError):
    """Text that is not a Paper Invasion game; the message names the line."""


def export_text(s: InvasionState) -> str:
    g = s.game.settings
    out = [HEADER,
           f"settings: theme={g['theme']}; players={g['players']}; mode={g['mode']}; "
           f"enemies={g['enemy_player']}; rounds={g['rounds']}; outer_seal={'on' if g['outer_seal'] else 'off'}",
           f"sides: {s.heroes_name} / {s.enemies_name}",
           f"word: {s.word} ({s.option})",
           f"slots: {' '.join(map(str, s.slots))}",
           f"turn: phase={s.phase}; round={s.round}; hero_player={s.hero_player}; outcome={s.outcome or '-'}",
           "rooms:"]
    for r in sorted(s.board.rooms):
        x0, y0, x1, y1 = s.board.rooms[r]
        out.append(f"- {r}: {x0} {y0} {x1} {y1}")
    out.append("walls:")
    for k in sorted(s.board.walls):
        out.append(f"- {k}: {STATE_NAMES[s.board.walls[k]]}")
    out.append("tokens:")
    for i in sorted(s.heroes):
        h = s.heroes[i]
        marks = "".join(f" {m}" for m, on in (("moved", h.moved), ("acted", h.acted)) if on)
        out.append(f"- {'P' if h.item else 'H'}{i} (player {h.owner + 1}) in {h.room}{marks}")
    for i in sorted(s.enemies):
        e = s.enemies[i]
        marks = "".join(f" {m}" for m, on in (("moved", e.moved), ("acted", e.acted)) if on)
        out.append(f"- O{i} {'at' if e.outside else 'in'} {e.pos}{marks}")
    if s.vault:
        out.append(f"- V in {s.vault}{' (open)' if s.vault_open else ''}")
    if s.event_room:
        out.append(f"- E in {s.event_room}")
    flags = "; ".join(f"{k}={int(getattr(s, k))}" for k in _FLAGS)
    out.append(f"flags: {flags}; vault_undo={','.join(s.vault_undo)}; next_id={s.next_id}; "
               f"enemies_placed={s.enemies_placed}; suggested={s.suggested}")
    out.append(f"chance: {json.dumps(s.chance.to_json(), separators=(',', ':'))}")
    return "\n".join(out) + "\n"


def _pairs(text: str, where: str) -> dict[str, str]:
    out = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise NotationError(f"{where}: '{part}' should read name=value.")
        k, v = part.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def import_text(text: str) -> InvasionState:
    """Read a game written by ``export_text`` (or by hand in the same format)."""
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]
    if not lines or lines[0].strip() != HEADER:
        raise NotationError(f"The text must start with '{HEADER}'.")
    fields: dict[str, str] = {}
    lists: dict[str, list[tuple[int, str]]] = {"rooms": [], "walls": [], "tokens": []}
    current: str | None = None
    for n, ln in enumerate(lines[1:], start=2):
        if ln.startswith("- "):
            if current is None:
                raise NotationError(f"Line {n}: a bullet outside rooms:, walls: or tokens:.")
            lists[current].append((n, ln[2:].strip()))
            continue
        key, sep, rest = ln.partition(":")
        if not sep:
            raise NotationError(f"Line {n}: expected 'name: value', got '{ln}'.")
        key = key.strip()
        if key in lists:
            current = key
            continue
        current = None
        fields[key] = rest.strip()
    for need in ("settings", "sides", "word", "slots", "turn", "flags", "chance"):
        if need not in fields:
            raise NotationError(f"The line '{need}:' is missing.")
    st = _pairs(fields["settings"], "settings")
    try:
        game = InvasionGame({"theme": st["theme"], "players": int(st["players"]), "mode": st["mode"],
                             "enemy_player": st["enemies"], "rounds": int(st["rounds"]),
                             "outer_seal": {"on": True, "off": False}[st.get("outer_seal", "off")]})
    except (KeyError, ValueError) as exc:
        raise NotationError(f"settings: {exc}") from None
    try:
        chance = Chance.from_json(parse_json(fields["chance"]))  # the guarded reader (issue 14)
    except (ValueError, KeyError, TypeError):
        raise NotationError("chance: not a generator state.") from None
    s = InvasionState(game, chance, fresh=False)
    heroes_name, sep, enemies_name = fields["sides"].partition(" / ")
    s.heroes_name, s.enemies_name = heroes_name.strip(), enemies_name.strip()
    word, sep, opt = fields["word"].rpartition("(")
    s.word, s.option = word.strip(), opt.rstrip(") ") if sep else "plain"
    if s.option not in OPTIONS:
        raise NotationError(f"word: the option in brackets is one of {', '.join(OPTIONS)}.")
    try:
        s.slots = tuple(int(x) for x in fields["slots"].split())
    except ValueError:
        raise NotationError("slots: six digits, e.g. 3 5 4 5 1 4.") from None
    if s.slots and (len(s.slots) != 6 or not all(1 <= x <= 9 for x in s.slots)):
        raise NotationError("slots: six digits from 1 to 9.")
    turn = _pairs(fields["turn"], "turn")
    s.phase = turn.get("phase", "heroes")
    s.round = int(turn.get("round", "1"))
    s.hero_player = int(turn.get("hero_player", "0"))
    s.outcome = None if turn.get("outcome", "-") == "-" else turn["outcome"]
    rooms: dict[str, tuple[int, int, int, int]] = {}
    for n, item in lists["rooms"]:
        r, _, coords = item.partition(":")
        try:
            x0, y0, x1, y1 = (int(v) for v in coords.split())
        except ValueError:
            raise NotationError(f"Line {n}: a room reads 'a: x0 y0 x1 y1'.") from None
        if r.strip() in rooms:
            raise NotationError(f"Line {n}: room {r.strip()[:12]} is listed twice.")
        rooms[r.strip()] = (x0, y0, x1, y1)
        if len(rooms) > MAX_ROOMS:  # before any geometry: every later check is then cheap
            break
    problem = rooms_problem(rooms) if rooms else None
    if problem:
        raise NotationError(f"rooms: {problem}.")
    if len(lists["tokens"]) > MAX_TOKENS or len(lists["walls"]) > MAX_WALLS:
        raise NotationError(f"tokens: at most {MAX_TOKENS} tokens and {MAX_WALLS} walls fit on a sheet.")
    walls: dict[str, str] = {}
    for n, item in lists["walls"]:
        k, _, name = item.rpartition(": ")
        if name.lower() not in _STATE_BY_NAME:
            raise NotationError(f"Line {n}: a wall is Single Barrier, Opening or Double Barrier.")
        walls[k.strip()] = _STATE_BY_NAME[name.lower()]
    s.board = Board(rooms, walls) if rooms else Board()
    if rooms and set(s.board._geometric_walls()) != set(walls):
        raise NotationError("walls: the list does not match the rooms' shared sides and outside walls.")
    for n, item in lists["tokens"]:
        parts = item.split()
        tag = parts[0]
        try:
            if tag[0] in "HP":
                owner = int(parts[2].rstrip(")")) - 1
                s.heroes[int(tag[1:])] = Hero(owner, parts[4], tag[0] == "P", "moved" in parts, "acted" in parts)
            elif tag[0] == "O":
                s.enemies[int(tag[1:])] = Enemy(parts[2], "moved" in parts, "acted" in parts)
            elif tag == "V":
                s.vault, s.vault_open = parts[2], "(open)" in parts
            elif tag == "E":
                s.event_room = parts[2]
            else:
                raise ValueError(tag)
        except (ValueError, IndexError):
            raise NotationError(f"Line {n}: a token reads 'H1 (player 1) in a', 'O3 at a:N', 'V in b' or 'E in c'.") \
                from None
    for pos in [h.room for h in s.heroes.values()] + [e.room for e in s.enemies.values()]:
        if pos not in s.board.rooms:
            raise NotationError(f"tokens: there is no room {pos}.")
    fl = _pairs(fields["flags"], "flags")
    try:
        s.skip_heroes, s.skip_enemies = bool(int(fl["skip_heroes"])), int(fl["skip_enemies"])
        s.dodge, s.dodge_pending = bool(int(fl["dodge"])), bool(int(fl["dodge_pending"]))
        s.events_fired, s.fired_low, s.fired_stuck = int(fl["events_fired"]), bool(int(fl["fired_low"])), \
            bool(int(fl["fired_stuck"]))
        s.enemy_could_move, s.extra_this_turn = bool(int(fl["enemy_could_move"])), bool(int(fl["extra_this_turn"]))
        s.next_id, s.enemies_placed = int(fl["next_id"]), int(fl["enemies_placed"])
    except KeyError as exc:
        raise NotationError(f"flags: '{exc.args[0]}' is missing.") from None
    except ValueError:
        raise NotationError("flags: each flag is a whole number.") from None
    s.vault_undo = [x for x in fl.get("vault_undo", "").split(",") if x]
    s.suggested = fl.get("suggested", "")
    return s


def spec_shown(game: InvasionGame, key: str, value: object) -> str:
    spec = next(sp for sp in game.settings_spec if sp.key == key)
    return spec.shown(value)


#: Phases a text may continue in (the word step is where it is read in).
_GO_ON = ("build", "place", "heroes", "enemies")


def check_fits(s: InvasionState, game: InvasionGame) -> None:
    """Raise NotationError unless the state read from a text is whole and can go on in ``game``
    (the same hero players, mode, enemy player and round limit; the theme's names travel with the text)."""
    if s.phase not in _GO_ON:
        raise NotationError(f"turn: phase must be one of {', '.join(_GO_ON)}, not '{s.phase}'.")
    want, have = game.settings, s.game.settings
    labels = {spec.key: spec.label for spec in game.settings_spec}
    diff = [f"{labels[k]} = {spec_shown(game, k, have[k])}" for k in ("players", "mode", "enemy_player", "rounds",
                                                                  "outer_seal") if want[k] != have[k]]
    if diff:
        raise NotationError("The text was written for " + ", ".join(diff) +
                            ": choose the same on the setup screen, then import it again.")
    if len(s.slots) != 6:
        raise NotationError("slots: six digits from 1 to 9.")
    if s.phase != "build" and not s.board.rooms:
        raise NotationError("rooms: the list is empty.")
    rooms = s.board.rooms
    for i, h in s.heroes.items():
        if not 0 <= h.owner < game.hero_players:
            raise NotationError(f"tokens: H{i} belongs to player {h.owner + 1}, but the game has "
                                f"{game.hero_players} hero player{'s' if game.hero_players > 1 else ''}.")
        if h.room not in rooms:
            raise NotationError(f"tokens: there is no room {h.room} for H{i}.")
    for i, e in s.enemies.items():
        if (e.outside and e.pos not in s.board.walls) or (not e.outside and e.pos not in rooms):
            raise NotationError(f"tokens: O{i} stands at {e.pos}, which is not a room or an outside wall.")
    ids = set(s.heroes) & set(s.enemies)
    if ids:
        raise NotationError(f"tokens: the number {min(ids)} is used by a hero and an enemy.")
    if max([0, *s.heroes, *s.enemies]) >= s.next_id:
        raise NotationError("flags: next_id must be above every token's number.")
    for name, room in (("V", s.vault), ("E", s.event_room)):
        if room is not None and room not in rooms:
            raise NotationError(f"tokens: there is no room {room} for {name}.")
    if s.phase in ("heroes", "enemies") and (s.vault is None or s.event_room is None):
        raise NotationError("tokens: the Vault (V) and the Event marker (E) must be on the board.")
    if not 0 <= s.hero_player < game.hero_players:
        raise NotationError(f"turn: hero_player must be 0 to {game.hero_players - 1}.")
    for entry in s.vault_undo:
        what, sep, old = entry.partition(">")
        if not sep or (not what.startswith("O") and (what not in s.board.walls or old not in STATE_NAMES)):
            raise NotationError(f"flags: vault_undo '{entry}' should read wall>S/O/D or O<number>>position.")
    if s.phase in ("heroes", "enemies"):
        # A finished game is no starting point (I-W1, I-W3).
        if not s.heroes:
            raise NotationError("tokens: no hero is left, so that game is already lost.")
        if not s.enemies and s.events_fired:
            raise NotationError("tokens: every enemy is gone and the Event has fired, so that game is already won.")
        if s.round > game.settings["rounds"]:
            raise NotationError(f"turn: round {s.round} is past the limit of {game.settings['rounds']} rounds, "
                                "so that game is already lost.")
