"""What the panels over a finished game share: where such a panel goes (over the board, clear
of the margin), and the line that says how an online game's end was checked."""

from __future__ import annotations

import pygame

from ...msg import N_, M
from ..app import App
from ..widgets import said


def over_board(app: App, want_w: int) -> pygame.Rect:
    """Where a panel over a game goes: over the board of the play scene below, clear of the
    margin and its log; the whole window when the board is narrower than the panel."""
    play = app.find("play")
    if play is not None:
        board = play.board_rect()
        if board.w >= want_w:
            return board
    return pygame.Rect((0, 0), app.size)


def over_note(sess: object) -> str:
    """An online game's end: the check (seed commitment, replay) and where the record was kept."""
    note = getattr(sess, "verdict", "") or N_("Waiting for the room's record to check it...")
    kept = getattr(sess, "kept", None)
    # TRANSLATORS: {note} is the sentence about the end's check; {name} a file's name.
    return M("{note} The game is in your saves: {name}.", note=said(note), name=kept.name) if kept else note
