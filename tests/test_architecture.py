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


def _known(name: str, known: set[str]) -> str:
    """The module of ``known`` that ``name`` is or lies in ("" when none: the standard library)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name


def _imported_modules(path: Path, known: set[str]) -> set[str]:
    """Every module of ``known`` that ``path`` imports, by any import statement anywhere in it:
    at the top, inside a function (a lazy import is still a dependency: today's circle hid in
    them) or under ``if TYPE_CHECKING`` (a type-only import is still a circle for a reader).
    ``from package import name`` is the submodule when ``name`` is one, else the package.

    Not counted: the parent packages Python runs first (every ``__init__`` under game/ that holds
    code only registers its own submodules), and a module found by a name at run time
    (``importlib.import_module`` with a name from a table: the scene registry, the rulesets'
    views); those are how the layers reach upwards without an import."""
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
            targets = [f"{root}.{a.name}" if f"{root}.{a.name}" in known else root for a in node.names]
        for t in targets:
            t = _known(t, known)
            if t and t != name:
                out.add(t)
    return out


def import_graph(folder: Path) -> dict[str, set[str]]:
    """Module -> the modules under ``folder`` it imports."""
    files = sorted(folder.rglob("*.py"))
    known = {_module_name(p) for p in files}
    return {_module_name(p): _imported_modules(p, known) for p in files}


def _tangles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected parts of the graph with more than one module (Tarjan): modules
    each of which imports every other one, through the others."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                on.discard(w)
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(part)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out, key=lambda part: min(part))


def _shortest_circle(graph: dict[str, set[str]], part: set[str]) -> list[str]:
    """The shortest circle through the first module (by name) of a tangle, first module last too."""
    start = min(part)
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph[v] & part):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                todo.append(w)
    raise AssertionError("a tangle always holds a circle")


def import_circles(folder: Path) -> list[list[str]]:
    """Import circles among the modules under ``folder``: one per tangle (modules that import
    each other round), the shortest through its first module, as a list of names."""
    graph = import_graph(folder)
    return [_shortest_circle(graph, part) for part in _tangles(graph)]


def circles_report(folder: Path) -> list[str]:
    """One line per tangle: how many modules, one circle through them, and all of them."""
    graph = import_graph(folder)
    return [f"{len(part)} modules import each other round, e.g. {' -> '.join(_shortest_circle(graph, part))}; "
            f"all of them: {', '.join(sorted(part))}" for part in _tangles(graph)]


def test_import_circles_are_found(tmp_path):
    pkg = tmp_path / "game" / "rules" / "toy"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "state.py").write_text("from .notation import write\n")
    (pkg / "notation.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .state import S\n")
    (pkg / "lazy.py").write_text("def f():\n    from . import later\n")  # a lazy import, inside a function
    (pkg / "later.py").write_text("from game.rules.toy import lazy\n")
    (pkg / "alone.py").write_text("from . import state\n")  # imports the tangle, is not in it
    global ROOT
    old, ROOT = ROOT, tmp_path
    try:
        assert import_circles(tmp_path / "game" / "rules") == [
            ["game.rules.toy.later", "game.rules.toy.lazy", "game.rules.toy.later"],
            ["game.rules.toy.notation", "game.rules.toy.state", "game.rules.toy.notation"]]
    finally:
        ROOT = old


def test_no_import_circles_inside_the_rules():
    """Imports run one way inside a ruleset too (STYLE.md): a notation or random-play module is a
    function of the state that the state may call, never the other way round as well."""
    assert import_circles(ROOT / "game" / "rules") == []


def test_no_import_circles_anywhere_in_the_game():
    """Every import statement under game/ (at the top, inside functions, under TYPE_CHECKING)
    runs one way: the rules below the engine's users, the network below the shell, the shell's
    parts below the scenes, and no scene below another (scenes open each other by name)."""
    assert circles_report(ROOT / "game") == []


def _reaches(graph: dict[str, set[str]], start: str) -> dict[str, list[str]]:
    """Every module ``start`` imports, directly or through others, with the chain that gets there."""
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph.get(v, ())):
            if w not in paths:
                paths[w] = paths[v] + [w]
                todo.append(w)
    return paths


def test_the_network_and_the_rules_import_no_pygame():
    """game/net speaks protocol, sessions and views, and wakes the window through a callback the
    shell gives; game/rules knows nothing of the screen.  Neither imports pygame, pygame_gui or
    the shell (game/ui), by any import anywhere in a module, nor through another module of the
    game it imports."""
    files = sorted((ROOT / "game").rglob("*.py"))
    known = {_module_name(p) for p in files}
    graph = {_module_name(p): _imported_modules(p, known) for p in files}
    direct = {_module_name(p) for p in files if imports(p) & {"pygame", "pygame_gui"}}
    bad = []
    for p in files:
        name = _module_name(p)
        if not name.startswith(("game.net", "game.rules")):
            continue
        for reached, chain in _reaches(graph, name).items():
            if reached in direct or reached.startswith("game.ui"):
                bad.append(" -> ".join(chain) + (" (imports pygame)" if reached in direct else " (the shell)"))
                break
    assert bad == []


SCENES = ROOT / "game" / "ui" / "scenes"


def _scene_modules() -> set[str]:
    return {_module_name(p) for p in SCENES.rglob("*.py") if p.name != "__init__.py"}


def test_no_scene_module_imports_another():
    """A scene opens another by name (App.push("pause", play)), never by importing it: a reader
    opens one scene and understands it alone, and a change to one breaks no other's import.
    What scenes share is in modules that are not scenes (game/ui/playing, game/ui/setup.py,
    game/ui/online, game/ui/shell)."""
    files = sorted((ROOT / "game").rglob("*.py"))
    known = {_module_name(p) for p in files}
    scenes = _scene_modules()
    bad = sorted(f"{_module_name(p)} imports {t}" for p in files if _module_name(p) in scenes
                 for t in _imported_modules(p, known) if t in scenes)
    assert bad == []


def test_only_the_scene_registry_names_a_scene_module():
    """Nothing in the game imports a scene module, the app included: the registry
    (game/ui/shell/registry.py) names each "module:Class" and the app imports it when it is
    first shown."""
    files = sorted((ROOT / "game").rglob("*.py"))
    known = {_module_name(p) for p in files}
    scenes = _scene_modules()
    bad = sorted(f"{_module_name(p)} imports {t}" for p in files
                 for t in _imported_modules(p, known) if t in scenes)
    assert bad == []


def test_the_app_reaches_no_scene():
    """game/ui/app.py (and the shell's parts it is made of) imports no module the scene registry
    names, the play scene and the setup screen included, by any chain of imports: every scene is
    reached by its name only."""
    import re

    files = sorted((ROOT / "game").rglob("*.py"))
    known = {_module_name(p) for p in files}
    graph = {_module_name(p): _imported_modules(p, known) for p in files}
    registry = (ROOT / "game" / "ui" / "shell" / "registry.py").read_text(encoding="utf-8")
    named = set(re.findall(r'"(game\.ui\.[a-z_.]+):[A-Za-z]+"', registry))
    assert {"game.ui.scenes.menu", "game.ui.playing.scene", "game.ui.setup"} <= named
    reached = _reaches(graph, "game.ui.app")
    assert sorted(" -> ".join(chain) for m, chain in reached.items() if m in named) == []


#: Longest module of the shell (game/ui/**), in lines.
MAX_SHELL_LINES = 600


def test_no_module_of_the_shell_is_over_600_lines():
    """One idea per file (STYLE.md): the app, each scene, the play scene's parts and the views
    stay short enough to read whole."""
    long = []
    for p in sorted((ROOT / "game" / "ui").rglob("*.py")):
        rel = p.relative_to(ROOT).as_posix()
        n = len(p.read_text(encoding="utf-8").splitlines())
        if n > MAX_SHELL_LINES:
            long.append(f"{rel}: {n} lines")
    assert long == []


def _named_paths(text: str) -> list[str]:
    """Every path under game/ or docs/ that a page names in backquotes (a ``<game>`` stands for
    any one game: the first of the registry's)."""
    import re

    out = []
    for quoted in re.findall(r"`([^`\s]+)`", text):
        if quoted.startswith(("game/", "docs/")):
            out.append(quoted.replace("<game>", "amoeba"))
    return out


def test_named_paths_are_found():
    text = "the play scene `game/ui/playing/scene.py`, `game/rules/<game>/` and `docs/rules/<game>.md`; `App.push`"
    assert _named_paths(text) == ["game/ui/playing/scene.py", "game/rules/amoeba/", "docs/rules/amoeba.md"]


def test_the_architecture_page_names_only_modules_that_exist():
    """docs/architecture.md stays true to the tree: every module, package and page it names is there."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = _named_paths(page)
    assert len(named) > 30  # the page names the modules (a page that names none is not checked)
    assert [p for p in named if not (ROOT / p).exists()] == []
