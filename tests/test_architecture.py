"""Rules know nothing of the screen; chance never comes from the global random."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = [ROOT / "game" / "rules", ROOT / "game" / "engine.py", ROOT / "game" / "records.py",
        ROOT / "game" / "session.py", ROOT / "game" / "saves.py", ROOT / "game" / "agents.py",
        ROOT / "game" / "selfplay.py", ROOT / "game" / "levels.py"]


def py_files():
    for p in PURE:
        yield from ([p] if p.is_file() else sorted(p.rglob("*.py")))


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level and node.module and node.module.startswith("ui"):
            out.add("ui")
    return out


def test_rules_and_engine_never_import_pygame():
    bad = [str(p.relative_to(ROOT)) for p in py_files() if imports(p) & {"pygame", "pygame_gui", "ui"}]
    assert bad == []


def test_rules_never_use_global_random_pickle_or_eval():
    bad = []
    for p in py_files():
        src = p.read_text(encoding="utf-8")
        if imports(p) & {"random", "pickle", "marshal", "shelve"}:
            bad.append(str(p.relative_to(ROOT)))
        tree = ast.parse(src)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("eval", "exec"):
                bad.append(f"{p.relative_to(ROOT)}: {node.func.id}")
    assert bad == []


def test_nothing_in_the_package_loads_with_pickle_or_eval():
    bad = []
    for p in (ROOT / "game").rglob("*.py"):
        if imports(p) & {"pickle", "marshal", "shelve"}:
            bad.append(str(p))
    assert bad == []


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imported_modules(path: Path, known: set[str]) -> set[str]:
    """Every module of ``known`` that ``path`` imports anywhere: at the top, inside a function or
    under ``if TYPE_CHECKING`` (a type-only import is still a circle for a reader)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                root = ".".join(base + ([node.module] if node.module else []))
            else:
                root = node.module or ""
            targets = [root] + [f"{root}.{a.name}" for a in node.names]
        for t in targets:
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name and not name.startswith(t + "."):
                out.add(t)
    return out


def import_circles(folder: Path) -> list[list[str]]:
    """Import circles among the modules under ``folder`` (each circle once, as a list of names)."""
    files = sorted(folder.rglob("*.py"))
    known = {_module_name(p) for p in files}
    graph = {_module_name(p): _imported_modules(p, known) for p in files}
    circles: list[list[str]] = []
    seen: set[frozenset[str]] = set()

    def walk(node: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt in path:
                loop = path[path.index(nxt):]
                if frozenset(loop) not in seen:
                    seen.add(frozenset(loop))
                    circles.append(loop + [nxt])
            elif len(path) < 12:
                walk(nxt, path + [nxt])

    for start in sorted(graph):
        walk(start, [start])
    return circles


def test_import_circles_are_found(tmp_path):
    pkg = tmp_path / "game" / "rules" / "toy"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "state.py").write_text("from .notation import write\n")
    (pkg / "notation.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .state import S\n")
    global ROOT
    old, ROOT = ROOT, tmp_path
    try:
        assert import_circles(tmp_path / "game" / "rules") == [["game.rules.toy.notation", "game.rules.toy.state",
                                                                 "game.rules.toy.notation"]]
    finally:
        ROOT = old


def test_no_import_circles_inside_the_rules():
    """Imports run one way inside a ruleset too (STYLE.md): a notation or random-play module is a
    function of the state that the state may call, never the other way round as well."""
    assert import_circles(ROOT / "game" / "rules") == []
