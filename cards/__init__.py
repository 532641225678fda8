"""Kartotéka: printable Czech D&D 5e spell cards."""

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "kartoteka-cards"

try:
    __version__ = version(DISTRIBUTION)
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
