"""The import graph: painters paint finished faces, the fitter and typesetter know no painter,
the reader of spell files knows neither, lint has its own package, and no module takes another's
`_` names."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import cards

ROOT = Path(cards.__file__).resolve().parent
PAINT = ("cards.paint",)  # the painters' package: every module in it, a new one too
LAYOUT = ("cards.fit", "cards.typeset")
SOURCE = ("cards.source",)  # the first stage: spell files in, records out


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _from_module(node: ast.ImportFrom, package: str) -> str:
    """The module a from-import names, a relative one resolved against `package`."""
    base = node.module or ""
    if node.level:
        anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join([*anchor, base] if base else anchor)
    return base


def _imports(tree: ast.AST, package: str) -> set[str]:
    """Every module of `cards` a module imports at run time, lazy imports in functions too."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _from_module(node, package)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


@functools.cache  # the package's sources do not change during a run; read once, not per test
def import_graph() -> dict[str, frozenset[str]]:
    """Map each module of the package to the modules of the package it imports."""
    modules = {_module_name(path): path for path in ROOT.rglob("*.py")}
    graph: dict[str, frozenset[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = set()
        for target in _imports(ast.parse(path.read_text(encoding="utf-8")), package):
            # Importing cards.fit.style runs cards/fit/__init__.py first.
            parts = target.split(".")
            targets.update(".".join(parts[:n]) for n in range(2, len(parts) + 1))
        graph[name] = frozenset(t for t in targets if t in modules and t != name)
    return graph


def reached(graph: dict[str, frozenset[str]], start: str) -> set[str]:
    """Return every module `start` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in graph[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def _within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def test_painters_import_no_fitter_or_typesetter():
    """Every module of cards.paint paints finished faces: cards.fit and cards.typeset unreached."""
    graph = import_graph()
    painters = [m for m in graph if _within(m, PAINT)]
    assert "cards.paint.draw" in painters
    for painter in painters:
        wrong = sorted(m for m in reached(graph, painter) if _within(m, LAYOUT))
        assert wrong == [], f"{painter} reaches {wrong}"


def test_fitter_and_typesetter_import_no_painter():
    """cards.fit and cards.typeset never reach a painter."""
    graph = import_graph()
    for module in graph:
        if _within(module, LAYOUT):
            wrong = sorted(m for m in reached(graph, module) if _within(m, PAINT))
            assert wrong == [], f"{module} reaches {wrong}"


def _external_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.add(node.module or "")
    return found


def test_only_painters_draw_on_a_canvas():
    """Backs, index pages and the calibration sheet are faces: no builder opens a canvas."""
    drawing = sorted(
        _module_name(path)
        for path in ROOT.rglob("*.py")
        if any(name.startswith("reportlab.pdfgen") for name in _external_imports(path))
    )
    assert drawing and all(_within(m, PAINT) for m in drawing), drawing


def test_the_graph_sees_lazy_and_package_imports():
    """The walk finds imports inside functions and the packages a dotted import runs."""
    graph = import_graph()
    assert "cards.fit" in graph["cards.backs"]  # via cards.fit.fields
    assert "cards.build" in graph["cards.cli.images"]  # imported inside a command
    assert "cards.typeset" not in graph["cards.face"]  # only for type checking


def test_source_reaches_no_fitter_or_typesetter():
    """cards.source, the first stage, reaches neither cards.fit nor cards.typeset (nor lint)."""
    graph = import_graph()
    readers = [m for m in graph if _within(m, SOURCE)]
    assert "cards.source.text" in readers
    for reader in readers:
        wrong = sorted(m for m in reached(graph, reader) if _within(m, (*LAYOUT, "cards.lint")))
        assert wrong == [], f"{reader} reaches {wrong}"


def test_lint_lives_in_its_package():
    """The checks `cards lint` runs are modules of cards.lint; the loose lint modules are gone."""
    graph = import_graph()
    assert {"cards.lint.files", "cards.lint.fields", "cards.lint.glyphs"} <= set(graph)
    loose = {"cards.glyphs", "cards.wording", "cards.source.fields"} & set(graph)
    assert loose == set()
    assert "cards.source.wording" in graph["cards.source.text"]  # only the parser calls it
    # The lint command is wired to the package, not to the checks' former homes.
    assert {"cards.lint.files", "cards.lint.report"} <= graph["cards.cli.spells"]


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _dotted(node: ast.AST) -> str | None:
    """ "a.b.c" for a chain of names and attributes, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])


def private_crossings(path: Path, modules: frozenset[str]) -> list[str]:
    """Every `_` name of another module of the package that the module at `path` uses:
    `from cards.x import _y`, and `m._y` where `m` names an imported module of the package."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = f"{path.relative_to(ROOT.parent)}"
    bound: dict[str, str] = {}  # a local name -> the module of the package it is
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    local = alias.asname or alias.name.partition(".")[0]
                    bound[local] = alias.name if alias.asname else local
        elif isinstance(node, ast.ImportFrom):
            base = _from_module(node, package)
            if base not in modules:
                continue
            for alias in node.names:
                if _private(alias.name) and base != name:
                    found.append(f"{where}:{node.lineno}: from {base} import {alias.name}")
                elif f"{base}.{alias.name}" in modules:
                    bound[alias.asname or alias.name] = f"{base}.{alias.name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            dotted = _dotted(node.value)
            head, _, rest = (dotted or "").partition(".")
            if head in bound:
                target = ".".join(filter(None, (bound[head], rest)))
                if target in modules and target != name:
                    found.append(f"{where}:{node.lineno}: {target}.{node.attr}")
    return found


def test_no_private_name_crosses_a_module():
    """No module of cards/ imports or reaches into another module's `_` names: what one module
    needs of another is that module's public API."""
    modules = frozenset(import_graph())
    crossings = [c for path in sorted(ROOT.rglob("*.py")) for c in private_crossings(path, modules)]
    assert crossings == []
