"""The tests share helpers only through tests/support/: no test module imports another."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def imported_modules(source: str, package: str) -> list[tuple[int, str]]:
    """Every module a file of `package` imports from, relative imports resolved: (line, name)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            found.append((node.lineno, module))
            # `from tests.unit import test_fit` names the module among its names
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def outside_support(source: str, package: str) -> list[tuple[int, str]]:
    """The imports of tests.* modules other than tests.support and its modules."""
    return [
        (line, module)
        for line, module in imported_modules(source, package)
        if (module == "tests" or module.startswith("tests."))
        and not (module == "tests.support" or module.startswith("tests.support."))
    ]


def test_tests_import_only_the_support_package():
    """Imports from tests.* reach tests.support only: never a test module nor a conftest."""
    wrong = []
    for path in sorted(TESTS.rglob("*.py")):
        package = ".".join(path.relative_to(TESTS.parent).parts[:-1])
        for line, module in outside_support(path.read_text(encoding="utf-8"), package):
            wrong.append(f"{path.relative_to(TESTS.parent)}:{line}: {module}")
    assert not wrong, "\n".join(wrong)


def test_the_walk_sees_relative_and_absolute_imports():
    """A conftest imported relatively, a test module by name or whole: each is found."""
    source = (
        "from .conftest import x\n"
        "from tests.unit import test_fit\n"
        "import tests.readback\n"
        "from tests.support.spells import make_spell\n"
        "from ..support import fonts\n"
    )
    assert outside_support(source, "tests.web") == [
        (1, "tests.web.conftest"),
        (1, "tests.web.conftest.x"),
        (2, "tests.unit"),
        (2, "tests.unit.test_fit"),
        (3, "tests.readback"),
    ]
