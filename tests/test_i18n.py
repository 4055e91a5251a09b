"""Paper Wars in Finnish, Dutch and English (issue 51): messages, catalogs, the font."""

from __future__ import annotations

import copy
import io
import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game import catalogs, i18n
from game.msg import M, Mn, Mp, Msg

ROOT = Path(__file__).resolve().parent.parent
AREAS = catalogs.AREAS
RULE_ID = re.compile(r"\b[A-Z]-[A-Z]+\d+[a-z]?\b")


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


def test_a_message_is_its_english_sentence_and_keeps_its_template():
    m = M("{who} attacks #{n} from {d:.1f} cm.", who=M("Player {n}", n=2), n=5, d=12.5)
    assert m == "Player 2 attacks #5 from 12.5 cm." and isinstance(m, str)
    assert m.id == "{who} attacks #{n} from {d:.1f} cm." and m.args["n"] == 5
    assert json.dumps({"text": m}) == '{"text": "Player 2 attacks #5 from 12.5 cm."}'  # records stay English
    assert copy.deepcopy(m).args["who"].id == "Player {n}"
    assert Mn("{n} card", "{n} cards", 1) == "1 card" and Mn("{n} card", "{n} cards", 3) == "3 cards"
    assert Mp("button", "Move") == "Move"


def test_a_message_travels_as_data_and_a_hostile_one_is_refused():
    m = M("{who} has {cards}.", who=M("Player {n}", n=1), cards=Mn("{n} card", "{n} cards", 2))
    back = Msg.from_json(json.loads(json.dumps(m.to_json())))
    assert back == m and back.args["cards"].plural == "{n} cards"
    for bad in ({"id": "{a.__class__}", "args": {"a": "x"}}, {"id": "{a:>999999999}", "args": {"a": "x"}},
                {"id": "{a[0]}", "args": {"a": "x"}}, {"id": "{a!r}", "args": {"a": "x"}},
                {"id": "{missing}", "args": {"n": 1}}, {"id": 5}, {"id": "x", "args": {"a": [1]}}, {"id": "x", "evil": 1},
                {"id": "{n}", "plural": "{n}s", "n": True}):
        with pytest.raises(ValueError):
            Msg.from_json(bad)


def _install(tmp_path: Path, monkeypatch, entries: dict) -> None:
    cat = Catalog(locale="fi")
    for key, value in entries.items():
        cat.add(key, value)
    folder = tmp_path / "fi" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    buf = io.BytesIO()
    write_mo(buf, cat)
    (folder / "shell.mo").write_bytes(buf.getvalue())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)


def test_tr_says_a_message_in_the_language_with_its_arguments_plurals_and_decimal_comma(
        tmp_path, monkeypatch, english):
    _install(tmp_path, monkeypatch, {
        "{who} attacks #{n} from {d:.1f} cm.": "{who} hyökkää maahan #{n} {d:.1f} cm:n päästä.",
        "Player {n}": "Pelaaja {n}",
        ("{n} card", "{n} cards"): ("{n} kortti", "{n} korttia"),
        "Settings": "Asetukset",
    })
    m = M("{who} attacks #{n} from {d:.1f} cm.", who=M("Player {n}", n=2), n=5, d=12.5)
    assert i18n.set_language("fi") == "fi"
    assert i18n.tr(m) == "Pelaaja 2 hyökkää maahan #5 12,5 cm:n päästä."
    assert i18n.tr(Mn("{n} card", "{n} cards", 3)) == "3 korttia"
    assert i18n.tr(Mn("{n} card", "{n} cards", 1)) == "1 kortti"
    assert i18n.tr("Settings") == "Asetukset" and i18n.tr("Anna") == "Anna"  # a name stays a name
    assert i18n.number(12.5, ".1f") == "12,5"
    i18n.set_language("en")
    assert i18n.tr(m) == "Player 2 attacks #5 from 12.5 cm." and i18n.number(12.5, ".1f") == "12.5"


def test_a_translation_whose_placeholders_do_not_fit_falls_back_to_english(tmp_path, monkeypatch, english):
    _install(tmp_path, monkeypatch, {"{who} passes.": "{kuka} passaa."})
    i18n.set_language("fi")
    assert i18n.tr(M("{who} passes.", who="Anna")) == "Anna passes."


def test_the_language_follows_the_environment_then_the_choice_then_the_system(monkeypatch):
    monkeypatch.delenv("PAPERWARS_LANG", raising=False)
    assert i18n.choose_language("", ["fi_FI", "en_GB"]) == "fi"
    assert i18n.choose_language("", ["de_DE", "nl_BE"]) == "nl"
    assert i18n.choose_language("", ["de_DE"]) == "en"
    assert i18n.choose_language("nl", ["fi_FI"]) == "nl"
    monkeypatch.setenv("PAPERWARS_LANG", "fi")
    assert i18n.choose_language("nl", ["en"]) == "fi"
    monkeypatch.setenv("PAPERWARS_LANG", "xx")
    assert i18n.choose_language("", []) == "en"


def test_pseudo_brackets_what_the_catalogs_know_and_nothing_else(english):
    i18n.set_language("pseudo")
    known = next(m for a in AREAS for m in catalogs.entries("fi", a)
                 if isinstance(m.id, str) and "{" not in m.id and not m.context)
    out = i18n.tr(known.id)
    assert out.startswith("[") and out.endswith("]") and len(out) >= 1.4 * len(known.id)
    assert i18n.tr("an English text nobody marked") == "an English text nobody marked"


def test_the_catalogs_are_fresh():
    """The templates equal a fresh extraction, the fi and nl catalogs follow them, and every
    .mo is compiled from its .po (run `make catalogs` when this fails)."""
    assert catalogs.stale() == []


@pytest.mark.parametrize("lang", catalogs.LANGS)
@pytest.mark.parametrize("area", AREAS)
def test_every_text_has_a_translation_in_every_plural_form(lang, area):
    assert catalogs.missing(lang, area) == []


def _placeholders(s: str) -> set[str]:
    return {name for _t, name, _s, _c in string.Formatter().parse(s) if name is not None}


@pytest.mark.parametrize("lang", catalogs.LANGS)
@pytest.mark.parametrize("area", AREAS)
def test_every_translation_keeps_the_placeholders_and_rule_ids(lang, area):
    bad = []
    for m in catalogs.entries(lang, area):
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for k, s in enumerate(strings):
            if not s:
                continue
            english = ids[min(k, len(ids) - 1)]
            want, got = _placeholders(english), _placeholders(s)
            if k == 0 and len(ids) > 1:  # a singular may say "one" instead of {n}
                want, got = want - {"n"}, got - {"n"}
            if want != got or set(RULE_ID.findall(english)) != set(RULE_ID.findall(s)):
                bad.append((english, s))
    assert bad == []


def test_the_font_has_every_letter_of_every_translation():
    """pygame draws a missing glyph as an empty box without complaint: read the fonts' maps."""
    import pygame.freetype as ft

    ft.init()
    letters: set[str] = set()
    for lang in catalogs.LANGS:
        for area in AREAS:
            for m in catalogs.entries(lang, area):
                for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
                    letters.update(s or "")
        for page in (ROOT / "docs" / "rules" / lang).glob("*.md") if (ROOT / "docs" / "rules" / lang).is_dir() else ():
            letters.update(page.read_text(encoding="utf-8"))
    letters -= {"\n", "\t"}
    for path in sorted((ROOT / "sprites" / "fonts").glob("*.otf")):
        font = ft.Font(str(path), 20)
        chars = sorted(letters)
        missing = [c for c, metric in zip(chars, font.get_metrics("".join(chars)), strict=True) if metric is None]
        assert missing == [], f"{path.name} lacks {missing}"


def test_the_rules_never_import_gettext_or_the_translations():
    from tests.test_architecture import imports, py_files

    bad = []
    for p in py_files():
        src = p.read_text(encoding="utf-8")
        if "gettext" in imports(p) or re.search(r"from \.+ import i18n|from \.+i18n import|game\.i18n", src):
            bad.append(p.relative_to(ROOT).as_posix())
    assert bad == []


@pytest.mark.parametrize("lang", catalogs.LANGS)
def test_one_english_text_has_one_translation_in_every_area(lang):
    """The catalogs are searched in turn (game/i18n.py), so a text two areas share must read
    the same in both, or the second area's choice would never show: a different sense needs
    a context (Mp)."""
    seen: dict = {}
    clashes = []
    for area in AREAS:
        for m in catalogs.entries(lang, area):
            key = (m.context, m.id)
            if key in seen and seen[key][1] != m.string and m.string:
                clashes.append((m.id, seen[key], (area, m.string)))
            elif m.string:
                seen.setdefault(key, (area, m.string))
    assert clashes == []
