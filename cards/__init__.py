"""Kartotéka: printable Czech D&D 5e spell cards."""

DISTRIBUTION = "kartoteka-cards"


def __getattr__(name: str) -> str:
    """Read __version__ from the package metadata when asked (importlib.metadata is slow)."""
    if name != "__version__":
        raise AttributeError(f"module 'cards' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        value = version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a source tree that was never installed
        value = "0+unknown"
    globals()["__version__"] = value
    return value
