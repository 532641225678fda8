"""Helpers shared by the fit tests: one-word names near a room's width, the body sizes the
size search sets a description at, and poker's style set in the fixed-width test font."""

from __future__ import annotations

import pytest

from cards.fit import setter


@pytest.fixture
def recorded(monkeypatch) -> list[float]:
    """The body sizes the search sets the description at (outlined or set), in order."""
    sizes: list[float] = []
    real = setter.description

    def recording(style, blocks, size, context, **options):
        sizes.append(size)
        return real(style, blocks, size, context, **options)

    monkeypatch.setattr(setter, "description", recording)
    return sizes
