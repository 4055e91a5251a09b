"""The F1 rules page: a paragraph or list item is wrapped to the page, not to the source's lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import registry
from game.ui.main import make_app
from game.ui.scenes.rules import RulesScene, markdown_to_html, rules_text

GAMES = [m.rsplit(".", 1)[1] for m in registry.KNOWN]


def test_a_paragraph_and_a_list_item_are_one_line_each_whatever_the_source_breaks():
    html = markdown_to_html("# T\n\nOne paragraph\nbroken in the source.\n\n- An item\n  that goes on\n  - a sub-item\n"
                            "1. first\n   still first\n\nText:\n\n    an example\n    keeps its lines\n")
    lines = html.split("<br>")
    assert "One paragraph broken in the source." in lines
    assert "&bull; An item that goes on" in lines
    assert "&nbsp;&nbsp;&bull; a sub-item" in lines
    assert "1. first still first" in lines
    assert "&nbsp;&nbsp;&nbsp;&nbsp;an example" in lines and "&nbsp;&nbsp;&nbsp;&nbsp;keeps its lines" in lines


def test_space_F1_tears_item_is_one_line_for_the_text_box_to_wrap():
    html = markdown_to_html(rules_text(registry.get("space")))
    tears = next(line for line in html.split("<br>") if "<b>Tears.</b>" in line)
    assert tears.endswith("later moves that cross it are lost.")


@pytest.mark.parametrize("size", [(800, 560), (1024, 600), (1280, 800)])
def test_every_rules_page_wraps_inside_its_box_with_no_ragged_source_breaks(size):
    app = make_app(size, headless=True)
    try:
        for name in GAMES:
            scene = RulesScene(app, registry.get(name))
            app.push(scene)
            app.frame([])
            page = scene.page
            width = page.rect.width - 14
            rows = page.lines
            for row in rows:
                assert row.right <= width, f"{name} at {size}: a line runs past the page's edge"
            # A row that ends a paragraph may be short; a row followed by more of the same paragraph
            # (its next row starts with a lower-case word) fills the width at least halfway.
            for row, nxt in zip(rows, rows[1:], strict=False):
                words = [w for _, w, _ in nxt.words]
                if words and words[0][0].islower() and "code" not in (row.kind, nxt.kind):  # (an example keeps its lines)
                    assert row.right > width / 2, f"{name} at {size}: a ragged break before {' '.join(words[:4])!r}"
            app.pop()
    finally:
        app.close()


ROOT_DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"


def test_a_translated_pages_comment_lines_are_not_shown():
    html = markdown_to_html("<!-- source-sha: 0123abcd -->\n<!-- unreviewed: translated without review -->\n"
                            "# Säännöt\n\nYksi kappale.\n")
    assert "source-sha" not in html and "unreviewed" not in html and "&lt;!--" not in html
    assert "Säännöt" in html and "Yksi kappale." in html
    from game.ui.page import blocks

    page = blocks((ROOT_DOCS / "fi" / "amoeba.md").read_text(encoding="utf-8"))  # what F1 draws
    assert page[0][0] == "head1" and not any("<!--" in text for _k, _i, text in page)
