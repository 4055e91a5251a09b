"""The contract between the shared play scene and one ruleset's board view.

The play scene (``game.ui.playing.scene``) owns the session, the margin (log, whose
turn, remaining counters the view supplies), the status line, refusal messages,
undo, autosave, the cover screen for hidden information, and the computer seats.
A ``GameView`` only draws its board and turns mouse and keys into actions.

Input flow: the view builds an Action and calls ``ctx.submit(action)``.  If the
rules refuse it, ``submit`` shows the refusal's sentence to the player and
returns False; nothing changed.  After every applied action (human or computer)
the scene calls ``view.on_events(events)`` so the view can animate.  While
``view.busy()`` is True the computer seats wait (so animations play out).

Setup phases that belong to the rules (drawing a map, placing ships, building a
squad) are actions of the ruleset like any other, so records replay them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ..engine import Action, Event, State

if TYPE_CHECKING:
    import pygame_gui


class PlayContext(Protocol):
    """What the play scene offers a view."""

    @property
    def state(self) -> State: ...

    @property
    def ui(self) -> pygame_gui.UIManager: ...

    def submit(self, action: Action) -> bool:
        """Apply an action for the seat to move; on refusal show the reason, return False."""

    def refuse(self, message: str, rule: str = "") -> None:
        """Show a sentence in the refusal slot (for gestures the view itself rejects), with the
        RULES.md id it rests on when there is one."""

    def human_to_move(self) -> bool:
        """True when the seat to move is a person at this screen (not a computer)."""

    def seat_kind(self, seat: int) -> str:
        """"human" or the agent name of that seat."""

    #: True in the replay viewer (game/ui/scenes/replay.py): the board shows a recorded point
    #: and nobody moves, so a view shows no live control (see GameView.replaying).
    replaying: bool


class GameView:
    """Base for the five board views.  Subclasses override what they need."""

    #: Online, the pointer's motion reaches the view while another seat moves (hover previews
    #: follow it; clicks and keys still do not).  A view says True when its motion handling only looks.
    looks_while_waiting = False

    #: Drawn on the menu card: subclasses override ``draw_icon``.
    def __init__(self, ctx: PlayContext) -> None:
        self.ctx = ctx
        self.rect = pygame.Rect(0, 0, 800, 600)

    @property
    def replaying(self) -> bool:
        """True in the replay viewer.  The board then shows the state at the chosen action and
        nothing that invites a move: a view hides its own buttons, pools, pickers and prompts
        for the seat to move, and panels that remember earlier events (the last rolls) are
        rebuilt from the session's history in ``reset`` (called after every jump)."""
        return bool(getattr(self.ctx, "replaying", False))

    def ui_px(self, n: float) -> int:
        """``n`` pixels at the player's UI scale (for widgets the view places beside its board)."""
        px = getattr(self.ctx, "px", None)
        return px(n) if px is not None else round(n)

    # -- lifecycle ------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """The board area changed (window resize); recompute scales, drop caches."""
        self.rect = pygame.Rect(rect)

    def kill(self) -> None:
        """Remove any pygame_gui elements the view created."""

    def reset(self) -> None:
        """The state was replaced (undo, load): drop selections and caches that depend on it."""

    # -- input & animation -------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True if the event was used.  Only called while a person is to move."""
        return False

    def on_events(self, events: Sequence[Event]) -> None:
        """Events of the action just applied: start animations."""

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds.  Must not change the game state."""

    def busy(self) -> bool:
        """True while an animation is playing; computer seats wait for it."""
        return False

    def events_shown(self) -> int | None:
        """While busy: how many events of the last action the board has reached, so the margin
        log never runs ahead of the board (their sentences appear as the animation gets there).
        The default holds them all until the animation ends; None shows them all at once."""
        return 0

    def shown_status(self) -> str | None:
        """While an animation shows an earlier board, the status line for it (None: the game's own)."""
        return None

    def skip_animation(self) -> None:
        """Play every running animation to its end at once (a click or Space while it plays)."""
        for _ in range(1000):
            if not self.busy():
                return
            self.update(60.0)

    # -- drawing --------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the board inside ``self.rect``.  Must not change the game state."""

    def margin_lines(self) -> list[str]:
        """Short lines for the margin: counters, caps, pools, whatever players tally on paper."""
        return []

    def keys(self) -> list[tuple[str, str]]:
        """(key, what it does) for the pause menu's list; empty: the shell's table for this game."""
        return []

    def hint(self) -> str:
        """One line telling the person to move what to do now (shown under the status)."""
        return ""

    @staticmethod
    def draw_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A small pencil drawing of the game for its menu card."""

    # -- lessons (game/ui/scenes/lesson.py) ----------------------------------------------
    def lesson_target(self, action: Action) -> pygame.Rect | None:
        """The screen area of the next click or drag towards ``action`` (what a lesson step
        highlights), given what the player has already selected; None when there is none."""
        return None

    def lesson_window(self, window: dict[str, Any]) -> dict[str, Any] | None:
        """For a flick game: a lesson step's flick window on screen, as {"from": nose, "to": a
        drag end inside the window, "outline": the polygon of accepted drag ends} (pixels)."""
        return None

    def lesson_look(self, look: dict[str, Any]) -> dict[str, Any] | None:
        """For a lesson's look step (a board tool such as a tape, no game action; docs/lessons.md):
        {"target": the screen area of the next click or drag towards it, "drag": (from, to) pixels
        of the drag once the tool is in hand, else None, "done": True once it has been used as the
        step asks}; None when the view has no such tool."""
        return None

    def lesson_drag(self, action: Action) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """For a step made by dragging (not a flick): where the drag starts and where it lets go
        (pixels), while that drag is still to be made; None when the next gesture is a click."""
        return None

    def lesson_match(self, expected: Action, action: Action) -> bool:
        """True when ``action`` is what a click inside the highlight of ``expected`` makes, though
        not equal to it (a point rounded to the table's grid); the lesson then applies ``expected``."""
        return False


def load_view_class(path: str) -> type[GameView]:
    """Import "module:Class" lazily (rules never import views)."""
    import importlib

    mod, _, cls = path.partition(":")
    out: Any = getattr(importlib.import_module(mod), cls)
    return out  # type: ignore[no-any-return]
