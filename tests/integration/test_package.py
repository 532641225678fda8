"""The package: shipped files, version, running from anywhere, Windows-safe output."""

from __future__ import annotations

import fnmatch
import importlib.metadata
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

import cards
from cards import console
from cards.cli import main
from cards.resources import FOLDERS, folder, resource

REPO = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
CARDS = Path(sys.executable).with_name("cards")


def _setuptools(key: str) -> dict:
    return PYPROJECT["tool"]["setuptools"][key]


def test_every_package_and_resource_folder_is_in_the_wheel():
    """Each code package and each folder the code reads (fonts, layouts, ...) is in the wheel."""
    mapped = _setuptools("package-dir")
    present = [name for name in FOLDERS if (REPO / name).is_dir()]
    assert {f"cards.{name}": name for name in present} == mapped
    code = {
        ".".join(path.parent.relative_to(REPO).parts)
        for path in (REPO / "cards").rglob("__init__.py")
    }
    assert set(_setuptools("packages")) == code | set(mapped)


@pytest.mark.parametrize("name", [name for name in FOLDERS if (REPO / name).is_dir()])
def test_every_shipped_file_is_declared(name):
    """Every file kept in a resource folder matches a package-data pattern, so the wheel has it."""
    patterns = _setuptools("package-data")[f"cards.{name}"]
    files = [path for path in (REPO / name).rglob("*") if path.is_file()]
    assert files
    relative = [path.relative_to(REPO / name).as_posix() for path in files]
    missing = [path for path in relative if not any(fnmatch.fnmatch(path, p) for p in patterns)]
    assert missing == []


def test_resources_are_the_folders_of_the_checkout():
    """In a source checkout the resources are the repository's own folders."""
    assert folder("fonts") == REPO / "fonts"
    assert resource("data", "kouzla.txt") == REPO / "data" / "kouzla.txt"
    assert (folder("layouts") / "poker.toml").is_file()
    with pytest.raises(ValueError, match="unknown resource folder"):
        folder("images")


def test_resources_found_inside_the_installed_package(tmp_path, monkeypatch):
    """An installed package's own cards/<folder> is preferred to anything around it."""
    package = tmp_path / "site" / "cards"
    (package / "fonts").mkdir(parents=True)
    for module in ("__init__.py", "resources.py"):
        (package / module).write_bytes((REPO / "cards" / module).read_bytes())
    code = "import cards.resources as r; print(r.folder('fonts')); print(r.folder('data'))"
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [str(package / "fonts"), str(tmp_path / "site" / "data")]


def test_no_module_finds_files_by_path_arithmetic():
    """Only cards/resources.py knows where shipped files lie."""
    offenders = [
        path.name
        for path in sorted((REPO / "cards").rglob("*.py"))
        if path.name != "resources.py" and "__file__" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_version_comes_from_the_package_metadata():
    """`cards --version` prints the installed distribution's version."""
    expected = importlib.metadata.version("kartoteka-cards")
    assert cards.__version__ == expected == PYPROJECT["project"]["version"]
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"cards, verze {expected}\n"


def test_commands_work_from_another_directory(tmp_path):
    """The installed `cards` finds its layouts and compendium wherever it is run."""
    result = subprocess.run(
        [str(CARDS), "class", "druid", "--level", "0"], cwd=tmp_path, capture_output=True
    )
    assert result.returncode == 0, result.stderr.decode()
    assert (tmp_path / "out" / "druid-0.pdf").read_bytes().startswith(b"%PDF-")


def _run(args, tmp_path, encoding):
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run([str(CARDS), *args], cwd=tmp_path, env=env, capture_output=True)


_UTF8: dict[tuple[str, ...], str] = {}


def _utf8_output(args, tmp_path) -> str:
    """What the command prints on a UTF-8 console: run once, for both code pages' tests."""
    if tuple(args) not in _UTF8:
        _UTF8[tuple(args)] = _run(args, tmp_path, "utf-8").stdout.decode("utf-8")
    return _UTF8[tuple(args)]


@pytest.mark.parametrize("encoding", ["cp1250", "cp852"])
def test_summary_is_printed_right_on_a_windows_console(tmp_path, encoding):
    """The Czech summary reaches a cp1250 or cp852 console with every letter."""
    args = ["compendium", "--class", "druid", "--level", "0-2", "-o", "druid.pdf"]
    expected = _utf8_output(args, tmp_path)
    assert re.fullmatch(r"\d+ kouzel, \d+ karet, \d+ archů -> druid\.pdf\n", expected)
    result = _run(args, tmp_path, encoding)
    assert result.returncode == 0, result.stderr.decode(encoding)
    assert result.stdout.decode(encoding) == expected


@pytest.mark.parametrize("encoding", ["cp1250", "cp852"])
def test_spell_names_are_listed_right_on_a_windows_console(tmp_path, encoding):
    """Names print in the console's code page; quotes it lacks become plain quotes."""
    args = ["list", "--class", "kouzelnik", "--level", "7-9"]
    expected = _utf8_output(args, tmp_path)
    assert "„zabij“" in expected and "Šípy" not in expected
    result = _run(args, tmp_path, encoding)
    assert result.returncode == 0, result.stderr.decode(encoding)
    shown = result.stdout.decode(encoding)
    if encoding == "cp1250":  # every character of the names is in cp1250
        assert shown == expected
    else:
        assert shown == expected.replace("„", '"').replace("“", '"').replace("’", "'")
        assert 'Slovo moci "zabij"' in shown and "č" in shown


def test_unencodable_letters_lose_only_their_accents(tmp_path):
    """On a latin-1 console a Czech letter it lacks prints without its accent, not as a crash."""
    result = _run(["list", "--class", "kouzelnik", "--level", "9"], tmp_path, "latin-1")
    assert result.returncode == 0, result.stderr.decode("latin-1")
    shown = result.stdout.decode("latin-1")
    assert "Roj meteoritu " in shown  # ů is not in latin-1
    assert "Spektrální zed " in shown  # í is, ď is not
    assert 'Slovo moci "zabij" ' in shown


def test_plain_forms():
    """Typographic punctuation and accents have plain forms; other characters stay."""
    assert console.plain("„Ohnivá“ – koule…") == '"Ohniva" - koule...'
    assert console.plain("ůř") == "ur"


def test_output_descriptor_is_opened_in_binary(tmp_path, monkeypatch):
    """The atomic writer asks for a binary descriptor (a text one on Windows writes LF as CR LF)."""
    from cards import atomic

    flags = []
    real_open = os.open

    def spy(path, flag, *args):
        flags.append(flag)
        return real_open(path, flag & ~0x40000000, *args)

    monkeypatch.setattr(atomic, "BINARY", 0x40000000)
    monkeypatch.setattr(atomic.os, "open", spy)
    atomic.write_atomically(tmp_path / "x.pdf", b"a\nb")
    assert flags and all(flag & 0x40000000 for flag in flags)
    assert (tmp_path / "x.pdf").read_bytes() == b"a\nb"


def test_an_existing_file_is_replaced_with_os_replace(tmp_path, monkeypatch):
    """The atomic writer renames with os.replace, which (unlike os.rename) works on Windows
    when the target exists; nothing but the new file is left."""
    from cards import atomic

    out = tmp_path / "deck.pdf"
    out.write_bytes(b"old")
    calls = []
    real_replace = os.replace

    def spy(source, target):
        calls.append((Path(source).parent, Path(target)))
        real_replace(source, target)

    def no_rename(*args):
        raise AssertionError("os.rename fails on Windows when the target exists")

    monkeypatch.setattr(atomic.os, "replace", spy)
    monkeypatch.setattr(atomic.os, "rename", no_rename)
    atomic.write_atomically(out, b"new")
    assert calls == [(tmp_path, out)]
    assert out.read_bytes() == b"new"
    assert [path.name for path in tmp_path.iterdir()] == ["deck.pdf"]
