"""The F1 rules pages in Finnish and Dutch (docs/rules/<lang>/<game>.md) follow their English page.

Each page names the English page it was translated from (its git blob hash), so a changed English
page shows up here; it keeps the English page's headings, rule ids and numbers, and every
character in it is one both Comic Neue fonts draw.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
FONTS = sorted((ROOT / "sprites" / "fonts").glob("*.otf"))
GAMES = ["amoeba", "warigami", "space", "tigers", "invasion"]
LANGS = ["fi", "nl"]
CASES = [(lang, game) for lang in LANGS for game in GAMES]

SOURCE_SHA = re.compile(r"<!-- source-sha: ([0-9a-f]{40}) -->")
UNREVIEWED = "<!-- unreviewed: translated without a native speaker's review -->"
RULE_ID = re.compile(r"\b[A-Z]-[A-Z]+\d+[a-z]?\b")
HEADING = re.compile(r"^(#{1,6}) \S")
DIGITS = re.compile(r"\d+")
DECIMAL_POINT = re.compile(r"\d\.\d")
ITALIC = re.compile(r"(?<!\*)\*(?!\*)[^*]+?\*(?!\*)")  # *a name*, not **bold**
ITEM = re.compile(r"([-*]|\d+\.) ")  # what game/ui/scenes/rules.py reads as a list item


def blob_sha(data: bytes) -> str:
    """What `git hash-object` prints for a file holding these bytes."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def headings(text: str) -> list[int]:
    return [len(m.group(1)) for line in text.splitlines() if (m := HEADING.match(line))]


def page(lang: str, game: str) -> str:
    path = RULES / lang / f"{game}.md"
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
    return path.read_text(encoding="utf-8")


def test_blob_sha_is_what_git_prints():
    # `printf 'hello\n' | git hash-object --stdin`
    assert blob_sha(b"hello\n") == "ce013625030ba8dba906f756967f9e9ca394464a"


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_the_page_names_the_current_english_page_and_says_it_is_unreviewed(lang, game):
    lines = page(lang, game).splitlines()
    m = SOURCE_SHA.fullmatch(lines[0])
    assert m, f"{lang}/{game}.md does not start with its source-sha line"
    english = (RULES / f"{game}.md").read_bytes()
    assert m.group(1) == blob_sha(english), f"{lang}/{game}.md was translated from an older English page"
    assert lines[1] == UNREVIEWED


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_the_page_keeps_the_headings_rule_ids_and_numbers(lang, game):
    text = page(lang, game)
    english = (RULES / f"{game}.md").read_text(encoding="utf-8")
    assert headings(text) == headings(english)
    missing = set(RULE_ID.findall(english)) - set(RULE_ID.findall(text))
    assert not missing, f"{lang}/{game}.md lacks the rule ids {sorted(missing)}"
    # 12.5 becomes 12,5: the digit runs stay the same either way.  A button or setting named in
    # italics is quoted as the window writes it, which may hold a number in one language only
    # (Finnish "Alkaen 3. kirjaimesta" for "Two letters in").
    body = "\n".join(text.splitlines()[2:])
    got, want = (Counter(DIGITS.findall(ITALIC.sub("", " ".join(t.split())))) for t in (body, english))
    assert got == want, f"numbers differ: {lang} has more {dict(got - want)}, fewer {dict(want - got)}"
    assert body.count("*") == english.count("*"), "emphasis marks differ from the English page"
    prose = [line for line in body.splitlines() if not line.startswith("    ")]  # examples stay as written
    points = [line for line in prose if DECIMAL_POINT.search(line)]
    assert not points, f"{lang} writes a decimal comma (12,5 cm): {points[:3]}"
    items = [sum(1 for line in t.splitlines() if ITEM.match(line.strip())) for t in (text, english)]
    assert items[0] == items[1], f"{lang}/{game}.md has {items[0]} list items, the English page {items[1]}"
    assert "\u0133" not in text and "\u0132" not in text, "write the Dutch ij as two letters"


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_emphasis_opens_and_closes_on_one_source_line(lang, game):
    # The F1 page renders bold, italics and code line by line: a pair split over two source
    # lines would show its asterisks to the player.
    for number, line in enumerate(page(lang, game).splitlines(), 1):
        if line.startswith("    "):
            continue  # an example block is shown as written
        single = line.replace("**", "")
        assert line.count("**") % 2 == 0 and single.count("*") % 2 == 0 and line.count("`") % 2 == 0, (
            f"{lang}/{game}.md:{number} opens emphasis it closes on another line: {line!r}")


@pytest.fixture(scope="module")
def fonts():
    import pygame.freetype

    pygame.freetype.init()
    assert len(FONTS) == 2
    return [pygame.freetype.Font(str(path), 20) for path in FONTS]


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_every_character_is_drawn_by_both_fonts(lang, game, fonts):
    chars = sorted(set(page(lang, game)) - set(" \n"))
    for font in fonts:
        metrics = font.get_metrics("".join(chars))
        missing = [c for c, m in zip(chars, metrics, strict=True) if m is None]
        assert not missing, f"{lang}/{game}.md: {Path(font.path).name} has no glyph for {missing}"
