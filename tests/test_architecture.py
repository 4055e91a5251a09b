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
