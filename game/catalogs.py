"""Build and check the translation catalogs (a development tool: ``make catalogs``).

Babel extracts the marked text (``M``, ``Mn``, ``Mp``, ``N_``, ``tr``; game/msg.py) from the
code of each *area* and the player-facing fields of its levels and lessons, into one template
per area (``game/locale/templates/<area>.pot``).  Each language's ``.po`` is updated from it
(no fuzzy matching: a changed English sentence shows in English until it is translated again,
never as a stale guess) and compiled to the ``.mo`` the game reads with the standard library.
The pseudo-locale's catalogs are generated from the templates.

Babel is a development dependency only; the game and its bundles never import this module.

    python -m game.catalogs            # extract, update, compile
    python -m game.catalogs --check    # exit 1, saying what, when anything is stale or missing
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
TEMPLATES = LOCALE / "templates"
LANGS = ("fi", "nl")
PSEUDO = "pseudo"
GAMES = ("amoeba", "invasion", "space", "tigers", "warigami")
AREAS = ("core", "shell", *GAMES)
KEYWORDS: dict[str, Any] = {"M": None, "Mn": (1, 2), "Mp": ((1, "c"), 2), "N_": None, "tr": None}
COMMENT_TAGS = ["TRANSLATORS:"]
#: The fields of level and lesson files a player reads.
JSON_KEYS = frozenset({"title", "description", "say", "summary", "end", "name"})
#: Comment on every entry written without a native speaker's review (docs/translating.md).
UNREVIEWED = "unreviewed"


def area_of(path: Path) -> str | None:
    """The catalog a source file's text belongs to (None: no player-facing text there)."""
    rel = path.relative_to(ROOT).as_posix()
    for g in GAMES:
        if rel.startswith((f"game/rules/{g}/", f"game/ui/views/{g}/", f"game/ui/views/{g}_", f"levels/{g}/")):
            return g
    if not rel.endswith(".py") or rel == "game/catalogs.py" or rel.startswith("game/_data/"):
        return None
    if rel.startswith("game/ui/") and not rel.startswith("game/ui/online/"):
        return "shell"  # the window: menus, setup, play and pause, lessons, replay, settings
    if rel.startswith("game/"):
        return "core"  # engine, sessions, saves, files, levels, lessons' checks, the network, online screens
    return None


def sources() -> Iterator[Path]:
    for p in sorted((ROOT / "game").rglob("*.py")):
        yield p
    for p in sorted((ROOT / "levels").rglob("*.json")):
        yield p


def _json_texts(data: Any, key: str = "") -> Iterator[str]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _json_texts(v, k)
    elif isinstance(data, list):
        for v in data:
            yield from _json_texts(v, key)
    elif isinstance(data, str) and key in JSON_KEYS and re.search(r"[A-Za-z]", data):
        yield data


def extract() -> dict[str, Catalog]:
    """A fresh template per area."""
    out = {a: Catalog(project="Paper Wars", charset="utf-8", fuzzy=False) for a in AREAS}
    for path in sources():
        area = area_of(path)
        if area is None:
            continue
        rel = path.relative_to(ROOT).as_posix()
        cat = out[area]
        if path.suffix == ".json":
            for text in _json_texts(json.loads(path.read_text(encoding="utf-8"))):
                cat.add(text, locations=[(rel, None)])
            continue
        try:
            found = list(extract_from_file("python", str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
                                           options={}, strip_comment_tags=True))
        except Exception as exc:  # Babel's extractor fails without naming the file
            raise SystemExit(f"{rel}: Babel could not read the marked text ({type(exc).__name__}: {exc})") from exc
        for _line, msg, comments, ctx in found:
            if not msg or (isinstance(msg, tuple) and not msg[0]):
                continue
            cat.add(msg, locations=[(rel, None)], auto_comments=comments, context=ctx)
    return out


def _po_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, cat, include_lineno=False, sort_output=True, ignore_obsolete=True, width=100)
    return buf.getvalue()


def _mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat)
    return buf.getvalue()


def _pseudo_text(s: str) -> str:
    """'[Plåy~~]': brackets, accented vowels, 40% longer; placeholders and rule ids kept."""
    table = str.maketrans("aeiouAEIOU", "åéïöüÅÉÏÖÜ")
    parts = re.split(r"(\{[^{}]*\}|\[[A-Z]-[A-Z]+\d+[a-z]?\]|%\{[^}]*\})", s)
    body = "".join(p if i % 2 else p.translate(table) for i, p in enumerate(parts))
    pad = "~" * max(1, round(len(s) * 0.4))
    return f"[{body}{pad}]"


def pseudo(template: Catalog) -> Catalog:
    cat = Catalog(locale="en", project="Paper Wars", charset="utf-8", fuzzy=False)
    for m in template:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            cat.add(m.id, tuple(_pseudo_text(x) for x in m.id), context=m.context)
        else:
            cat.add(m.id, _pseudo_text(m.id), context=m.context)
    return cat


def _read(path: Path, locale: str) -> Catalog:
    with open(path, "rb") as fh:
        return read_po(fh, locale=locale)


def updated(lang: str, area: str, template: Catalog) -> Catalog:
    """``lang``'s catalog for ``area``, brought to ``template`` (new entries empty, gone ones dropped)."""
    path = LOCALE / lang / "LC_MESSAGES" / f"{area}.po"
    cat = _read(path, lang) if path.exists() else Catalog(locale=lang, project="Paper Wars", charset="utf-8",
                                                          fuzzy=False)
    cat.update(template, no_fuzzy_matching=True, update_header_comment=False)
    cat.obsolete.clear()
    return cat


def build() -> dict[Path, bytes]:
    """Every file ``make catalogs`` writes, with its content."""
    files: dict[Path, bytes] = {}
    for area, template in extract().items():
        files[TEMPLATES / f"{area}.pot"] = _po_bytes(template)
        for lang in LANGS:
            cat = updated(lang, area, template)
            files[LOCALE / lang / "LC_MESSAGES" / f"{area}.po"] = _po_bytes(cat)
            files[LOCALE / lang / "LC_MESSAGES" / f"{area}.mo"] = _mo_bytes(cat)
        files[LOCALE / PSEUDO / "LC_MESSAGES" / f"{area}.mo"] = _mo_bytes(pseudo(template))
    return files


def missing(lang: str, area: str) -> list[str]:
    """The English texts of ``area`` that ``lang`` does not translate (in some plural form)."""
    cat = _read(LOCALE / lang / "LC_MESSAGES" / f"{area}.po", lang)
    out = []
    for m in cat:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if not all(strings) or m.fuzzy:
            out.append(m.id[0] if isinstance(m.id, tuple) else m.id)
    return out


def entries(lang: str, area: str) -> list[Message]:
    return [m for m in _read(LOCALE / lang / "LC_MESSAGES" / f"{area}.po", lang) if m.id]


def _meaning(path: Path, data: bytes) -> Any:
    """What a catalog file says, without its header's dates and tool versions (so a fresh
    machine with another Babel finds the same files fresh)."""
    if path.suffix == ".mo":
        import gettext
        t = gettext.GNUTranslations(io.BytesIO(data))
        head = t._catalog.get("", "")  # type: ignore[attr-defined]
        plural = [line for line in str(head).splitlines() if line.startswith("Plural-Forms")]
        return (plural, sorted((repr(k), v) for k, v in t._catalog.items() if k != ""))  # type: ignore[attr-defined]
    cat = read_po(io.BytesIO(data))
    return (cat.plural_forms if path.suffix == ".po" else None,
            sorted((repr(m.id), repr(m.string), m.context or "", tuple(m.auto_comments), tuple(m.user_comments),
                    tuple(sorted(m.locations))) for m in cat if m.id))


def _differs(path: Path, data: bytes) -> bool:
    return not path.exists() or _meaning(path, path.read_bytes()) != _meaning(path, data)


def stale() -> list[str]:
    """The files ``make catalogs`` would change."""
    return [p.relative_to(ROOT).as_posix() for p, data in build().items() if _differs(p, data)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.catalogs", description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="say what is stale or untranslated, change nothing")
    args = ap.parse_args(argv)
    if args.check:
        bad = stale()
        for p in bad:
            print(f"stale: {p} (run make catalogs)")
        gaps = 0
        for area in AREAS:
            for lang in LANGS:
                n = len(missing(lang, area)) if (LOCALE / lang / "LC_MESSAGES" / f"{area}.po").exists() else -1
                if n:
                    gaps += 1
                    print(f"{lang}/{area}: {'no catalog' if n < 0 else f'{n} untranslated'}")
        return 1 if bad or gaps else 0
    for path, data in build().items():
        if _differs(path, data):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT).as_posix()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
