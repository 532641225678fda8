"""Find the files shipped with the package: fonts, layouts, the embedded compendium, the schema.

In a wheel (and a regular install from it) the folders fonts/, layouts/, data/ and schema/ of the
repository are mapped into the package at build time (pyproject.toml: tool.setuptools.package-dir),
so they lie next to the modules as cards/fonts/... and importlib.resources finds them wherever the
package was installed. In a source checkout (the editable install of the README, or running
from the clone) they stay at the top of the repository, where the same lookup falls back to.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

FOLDERS = ("fonts", "layouts", "data", "schema")


def folder(name: str) -> Path:
    """Return the folder of shipped files called `name` (one of FOLDERS) on the file system."""
    if name not in FOLDERS:
        raise ValueError(f"unknown resource folder {name!r}; expected one of {', '.join(FOLDERS)}")
    # A package installed from a wheel on disk: files() is a pathlib.Path of the package folder.
    installed = Path(str(resources.files("cards") / name))
    if installed.is_dir():
        return installed
    # A source checkout: setuptools' editable finder maps only the modules, so the data folders
    # are read where they are kept, at the top of the repository.
    return Path(__file__).resolve().parent.parent / name


def resource(name: str, file: str) -> Path:
    """Return the path of one shipped file, e.g. resource("data", "kouzla.txt")."""
    return folder(name) / file
