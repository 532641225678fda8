"""Test runs keep rewritten test modules as bytecode; mutation runs write none, fix examples."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SMALL = "tests/unit/test_module_size.py"


def collect(prefix: Path, **env: str) -> list[str]:
    """Collect one small test module in a fresh pytest with bytecode writing turned off."""
    environment = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": str(prefix)}
    environment.pop("CARDS_MUTATION_RUN", None)
    environment.update(env)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "--co", "-p", "no:cacheprovider", SMALL],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return sorted(path.name for path in prefix.rglob("*.pyc"))


@pytest.mark.slow  # two fresh pytest processes: 8 s each here
def test_a_test_run_keeps_its_rewritten_modules_despite_pythondontwritebytecode(tmp_path):
    written = collect(tmp_path)
    assert "test_module_size.cpython-{}{}-pytest".format(*sys.version_info[:2]) in " ".join(written)
    assert any(name.startswith("model.") for name in written)  # cards/ too


@pytest.mark.slow
def test_a_mutation_run_writes_no_bytecode(tmp_path):
    assert collect(tmp_path, CARDS_MUTATION_RUN="1") == []


def test_the_mutation_tool_asks_for_fresh_bytecode():
    source = (ROOT / "bench" / "mutation.py").read_text("utf-8")
    assert 'os.environ["CARDS_MUTATION_RUN"] = "1"' in source


@pytest.mark.parametrize("mutation", [True, False])
def test_a_mutation_run_draws_the_same_examples_and_keeps_none(mutation):
    """Under bench/mutation.py, hypothesis is derandomised and has no example database;
    otherwise the test settings are hypothesis's own (which derandomise under CI by themselves)."""
    environment = {**os.environ}
    environment.pop("CARDS_MUTATION_RUN", None)
    if mutation:
        environment["CARDS_MUTATION_RUN"] = "1"
    code = (
        "import hypothesis\n"
        "def now():\n"
        "    s = hypothesis.settings.default\n"
        "    return s.derandomize, s.database is None\n"
        "before = now()\n"
        "import tests.conftest\n"
        "print(*before, *now())\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    before, after = run.stdout.split()[:2], run.stdout.split()[2:]
    assert after == (["True", "True"] if mutation else before)
