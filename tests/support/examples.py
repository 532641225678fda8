"""How many examples a property test draws: all in a full run, a quarter in the fast one."""

from __future__ import annotations

import os

# Set by tests/conftest.py when the run leaves the slow tests out (-m "not slow"). Property
# tests were 15 s of the fast run's 108 CPU seconds; a quarter of their examples keeps each
# one's path in the quick check, and the full run (and bench/mutation.py) draws them all.
FAST = "CARDS_FAST_EXAMPLES"


def examples(full: int) -> int:
    """Give the number of examples to draw: `full`, or a quarter of it (at least 20) when fast."""
    if os.environ.get(FAST) and not os.environ.get("CARDS_MUTATION_RUN"):
        return max(full // 4, min(full, 20))
    return full
