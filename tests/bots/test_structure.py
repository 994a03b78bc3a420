"""The bots package stays untangled: no import cycle between its modules at module
level (imports under ``if TYPE_CHECKING:`` aside: they never run), and no module takes
another's private name (a leading underscore), by import or by ``module._name``.

Read from the source with ``ast``, so a cycle is caught even when the import order of
the moment happens to work.
"""

from __future__ import annotations

import ast
from pathlib import Path

import five_hundred.bots as bots

PACKAGE = "five_hundred.bots"
BOT_DIR = Path(bots.__file__).parent


def module_name(path: Path) -> str:
    return PACKAGE if path.stem == "__init__" else f"{PACKAGE}.{path.stem}"


def sources() -> dict[str, ast.Module]:
    return {module_name(p): ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted(BOT_DIR.glob("*.py"))}


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_in(node: ast.AST, deferred: bool = False) -> list[ast.Import | ast.ImportFrom]:
    """The imports run when the module is imported: not those under
    ``if TYPE_CHECKING:`` (never run), nor those in function bodies (run when called)
    unless ``deferred``."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        return [node]
    if not deferred and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        return []
    children: list[ast.AST] = list(ast.iter_child_nodes(node))
    if isinstance(node, ast.If) and is_type_checking(node):
        children = list(node.orelse)
    return [i for child in children for i in imports_in(child, deferred)]


def imported_from(node: ast.ImportFrom, module: str) -> str:
    """The absolute module a ``from … import`` reads from."""
    if not node.level:
        return node.module or ""
    package = module if module == PACKAGE else module.rsplit(".", 1)[0]
    base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
    return f"{base}.{node.module}" if node.module else base


def targets(node: ast.Import | ast.ImportFrom, module: str, known: set[str]) -> set[str]:
    """The package's modules an import statement loads (``from . import x`` loads the
    submodule ``x``; ``from .x import y`` loads ``x``)."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names} & known
    base = imported_from(node, module)
    out = set()
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        out.add(sub if sub in known else base)
    return out & known


def import_graph(deferred: bool = False) -> dict[str, set[str]]:
    trees = sources()
    known = set(trees)
    return {name: {t for node in imports_in(tree, deferred)
                   for t in targets(node, name, known)} - {name}
            for name, tree in trees.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle found by depth-first search (one path per back edge)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append([*path[path.index(nxt):], nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def is_private(name: str) -> bool:
    # ``_`` alone is gettext's conventional name (five_hundred.i18n), not a private one
    return name.startswith("_") and name != "_" and not name.startswith("__")


def private_uses(name: str, tree: ast.Module) -> list[str]:
    """Private names this module takes from others: imported, or read off an imported
    module (``hard._playout``)."""
    uses: list[str] = []
    modules: set[str] = set()  # local names bound to imported modules
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if is_private(alias.name):
                    uses.append(f"{name}:{node.lineno} imports {alias.name}")
                if not node.module or node.level:  # from . import match: a module
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            modules |= {(a.asname or a.name).split(".")[0] for a in node.names}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_private(node.attr) \
                and isinstance(node.value, ast.Name) and node.value.id in modules:
            uses.append(f"{name}:{node.lineno} reads {node.value.id}.{node.attr}")
    return uses


def test_the_graph_sees_the_package_imports() -> None:
    """Positive control: the graph holds edges known to exist (hard uses the solver,
    ``from . import match`` counts as an import of the submodule)."""
    graph = import_graph()
    assert f"{PACKAGE}.solver" in graph[f"{PACKAGE}.hard"]
    assert f"{PACKAGE}.match" in graph[f"{PACKAGE}.hard"]
    # TYPE_CHECKING imports are left out: solver_keys names Solver only for mypy
    assert f"{PACKAGE}.solver" not in graph[f"{PACKAGE}.solver_keys"]


def test_cycle_finder_finds_a_planted_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_level_import_cycle_in_bots() -> None:
    assert cycles(import_graph()) == []


def test_no_cycle_hidden_in_a_function_level_import() -> None:
    """Nor one postponed into a function body (hard and mc once imported each other
    that way)."""
    assert cycles(import_graph(deferred=True)) == []


def test_no_private_name_taken_across_bot_modules() -> None:
    planted = ast.parse("from .hard import _playout\nfrom . import mc\nmc._strains(k)\n")
    assert len(private_uses("planted", planted)) == 2  # positive control
    found = [u for name, tree in sources().items() for u in private_uses(name, tree)]
    assert found == []
