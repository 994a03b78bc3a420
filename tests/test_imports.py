"""The shape of the code, checked from its import statements (issue 23): no import
cycle in src/ at module level, an engine that imports nothing above it, screens that
do not import the app.

Read with ``ast``, not by importing: an ``if TYPE_CHECKING:`` block is left out (it
never runs), an import inside a function is counted apart (it runs late, so it cannot
close a cycle at import time, but it still makes the engine depend on what it names).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "five_hundred"
# what the engine may not import, at any level
ABOVE_THE_ENGINE = ("five_hundred.notation", "five_hundred.i18n", "five_hundred.bots",
                    "five_hundred.hotseat", "five_hundred.ui", "textual", "rich")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in (SRC / PACKAGE).rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, top_level: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom,
                                                              bool]]:
    """Each import statement and whether it runs at module level."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            for other in node.orelse:
                yield from _imports(ast.Module(body=[other], type_ignores=[]), top_level)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, top_level
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield from _imports(node, False)
        else:
            yield from _imports(node, top_level)


def imported(name: str, path: Path, known: set[str]) -> Iterator[tuple[str, bool]]:
    """The modules ``name`` imports (resolved; for ``from X import y`` the submodule
    X.y when there is one) and whether at module level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node, top in _imports(tree, True):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, top
            continue
        base = node.module or ""
        if node.level:
            parent = package.split(".")
            parent = parent[:len(parent) - node.level + 1]
            base = ".".join([*parent, base] if base else parent)
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            yield (sub if sub in known else base), top


def graph(top_level_only: bool) -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: {target for target, top in imported(name, path, known)
                   if target in known and target != name and (top or not top_level_only)}
            for name, path in mods.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected component of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_planted_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_at_module_level() -> None:
    assert cycles(graph(top_level_only=True)) == []


def test_the_engine_imports_nothing_above_it() -> None:
    mods = modules()
    known = set(mods)
    bad = []
    for name, path in mods.items():
        if not name.startswith("five_hundred.engine"):
            continue
        for target, _top in imported(name, path, known):
            if any(target == a or target.startswith(a + ".") for a in ABOVE_THE_ENGINE):
                bad.append(f"{name} imports {target}")
    assert bad == []


def test_no_screen_imports_the_app() -> None:
    edges = graph(top_level_only=False)
    bad = [name for name, targets in edges.items()
           if name.startswith("five_hundred.ui.screens") and "five_hundred.ui.app" in targets]
    assert bad == []


def test_the_checks_see_real_imports() -> None:
    """Positive control: the graph holds edges known to exist."""
    edges = graph(top_level_only=True)
    assert "five_hundred.engine.cards" in edges["five_hundred.engine.state"]
    assert "five_hundred.faces" in edges["five_hundred.notation"]
