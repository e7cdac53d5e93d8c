"""The house's rules of import, as docs/architecture.md draws them: no circles, and data flows one
way (lexicon -> grid, scrabble -> views -> cli). Read from the source with ``ast``, so that a new
import that breaks the design fails here, whatever runs."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import REPO

PACKAGE = REPO / "elzzur"

# A part may import from parts of a lower rank only (the shared modules, rank 0, from none).
RANKS = {"lexicon": 1, "grid": 2, "scrabble": 2, "views": 3, "cli": 4, "web": 4, "__main__": 5}

# Notebook display: a model hands itself to a view, importing it only when a notebook asks.
LAZY_VIEWS = {"_repr_html_", "_repr_svg_"}


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "res" in path.relative_to(PACKAGE).parts:
            continue
        parts = list(path.relative_to(REPO).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = modules()


def rank(module: str) -> int:
    if module == "elzzur":  # the Python API: a facade over every part, like the command line
        return RANKS["__main__"]
    return RANKS.get(part(module), 0)


def imports(module: str, path: Path, top_level_only: bool):
    """(imported module, the function it is imported in or None) for each import."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def walk(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and getattr(child.test, "id", "") == "TYPE_CHECKING":
                continue  # names for type checkers, never imported when running
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if not top_level_only:
                    yield from walk(child, child.name)
                continue
            if isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")
                    base = ".".join(parts[:len(parts) - child.level + 1] + ([base] if base else []))
                for alias in child.names:
                    name = f"{base}.{alias.name}"
                    if name != "elzzur._core":  # the C core: a leaf, it imports nothing
                        yield (name if name in MODULES else base), function
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    yield alias.name, function
            else:
                yield from walk(child, function)

    for target, function in walk(tree, None):
        if target in MODULES and target != module:
            yield target, function


def test_the_package_is_found():
    assert {"elzzur.grid.board", "elzzur.lexicon.graph", "elzzur.views.text", "elzzur.cli.solve",
            "elzzur.scrabble.movegen", "elzzur.__main__"} <= set(MODULES)


def test_no_import_circles_at_module_level():
    graph = {m: {t for t, _ in imports(m, p, top_level_only=True)} for m, p in MODULES.items()}
    state: dict[str, int] = {}
    circles = []

    def visit(module, stack):
        state[module] = 1
        stack.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                circles.append(stack[stack.index(target):] + [target])
            elif target not in state:
                visit(target, stack)
        stack.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [])
    assert circles == []


def test_data_flows_one_way():
    """No module imports a part of a higher rank, even inside a function, except a model's
    notebook display importing its view."""
    upward = []
    for module, path in MODULES.items():
        for target, function in imports(module, path, top_level_only=False):
            if rank(target) > rank(module) and function not in LAZY_VIEWS:
                upward.append(f"{module} ({function or 'top level'}) -> {target}")
    assert upward == []


def part(module: str) -> str:
    return module.split(".")[1] if "." in module else ""


def test_grid_and_scrabble_do_not_import_each_other():
    crossing = [f"{m} -> {t}" for m, p in MODULES.items() for t, _ in imports(m, p, False)
                if {part(m), part(t)} == {"grid", "scrabble"}]
    assert crossing == []
