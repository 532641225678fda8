"""Issue 19's rule: no module of the package is longer than 600 lines, so that a file holds one
thing a newcomer can read; a longer one is split by what it does (as cards/cli/ and
cards/messages/ were)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "cards"
MAX_LINES = 600


def test_no_module_is_longer_than_600_lines():
    """Every .py file under cards/ has at most 600 lines."""
    long = {
        str(path.relative_to(PACKAGE)): count
        for path in sorted(PACKAGE.rglob("*.py"))
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_no_function_over_80_lines_and_no_class_over_250():
    """Issue 19's other limits: a function reads on one screen, a class is one thing."""
    import ast

    long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            limit = (
                80
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                else 250
                if isinstance(node, ast.ClassDef)
                else None
            )
            if limit and node.end_lineno - node.lineno + 1 > limit:
                long.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}")
    assert long == []
