"""The Paper Invasion board view: the word, the pencil floor plan, heroes and the horde.

Clicks become actions: in the word step the typed word (with its letter numbers and
digit sums shown live) or dice; while building, a click inside a room draws a wall
(Space or right click turns it); while placing, a click in a room; in play, click a
hero to see where it may go and what it can do, then click a room (move), a wall of
its room (seal or smash) or a button (kill, loot, Vault item).  The enemies' turn is
replayed step by step from the events.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from ...engine import Action, Event
from ...paths import data_dir
from ...rules.invasion.actions import (
    ChooseWord,
    EGrab,
    EMove,
    EndTurn,
    ESmash,
    GeneratePlan,
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
from ...rules.invasion.board import DOUBLE, OPENING
from ...rules.invasion.notation import export_text
from ...rules.invasion.slots import (
    OPTION_LABELS,
    check_word_unused,
    fold,
    remember_word,
    word_table,
)
from ...rules.invasion.state import Enemy, InvasionState
from ...rules.invasion.tables import EVENTS, VAULT
from .. import paper
from ..view import GameView
from .invasion_sheet import Frame, draw_board, draw_token, draw_wall, save_sheet, token_spots

STEP_S = 0.45  # seconds each enemy step stays on screen
TOP = 96       # the word / Slots strip above the sheet
BOTTOM = 48    # the button row below it
STEP_KINDS = ("enemy_move", "enemy_smash", "enemy_grab", "enemy_grab_fail")


def words_path() -> Any:
    """The profile's used-words list (I-S1)."""
    return data_dir() / "invasion-used-words.json"


class InvasionView(GameView):
    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.selected: int | None = None        # hero (or enemy, for a person playing them)
        self.use_mode = False
        self.use_targets: list[str] = []
        self.axis = "v"
        self.mouse = (0, 0)
        self.queue: list[tuple[Event, InvasionState]] = []
        self.timer = 0.0
        self.shown: InvasionState | None = None  # the board while a step animation plays
        self.before = self.ctx.state.clone()
        self.note = ""
        self.elements: dict[str, Any] = {}
        self._ui_key: object = None
        self.frame = Frame.fit(self.sheet_rect())
        self._spots: dict[str, tuple[float, float, float]] = {}
        self._board_layer = paper.Layer(self._draw_board_layer)

    # -- layout and widgets ------------------------------------------------------------
    @property
    def state(self) -> InvasionState:
        st = self.ctx.state
        assert isinstance(st, InvasionState)
        return st

    def sheet_rect(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x, r.y + TOP, r.w, max(50, r.h - TOP - BOTTOM))

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self.frame = Frame.fit(self.sheet_rect())
        self._board_layer.invalidate()
        self._ui_key = None
        self._sync_ui()

    def kill(self) -> None:
        for el in self.elements.values():
            el.kill()
        self.elements = {}
        self._ui_key = None

    def reset(self) -> None:
        self.selected = None
        self.use_mode = False
        self.use_targets = []
        self.queue = []
        self.shown = None
        self.before = self.ctx.state.clone()
        self._board_layer.invalidate()
        self._ui_key = None
        self._sync_ui()

    def _button(self, key: str, label: str, x: int, y: int, w: int, tip: str = "") -> int:
        self.elements[key] = pygame_gui.elements.UIButton(pygame.Rect(x, y, w, 34), label, self.ctx.ui,
                                                          tool_tip_text=tip or None)
        return x + w + 8

    def _sync_ui(self) -> None:
        """(Re)build the widgets for the current step; only when the step changes."""
        s = self.state
        human = self.ctx.human_to_move()
        key = (s.phase, human, self.rect.topleft, self.rect.size, s.game.settings["theme"] == "Custom")
        if key == self._ui_key:
            self._enable_buttons()
            return
        self.kill()
        self._ui_key = key
        x, y = self.rect.x + 8, self.rect.bottom - BOTTOM + 8
        if s.phase == "word" and human:
            top = self.rect.y + 6
            self.elements["word"] = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(self.rect.x + 8, top, 220, 34), self.ctx.ui, placeholder_text="type a word...")
            bx = self.rect.x + 236
            for opt, label in (("plain", "Use word"), ("reverse", "Reversed"), ("skip2", "Two letters in"),
                               ("d6", "Roll D6"), ("d10", "Roll D10"), ("suggest", "Suggest")):
                bx = self._button(f"opt:{opt}", label, bx, top, 118, OPTION_LABELS.get(opt, "A word that fits the theme"))
            if s.game.settings["theme"] == "Custom":
                self.elements["heroes"] = pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(self.rect.x + 8, top + 40, 160, 30), self.ctx.ui, placeholder_text="heroes")
                self.elements["enemies"] = pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(self.rect.x + 176, top + 40, 160, 30), self.ctx.ui, placeholder_text="enemies")
        elif s.phase == "build" and human:
            x = self._button("plan", "Floor plan", x, y, 130, "Let the program draw the rooms")
            x = self._button("turn", "Turn wall", x, y, 120, "Space or right click")
        elif s.phase in ("heroes", "enemies") and human:
            if s.phase == "heroes":
                for k, label in (("kill", "Kill"), ("loot", "Loot"), ("use", "Use item"), ("event", "Extra Event")):
                    x = self._button(k, label, x, y, 112)
            x = self._button("end", "End turn", x, y, 112)
        if s.phase not in ("word",):
            x = self._button("export", "Export text", x, y, 120, "Write the game as text (I-W2)")
            x = self._button("sheet", "Game sheet", x, y, 120, "Save an A4 sheet as PNG and PDF")
        self._enable_buttons()

    def _enable_buttons(self) -> None:
        hero_acts = self._hero_acts()
        want = {"kill": any(isinstance(a, Kill) for a in hero_acts),
                "loot": any(isinstance(a, Loot) for a in hero_acts),
                "use": any(isinstance(a, Use) for a in hero_acts)}
        for k, on in want.items():
            el = self.elements.get(k)
            if el is not None:
                el.enable() if on else el.disable()

    # -- helpers ---------------------------------------------------------------------
    def _hero_acts(self) -> list[Action]:
        s = self.state
        if s.phase != "heroes" or self.selected not in s.heroes or s.heroes[self.selected].owner != s.hero_player:
            return []
        return s.hero_actions(self.selected)

    def _enemy_acts(self) -> list[Action]:
        s = self.state
        if s.phase != "enemies" or self.selected not in s.enemies:
            return []
        return [a for a in s.legal_actions() if getattr(a, "enemy", None) == self.selected]

    def _wall_at(self, gx: float, gy: float, only: Sequence[str] | None = None) -> str | None:
        best, best_d = None, 0.45
        for key in (only if only is not None else self.state.board.walls):
            (ax, ay), (bx, by) = self.state.board.wall_segment(key)
            if ax == bx:
                d = abs(gx - ax) if min(ay, by) <= gy <= max(ay, by) else 9.0
            else:
                d = abs(gy - ay) if min(ax, bx) <= gx <= max(ax, bx) else 9.0
            if d < best_d:
                best, best_d = key, d
        return best

    def _token_at(self, pos: tuple[int, int], prefix: str) -> int | None:
        for name, (x, y, size) in self._spots.items():
            if name[0] in prefix and math.hypot(pos[0] - x, pos[1] - y) <= max(10, size * 0.6):
                return int(name[1:])
        return None

    def _split_preview(self) -> tuple[str, str, int] | None:
        s = self.state
        gx, gy = self.frame.grid(*self.mouse)
        room = s.board.room_at(gx, gy)
        if room is None:
            return None
        at = round(gx) if self.axis == "v" else round(gy)
        if s.board.split_problem(room, self.axis, at):
            return None
        return room, self.axis, at

    # -- input -----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.state
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button_pressed(event.ui_element)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.elements.get("word"):
            return self._submit_word("plain")
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE and s.phase == "build":
                self.axis = "h" if self.axis == "v" else "v"
                return True
            if event.key == pygame.K_RETURN and s.phase in ("heroes", "enemies") and not self._typing():
                return self.ctx.submit(EndTurn())
            if event.key == pygame.K_ESCAPE:
                self.selected, self.use_mode, self.use_targets = None, False, []
            return False
        if event.type != pygame.MOUSEBUTTONUP or not self.sheet_rect().collidepoint(event.pos):
            return False
        self.mouse = event.pos
        if event.button == 3:
            if s.phase == "build":
                self.axis = "h" if self.axis == "v" else "v"
            self.selected, self.use_mode, self.use_targets = None, False, []
            return True
        if event.button != 1:
            return False
        gx, gy = self.frame.grid(*event.pos)
        room = s.board.room_at(gx, gy)
        if s.phase == "build":
            prev = self._split_preview()
            if prev is None:
                self.ctx.refuse("Click inside a room, away from its edge, to draw a wall across it.")
                return False
            return self.ctx.submit(Split(*prev))
        if s.phase == "place":
            return self._click_place(room, gx, gy)
        if s.phase == "heroes":
            return self._click_hero_turn(event.pos, room, gx, gy)
        if s.phase == "enemies":
            return self._click_enemy_turn(event.pos, room, gx, gy)
        return False

    def _typing(self) -> bool:
        el = self.elements.get("word")
        return bool(el is not None and el.is_focused)

    def _button_pressed(self, el: Any) -> bool:
        key = next((k for k, v in self.elements.items() if v is el), None)
        if key is None:
            return False
        if key.startswith("opt:"):
            opt = key[4:]
            if opt == "suggest":
                self.elements["word"].set_text(self.state.suggested)
                return True
            return self._submit_word(opt)
        if key == "plan":
            return self.ctx.submit(GeneratePlan())
        if key == "turn":
            self.axis = "h" if self.axis == "v" else "v"
            return True
        if key == "end":
            self.selected = None
            return self.ctx.submit(EndTurn())
        if key == "event":
            return self.ctx.submit(TriggerEvent())
        if key == "kill" and self.selected is not None:
            return self.ctx.submit(Kill(self.selected))
        if key == "loot" and self.selected is not None:
            return self.ctx.submit(Loot(self.selected))
        if key == "use" and self.selected is not None:
            return self._start_use()
        if key == "export":
            folder = data_dir() / "invasion"
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"game-round{self.state.round}.txt"
            path.write_text(export_text(self.state), encoding="utf-8")
            self.note = f"Written: {path}"
            return True
        if key == "sheet":
            png, pdf = save_sheet(self.state, data_dir() / "invasion")
            self.note = f"Game sheet: {png.name} and {pdf.name} in {png.parent}"
            return True
        return False

    def _submit_word(self, option: str) -> bool:
        s = self.state
        word = self.elements["word"].get_text() if "word" in self.elements else ""
        heroes = self.elements["heroes"].get_text() if "heroes" in self.elements else ""
        enemies = self.elements["enemies"].get_text() if "enemies" in self.elements else ""
        if option not in ("d6", "d10"):
            if not fold(word):
                self.ctx.refuse("Type a word first (letters A-Z count), or roll the dice.")
                return False
            try:
                check_word_unused(words_path(), word)
            except Exception as exc:  # IllegalAction: show its sentence
                self.ctx.refuse(getattr(exc, "message", str(exc)))
                return False
        ok = self.ctx.submit(ChooseWord(word if option not in ("d6", "d10") else "", option, heroes, enemies))
        if ok and option not in ("d6", "d10"):
            remember_word(words_path(), word)
        del s
        return ok

    def _click_place(self, room: str | None, gx: float, gy: float) -> bool:
        s = self.state
        step = s.place_step()
        if step == "enemy":
            side = s.enemy_side()
            if room is None:  # a click outside the sheet: the nearest room on that side
                key = self._wall_at(gx, gy, [k for k in s.board.walls if k.endswith(":" + side)])
                room = key.split(":")[0] if key else None
            if room is None:
                self.ctx.refuse(f"Click a room with an outside wall on the {side} side.")
                return False
            return self.ctx.submit(PlaceEnemy(room, side))
        if room is None:
            return False
        cls = {"hero": PlaceHero, "vault": PlaceVault, "event": PlaceEvent}[step]
        return self.ctx.submit(cls(room))

    def _click_hero_turn(self, pos: tuple[int, int], room: str | None, gx: float, gy: float) -> bool:
        s = self.state
        if self.use_mode and self.selected in s.heroes:
            return self._click_use(pos, room, gx, gy)
        hid = self._token_at(pos, "HP")
        if hid is not None and s.heroes[hid].owner == s.hero_player:
            self.selected = None if self.selected == hid else hid
            return True
        if self.selected not in s.heroes:
            if hid is not None:
                self.ctx.refuse(f"H{hid} belongs to {s.game.player_name(s.heroes[hid].owner)}.")
            return False
        h = s.heroes[self.selected]
        key = self._wall_at(gx, gy, [sd.key for sd in s.board.sides(h.room)])
        if key is not None:
            act: Action = Smash(self.selected, key) if s.board.walls[key] == DOUBLE else Seal(self.selected, key)
            return self.ctx.submit(act)
        if room is not None and room != h.room:
            return self.ctx.submit(Move(self.selected, room))
        return False

    def _start_use(self) -> bool:
        uses = [a for a in self._hero_acts() if isinstance(a, Use)]
        if not uses:
            return False
        if len(uses) == 1 and not uses[0].target:
            return self.ctx.submit(uses[0])
        self.use_mode, self.use_targets = True, []
        return True

    def _click_use(self, pos: tuple[int, int], room: str | None, gx: float, gy: float) -> bool:
        s = self.state
        uses = [a for a in self._hero_acts() if isinstance(a, Use)]
        eid = self._token_at(pos, "O")
        wall = self._wall_at(gx, gy)
        picks = [p for p in (wall, s.enemies[eid].pos if eid in s.enemies else None, room) if p]
        for pick in picks:
            targets = self.use_targets + [pick]
            fit = [u for u in uses if [t for t in (u.target, u.target2) if t][: len(targets)] == targets]
            if not fit:
                continue
            full = [u for u in fit if len([t for t in (u.target, u.target2) if t]) == len(targets)]
            if full:
                best = max(full, key=lambda u: u.n)
                self.use_mode, self.use_targets = False, []
                return self.ctx.submit(best)
            self.use_targets = targets
            return True
        self.ctx.refuse(f"The {s.item[0]} cannot be used there: {s.item[1]}")
        return False

    def _click_enemy_turn(self, pos: tuple[int, int], room: str | None, gx: float, gy: float) -> bool:
        s = self.state
        eid = self._token_at(pos, "O")
        if eid is not None and eid != self.selected:
            self.selected = eid
            return True
        if self.selected not in s.enemies:
            return False
        acts = self._enemy_acts()
        hid = self._token_at(pos, "HP")
        if hid is not None:
            grab = next((a for a in acts if isinstance(a, EGrab) and a.hero == hid), None)
            if grab:
                return self.ctx.submit(grab)
        key = self._wall_at(gx, gy, s.enemy_walls(self.selected))
        if key is not None and s.board.walls[key] != OPENING:
            return self.ctx.submit(ESmash(self.selected, key))
        if room is not None:
            return self.ctx.submit(EMove(self.selected, room))
        return False

    # -- animation ---------------------------------------------------------------------
    def on_events(self, events: Sequence[Event]) -> None:
        steps = [e for e in events if e.kind in STEP_KINDS]
        if steps:
            disp = self.before.clone()
            for e in steps:
                d = e.data
                if e.kind == "enemy_move" and d["enemy"] in disp.enemies:
                    disp.enemies[d["enemy"]].pos = d["to"]
                elif e.kind == "enemy_smash" and d["wall"] in disp.board.walls:
                    disp.board.walls[d["wall"]] = d["new"]
                elif e.kind == "enemy_grab":
                    disp.heroes.pop(d["hero"], None)
                    disp.enemies[d["new"]] = Enemy(d["room"])
                self.queue.append((e, disp))
                disp = disp.clone()
            self.timer = STEP_S
            self.shown = self.queue[0][1]
        if any(e.kind in ("split", "plan", "wall", "enemy_smash") for e in events):
            self._board_layer.invalidate()
        s = self.state
        if self.selected is not None and s.phase == "heroes" and (
                self.selected not in s.heroes or not s.hero_actions(self.selected)):
            self.selected = None
        self.before = s.clone()
        self._sync_ui()

    def update(self, dt: float) -> None:
        if self.queue:
            self.timer -= dt
            if self.timer <= 0:
                self.queue.pop(0)
                self.timer = STEP_S
                self.shown = self.queue[0][1] if self.queue else None
        if self.elements or self._ui_key is None or self._ui_key[0] != self.state.phase:
            self._sync_ui()

    def busy(self) -> bool:
        return bool(self.queue)

    # -- drawing ----------------------------------------------------------------------
    def _draw_board_layer(self, surf: pygame.Surface) -> None:
        s = self.shown or self.state
        off = Frame(self.frame.x - self.rect.x, self.frame.y - self.rect.y, self.frame.scale)
        draw_board(surf, s, off, tokens=False)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.shown or self.state
        if self.shown is None:
            layer = self._board_layer.get(self.rect.size, (tuple(sorted(s.board.walls.items())),
                                                           tuple(sorted(s.board.rooms.items()))))
            surface.blit(layer, self.rect.topleft)
        else:
            draw_board(surface, s, self.frame, tokens=False)
        self._spots = token_spots(s, self.frame)
        self._draw_highlights(surface, s)
        for name, spot in self._spots.items():
            hl = (name[0] in "HP" and int(name[1:]) == self.selected and s.phase == "heroes") or \
                 (name[0] == "O" and s.phase == "enemies" and int(name[1:]) == self.selected)
            draw_token(surface, s, name, spot, hl)
        self._draw_top(surface, s)
        if self.queue:
            e = self.queue[0][0]
            paper.text(surface, e.text, (self.sheet_rect().centerx, self.sheet_rect().bottom - 4), 20, paper.WARN,
                       "midbottom", bold=True)
        elif self.note:
            paper.text(surface, self.note, (self.rect.x + 8, self.rect.bottom - BOTTOM - 22), 15, paper.GRAPHITE)

    def _draw_highlights(self, surface: pygame.Surface, s: InvasionState) -> None:
        f = self.frame
        if s.phase == "build" and self.ctx.human_to_move():
            prev = self._split_preview()
            if prev:
                room, axis, at = prev
                x0, y0, x1, y1 = s.board.rooms[room]
                a, b = ((at, y0), (at, y1)) if axis == "v" else ((x0, at), (x1, at))
                draw_wall(surface, f.px(*a), f.px(*b), "S", 99, 1, paper.FAINT)
        if s.phase == "place" and self.ctx.human_to_move() and s.place_step() == "enemy":
            side = s.enemy_side()
            for key in s.board.walls:
                if key.endswith(":" + side):
                    a, b = s.board.wall_segment(key)
                    pygame.draw.line(surface, paper.GOOD, f.px(*a), f.px(*b), 5)
        if s.phase == "heroes" and self.selected in s.heroes:
            h = s.heroes[self.selected]
            for to in (s.hero_moves(self.selected) if not h.moved else []):
                x0, y0, x1, y1 = s.board.rooms[to]
                r = pygame.Rect(*f.px(x0, y0), (x1 - x0) * f.scale, (y1 - y0) * f.scale).inflate(-8, -8)
                paper.hatch(surface, (170, 210, 180), r, 14)
            if not h.acted:
                for sd in s.board.sides(h.room):
                    a, b = s.board.wall_segment(sd.key)
                    pygame.draw.line(surface, (120, 170, 220), f.px(*a), f.px(*b), 4)
        if s.phase == "enemies" and self.selected in s.enemies:
            for to in s.enemy_moves(self.selected):
                x0, y0, x1, y1 = s.board.rooms[to]
                r = pygame.Rect(*f.px(x0, y0), (x1 - x0) * f.scale, (y1 - y0) * f.scale).inflate(-8, -8)
                paper.hatch(surface, (230, 180, 170), r, 14)

    def _draw_top(self, surface: pygame.Surface, s: InvasionState) -> None:
        """The word strip as on the game sheet: letters, numbers, digit sums (Slots)."""
        x = self.rect.x + 8
        y = self.rect.y + (46 if s.phase == "word" and self.ctx.human_to_move() else 6)
        if s.phase == "word":
            typed = self.elements["word"].get_text() if "word" in self.elements else ""
            try:
                rows = word_table(typed) if fold(typed) else []
            except Exception:
                rows = []
            label = "Slots of the word:" if rows else f"Theme: {s.game.settings['theme']}. Type a word for it."
            paper.text(surface, label, (x, y), 18, paper.GRAPHITE)
            self._slot_cells(surface, x + 180, y - 4, rows)
            return
        word = s.word.upper() if s.word else f"dice ({s.option})"
        paper.text(surface, f"{s.heroes_name} vs. {s.enemies_name} - {word}", (x, y), 18, paper.GRAPHITE)
        rows = word_table(s.word, s.option) if s.word else [("?", 0, d) for d in s.slots]
        self._slot_cells(surface, x, y + 22, rows)

    def _slot_cells(self, surface: pygame.Surface, x: int, y: int, rows: Sequence[tuple[str, int, int]]) -> None:
        cw = 46
        for i in range(6):
            r = pygame.Rect(x + i * cw, y, cw - 4, 58)
            paper.pencil_lines(surface, paper.FAINT, [r.topleft, r.topright, r.bottomright, r.bottomleft], True, 1, i)
            if i < len(rows):
                letter, number, digit = rows[i]
                paper.text(surface, letter, (r.centerx, r.y + 10), 18, paper.INK, "center", bold=True)
                paper.text(surface, str(number) if number else "-", (r.centerx, r.y + 28), 14, paper.GRAPHITE,
                           "center")
                paper.text(surface, str(digit), (r.centerx, r.y + 46), 20, paper.INK, "center", bold=True)
        paper.text(surface, "S1 .. S6", (x + 6 * cw + 4, y + 38), 14, paper.FAINT)

    def margin_lines(self) -> list[str]:
        s = self.state
        if not s.slots:
            return [f"Theme: {s.game.settings['theme']}"]
        lines = [f"Slots: {'  '.join(map(str, s.slots))}",
                 f"Rooms {s.room_goal} - heroes {s.heroes_per_player} each - enemies {s.enemy_goal}",
                 f"Vault ({s.slot(3)}): {VAULT[s.slot(3)][0]}{' (looted)' if s.vault_open else ''}",
                 f"Event ({s.slot(4)}): {EVENTS[s.slot(4)][0]} - fired {s.events_fired}x",
                 f"Heroes {len(s.heroes)} vs enemies {len(s.enemies)}"]
        if s.round:
            lines.append(f"Round {s.round} of {s.game.settings['rounds']}")
        if s.skip_enemies:
            lines.append("Shaker: the next enemy turn is skipped")
        if s.dodge_pending or s.dodge:
            lines.append("Dodger: grabs fail next enemy turn")
        return lines

    def hint(self) -> str:
        s = self.state
        if s.phase == "word":
            return "Type a word that fits the theme; a word used before is refused. Or roll the dice."
        if s.phase == "build":
            return (f"Click inside a room to draw a {'vertical' if self.axis == 'v' else 'horizontal'} wall "
                    f"(Space turns it), or take a floor plan. {s.room_goal - len(s.board.rooms)} more rooms.")
        if s.phase == "place":
            step = s.place_step()
            if step == "enemy":
                return f"Click a room with an outside wall on the {s.enemy_side()} side (green)."
            return {"hero": "Click a room for a hero.", "vault": "Click a room for the Vault (V).",
                    "event": "Click a room for the Event marker (E)."}[step]
        if s.phase == "heroes":
            if self.use_mode:
                return f"{s.item[0]}: {s.item[1]} Click the target" + (" (then the second)" if s.slot(3) == 5 else "") + "."
            if self.selected in s.heroes:
                return "Click a hatched room to move, a blue wall to seal (or smash a Double), or a button."
            return "Click one of your heroes (H). Enter ends the turn."
        if s.phase == "enemies":
            return "Click an enemy (O), then a room through an Opening, a wall to smash, or a hero to grab."
        return ""

    @staticmethod
    def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
        r = rect.inflate(-rect.w // 5, -rect.h // 4)
        paper.pencil_lines(surface, paper.INK, [r.topleft, r.topright, r.bottomright, r.bottomleft], True, 2, 1)
        mid = r.x + r.w // 2
        draw_wall(surface, (mid, r.y), (mid, r.bottom), DOUBLE, 3)
        draw_wall(surface, (r.x, r.centery), (mid, r.centery), OPENING, 5)
        paper.text(surface, "H", (r.x + r.w // 4, r.y + r.h // 4), max(12, r.h // 4), paper.INK, "center", bold=True)
        for k in range(3):
            paper.pencil_circle(surface, paper.GRAPHITE, (r.right + 8, r.y + (k + 1) * r.h // 4), max(3, r.h // 14), 2, k)
