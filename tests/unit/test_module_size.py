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
