"""Kartotéka: printable Czech D&D 5e spell cards."""

__version__ = "0.1.0"
