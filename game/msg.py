"""Messages the rules say, kept as a message id and its arguments (issue 51).

A :class:`Msg` *is* its English sentence (a ``str``), so records, the command line, ``--json``,
the tests and every ``==`` against English keep working; beside the text it keeps what a
translation needs: the English template (the gettext message id), its plural, the count that
picks between them, a context, and the named arguments.  The window renders a Msg in the
player's language with :func:`game.i18n.tr`; online it travels as :meth:`Msg.to_json`, so
each seat reads its own language.

Nothing here imports gettext or pygame: the rules build Msgs, never translate them.

Mark text for extraction (``make catalogs``) with these three calls only, always with a
literal template and named placeholders (never an f-string: the extractor cannot see it)::

    M("{who} attacks #{n}.", who=name, n=5)
    Mn("{n} card", "{n} cards", count)
    Mp("button", "Move")           # a context for a short word

Whatever is built from a Msg with ``+``, ``%``, slicing or ``.lower()`` is plain English text
again and escapes translation: the pseudo-locale test finds it.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import Any

#: What a placeholder may be in a template that came from outside (the network): a plain name
#: and a short number format ("{n}", "{d:.1f}"), never an attribute, an index or a huge width.
_FIELD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,31}")
_SPEC = re.compile(r"[<>^]?[+]?\d{0,2}(?:\.\d)?[dfs%]?")


def check_template(template: str) -> None:
    """ValueError unless every placeholder of ``template`` is a plain name with a short format."""
    if len(template) > 4000:
        raise ValueError("a message's template is too long")
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError:
        raise ValueError("a message's template is not a template") from None
    for _text, name, spec, conv in parts:
        if name is None:
            continue
        if not _FIELD.fullmatch(name) or conv or not _SPEC.fullmatch(spec or ""):
            raise ValueError("a message's template has a placeholder that is not a plain name")


class Msg(str):
    """An English sentence that remembers how to be said in another language."""

    __slots__ = ("id", "plural", "n", "ctx", "args")

    id: str
    plural: str | None
    n: int | None
    ctx: str | None
    args: Mapping[str, Any]

    def __new__(cls, id: str, args: Mapping[str, Any] | None = None, plural: str | None = None,
                n: int | None = None, ctx: str | None = None) -> Msg:
        args = dict(args or {})
        template = plural if plural is not None and n != 1 else id
        obj = super().__new__(cls, template.format(**args) if args else template)
        obj.id = id
        obj.plural = plural
        obj.n = n
        obj.ctx = ctx
        obj.args = args
        return obj

    def __reduce__(self) -> Any:  # copy/deepcopy keep the message (never used to load files)
        return (Msg, (self.id, self.args, self.plural, self.n, self.ctx))

    def to_json(self) -> dict[str, Any]:
        """The message as data: id, arguments (nested messages as data too), plural, count, context."""
        out: dict[str, Any] = {"id": self.id}
        if self.args:
            out["args"] = {k: (v.to_json() if isinstance(v, Msg) else v) for k, v in self.args.items()}
        if self.plural is not None:
            out["plural"] = self.plural
            out["n"] = self.n
        if self.ctx is not None:
            out["ctx"] = self.ctx
        return out

    @classmethod
    def from_json(cls, data: Any, depth: int = 0) -> Msg:
        """A message from :meth:`to_json`'s data, checked (it may come from the network):
        ValueError says what is wrong.  The English text is rebuilt from the template."""
        if depth > 4:
            raise ValueError("a message nests other messages too deeply")
        if not isinstance(data, Mapping) or not isinstance(data.get("id"), str):
            raise ValueError("a message must be an object with a text 'id'")
        if set(data) - {"id", "args", "plural", "n", "ctx"}:
            raise ValueError("a message has fields it should not have")
        raw = data.get("args", {})
        if not isinstance(raw, Mapping) or len(raw) > 32:
            raise ValueError("a message's 'args' must be an object of at most 32 fields")
        args: dict[str, Any] = {}
        for k, v in raw.items():
            if not isinstance(k, str):
                raise ValueError("a message's argument names must be text")
            if isinstance(v, Mapping):
                v = cls.from_json(v, depth + 1)
            elif v is not None and not isinstance(v, (str, int, float, bool)):
                raise ValueError(f"a message's argument {k!r} must be text, a number or a message")
            args[k] = v
        plural, n, ctx = data.get("plural"), data.get("n"), data.get("ctx")
        check_template(data["id"])
        if isinstance(plural, str):
            check_template(plural)
        if plural is not None and (not isinstance(plural, str) or isinstance(n, bool) or not isinstance(n, int)):
            raise ValueError("a message's 'plural' must be text with a whole number 'n'")
        if ctx is not None and not isinstance(ctx, str):
            raise ValueError("a message's 'ctx' must be text")
        try:
            return cls(data["id"], args, plural, n, ctx)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError) as exc:
            raise ValueError(f"a message's template does not fit its arguments ({type(exc).__name__})") from None


def M(id: str, **args: Any) -> Msg:
    """A sentence with named placeholders: ``M("{who} passes.", who=name)``."""
    return Msg(id, args)


def Mn(singular: str, plural: str, count: int, /, **args: Any) -> Msg:
    """A sentence whose words follow a count (each language's plural rule picks the form);
    the count is also the placeholder ``{n}`` unless ``n`` is given."""
    args.setdefault("n", count)
    return Msg(singular, args, plural, count)


def Mp(ctx: str, id: str, **args: Any) -> Msg:
    """A short word or sentence with a context that tells the translator which sense is meant."""
    return Msg(id, args, ctx=ctx)


def N_(text: str) -> str:
    """Marks a literal for extraction where it is defined (a table of names); it is translated
    where it is drawn (every drawn text passes through :func:`game.i18n.tr`)."""
    return text
