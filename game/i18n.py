"""The player's language (issue 51): gettext catalogs read at run time, and :func:`tr`.

Catalogs live in the package, one per area so that each game's words sit in their own file
(``game/locale/<lang>/LC_MESSAGES/<area>.mo``, built from the ``.po`` beside it by ``make
catalogs``; docs/translating.md).  The standard library's :mod:`gettext` reads them: no
library joins the bundles for this.  The rules never import this module; they build
:class:`game.msg.Msg` messages, and the window renders them here.

``pseudo`` is a test language: every known message comes out bracketed and 40% longer, so a
text drawn without the brackets is one that escaped translation.
"""

from __future__ import annotations

import gettext
import os
import string
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .msg import Msg

#: The languages a player can pick, each in its own name.
LANGUAGES: dict[str, str] = {"en": "English", "fi": "Suomi", "nl": "Nederlands"}
#: Not offered to players: the test language (PAPERWARS_LANG=pseudo).
PSEUDO = "pseudo"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: Languages that write 12,5 cm.
DECIMAL_COMMA = frozenset({"fi", "nl"})

_language = "en"
_catalog: gettext.NullTranslations = gettext.NullTranslations()
_version = 0


def language() -> str:
    """The language text is rendered in now ("en", "fi", "nl" or "pseudo")."""
    return _language


def version() -> int:
    """Grows at every switch: caches of rendered text key on it."""
    return _version


def areas(lang: str) -> list[Path]:
    """The compiled catalogs of ``lang``, core and shell first, then the games in name order."""
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    if not folder.is_dir():
        return []
    files = sorted(folder.glob("*.mo"), key=lambda p: (p.stem not in ("core", "shell"), p.stem))
    return files


def set_language(lang: str) -> str:
    """Render text in ``lang`` from now on (an unknown language gives English); returns the
    language taken.  The scenes are rebuilt by the app so that their widgets follow."""
    global _language, _catalog, _version
    lang = lang if lang in LANGUAGES or lang == PSEUDO else "en"
    catalog: gettext.NullTranslations = gettext.NullTranslations()
    if lang != "en":
        chain: gettext.NullTranslations | None = None
        for path in areas(lang):
            with open(path, "rb") as fh:
                one = gettext.GNUTranslations(fh)
            if chain is None:
                chain = one
            else:
                chain.add_fallback(one)
        if chain is not None:
            catalog = chain
    _language, _catalog = lang, catalog
    _version += 1
    return lang


def choose_language(saved: str, preferred: Iterable[str] = ()) -> str:
    """The language to start in: ``PAPERWARS_LANG`` wins, then the player's choice in
    Settings, then the first of the system's ``preferred`` locales we have ("fi_FI" -> "fi"),
    else English."""
    env = os.environ.get("PAPERWARS_LANG", "").strip().lower()
    if env in LANGUAGES or env == PSEUDO:
        return env
    if saved in LANGUAGES:
        return saved
    for loc in preferred:
        code = str(loc).replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


class _Formatter(string.Formatter):
    """str.format, with the decimal comma where the language writes one."""

    def __init__(self, comma: bool) -> None:
        self.comma = comma

    def format_field(self, value: Any, format_spec: str) -> str:
        out = format(value, format_spec)
        if self.comma and isinstance(value, float):
            out = out.replace(".", ",")
        return out


_PLAIN, _COMMA = _Formatter(False), _Formatter(True)


def number(value: float, spec: str = "") -> str:
    """A number as the language writes it (12.5 in English, 12,5 in Finnish and Dutch)."""
    out = format(value, spec)
    return out.replace(".", ",") if _language in DECIMAL_COMMA and isinstance(value, float) else out


def _lookup(m: Msg) -> str:
    c = _catalog
    if m.plural is not None:
        n = m.n if m.n is not None else 1
        return c.npgettext(m.ctx, m.id, m.plural, n) if m.ctx else c.ngettext(m.id, m.plural, n)
    return c.pgettext(m.ctx, m.id) if m.ctx else c.gettext(m.id)


def tr(text: Any) -> str:
    """``text`` in the player's language: a :class:`Msg` by its id and arguments (nested
    messages translated too), a plain text by the catalogs (unchanged when they do not know
    it: names, numbers, what the player typed)."""
    if _language == "en":
        return str(text) if not isinstance(text, str) else text
    if isinstance(text, Msg):
        template = _lookup(text)
        if not text.args:
            return template
        args = {k: (tr(v) if isinstance(v, Msg) else v) for k, v in text.args.items()}
        try:
            return (_COMMA if _language in DECIMAL_COMMA else _PLAIN).format(template, **args)
        except (KeyError, IndexError, ValueError, TypeError):
            return str(text)  # a translation whose placeholders do not fit: the English sentence
    if isinstance(text, str):
        return _catalog.gettext(text) if text else text
    return str(text)


def refusal(exc: Any) -> str:
    """An :class:`game.engine.IllegalAction` as the player reads it: the sentence in their
    language, then the rule id as it is ("... [A-P4]")."""
    message, rule = getattr(exc, "message", None), getattr(exc, "rule", None)
    if message is None or not rule:
        return tr(str(exc))
    return f"{tr(message)} [{rule}]"
