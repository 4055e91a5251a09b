"""The play scene's top line in another language (issue 51)."""

from __future__ import annotations

import pytest

from game import i18n
from game.session import Session
from game.ui import paper
from game.ui.main import make_app


@pytest.fixture
def app():
    a = make_app((1280, 800), headless=True)
    yield a
    a.close()
    i18n.set_language("en")


@pytest.mark.parametrize("game", ["warigami", "tigers", "space"])
def test_the_status_line_starts_after_the_title_as_the_language_writes_it(app, monkeypatch, game):
    """Finnish titles are longer than the English ones ('Warigami-taktiikka'): the seat's mark
    and the status line start after the drawn title, never on it."""
    drawn: list = []
    real_text = paper.text

    def spy(surf, s, pos, *args, **kw):
        rect = real_text(surf, s, pos, *args, **kw)
        drawn.append((i18n.tr(s), rect))
        return rect

    i18n.set_language("fi")
    try:
        from game import registry

        rs = registry.get(game)
        session = Session.new(game, dict(rs.bench_level), 3, ["human"] * rs.make_game(rs.bench_level).num_players,
                              autosave=False)
        app.push("play", session)
        monkeypatch.setattr(paper, "text", spy)
        app.frame([])
        title = next(r for s, r in drawn if s == i18n.tr(rs.title))
        others = [r for s, r in drawn if title.top - 4 <= r.top < title.bottom and s != i18n.tr(rs.title)]
        # the seat's mark (about 26 px) sits in the gap between the title and the status line
        assert others and all(r.left >= title.right + 40 for r in others), (title, others)
    finally:
        i18n.set_language("en")
