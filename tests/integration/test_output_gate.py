"""The output gate (cards/atomic.py): an -o or --csv never replaces an input, a folder is not a
file name, a failed write names the user's path, and SIGTERM leaves no temporary file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.cli import main
from tests.support.spells import HOMEBREW_SPELL

ROOT = Path(__file__).resolve().parents[2]
SPELL = HOMEBREW_SPELL


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


@pytest.fixture
def homebrew(tmp_path) -> Path:
    path = tmp_path / "druzina.txt"
    path.write_text(SPELL, encoding="utf-8")
    return path


def _layout(tmp_path) -> Path:
    path = tmp_path / "moje.toml"
    path.write_text('kind = "card"\nbase = "poker"\ndescription = "Moje"\n', encoding="utf-8")
    return path


def _sheet(tmp_path) -> Path:
    path = tmp_path / "arch.toml"
    path.write_text((ROOT / "layouts" / "a4.toml").read_text(encoding="utf-8"), encoding="utf-8")
    return path


@pytest.mark.parametrize("option", ["--add", "--data", "--layout", "--sheet", "deck"])
def test_output_naming_an_input_is_refused_and_the_input_kept(option, tmp_path, homebrew):
    """-o naming any input file is refused before any work, naming both; the input is kept."""
    if option == "--data":
        target = tmp_path / "kouzla.txt"
        target.write_bytes((ROOT / "data" / "kouzla.txt").read_bytes())
        args = ["compendium", "--data", str(target), "--level", "0"]
    elif option == "--layout":
        target = _layout(tmp_path)
        args = ["class", "paladin", "--layout", str(target)]
    elif option == "--sheet":
        target = _sheet(tmp_path)
        args = ["class", "paladin", "--sheet", str(target)]
    elif option == "deck":
        target = tmp_path / "seznam.txt"
        target.write_text("fireball\n", encoding="utf-8")
        args = ["deck", str(target)]
    else:
        target = homebrew
        args = ["class", "bard", "--level", "0", "--add", str(target)]
    before = target.read_bytes()
    result = run(*args, "-q", "-o", str(target))
    assert result.exit_code == 2, result.output
    assert target.read_bytes() == before
    assert str(target) in result.output and "vstupní soubor" in result.output
    assert sorted(os.listdir(tmp_path)) == sorted({target.name, homebrew.name})


def test_output_through_a_symlink_to_an_input_is_refused(tmp_path, homebrew):
    """A link that leads to an input is the input: refused, naming the link and the input."""
    link = tmp_path / "odkaz.pdf"
    link.symlink_to(homebrew)
    result = run("class", "bard", "--add", str(homebrew), "-q", "-o", str(link))
    assert result.exit_code == 2
    assert homebrew.read_text(encoding="utf-8") == SPELL
    assert str(link) in result.output and str(homebrew) in result.output


def test_csv_naming_an_input_is_refused(tmp_path, homebrew):
    """fit-report --csv naming the --add file keeps the file."""
    result = run("fit-report", "--class", "bard", "--add", str(homebrew), "--csv", str(homebrew))
    assert result.exit_code == 2
    assert homebrew.read_text(encoding="utf-8") == SPELL


def test_images_folder_and_a_hard_link_are_compared_as_files(tmp_path, homebrew):
    """A hard link to an input (same file, other name) is refused too (os.path.samefile)."""
    twin = tmp_path / "twin.pdf"
    os.link(homebrew, twin)
    result = run("class", "bard", "--add", str(homebrew), "-q", "-o", str(twin))
    assert result.exit_code == 2
    assert homebrew.read_text(encoding="utf-8") == SPELL


def test_output_with_a_trailing_slash_is_a_folder(tmp_path, monkeypatch):
    """-o newdir/ names a folder: refused with a message, no file named newdir is written."""
    monkeypatch.chdir(tmp_path)
    result = run("class", "paladin", "--level", "1", "-q", "-o", "newdir/")
    assert result.exit_code == 2
    assert "newdir/" in result.output and "složka" in result.output
    assert os.listdir(tmp_path) == []


def test_a_failed_write_names_the_users_path_not_the_temporary(tmp_path, monkeypatch):
    """A write that fails (here: the temporary cannot be created) names -o, never the .tmp."""
    from cards import atomic

    real_open = os.open

    def refuse(path, flags, mode=0o777, **kwargs):
        if str(path).endswith(".tmp"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, mode, **kwargs)

    monkeypatch.setattr(atomic.os, "open", refuse)
    out = tmp_path / "deck.pdf"
    result = run("class", "paladin", "--level", "1", "-q", "-o", str(out))
    assert result.exit_code == 1
    assert str(out) in result.output and ".tmp" not in result.output
    assert os.listdir(tmp_path) == []


def test_sigterm_during_a_write_removes_the_temporary_file(tmp_path):
    """A process ended by SIGTERM while writing leaves no temporary file and no half output."""
    out = tmp_path / "a.bin"
    code = f"""
import os, sys, time
from cards import atomic
real = os.fsync
def slow(fd):
    print("writing", flush=True)
    time.sleep(30)
os.fsync = slow
atomic.write_atomically({str(out)!r}, b"x" * 1000)
"""
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, cwd=ROOT)
    assert process.stdout.readline() == b"writing\n"
    time.sleep(0.2)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=20)
    assert process.returncode != 0
    assert os.listdir(tmp_path) == []


# --- the tool's own files ---------------------------------------------------------------------


def _unchanged_after(out: Path, *args: str):
    """Run a command writing `out`; return its result and whether `out` is as before (restored
    either way, so that a failing run leaves the shipped files whole for the other tests)."""
    before = out.read_bytes() if out.exists() else None
    try:
        result = run(*args)
    finally:
        after = out.read_bytes() if out.exists() else None
        if after != before:
            if before is None:
                out.unlink()
            else:
                out.write_bytes(before)
    return result, after == before


@pytest.mark.parametrize(
    "folder, name",
    [
        ("data", "kouzla.txt"),  # the embedded compendium: an input when --data is not given
        ("layouts", "hyphenation.txt"),  # read by every build, named by no option
        ("fonts", "CharisSIL-Bold.ttf"),
        ("layouts", "nove.toml"),  # a new file there would be listed as a layout
        ("schema", "karty.pdf"),
    ],
)
def test_output_inside_the_shipped_folders_is_refused(folder, name):
    """-o into data/, layouts/, fonts/ or schema/ is refused (exit 2): they are inputs of all."""
    from cards.resources import folder as shipped

    out = shipped(folder) / name
    args = ("class", "paladin", "--level", "1", "-q", "-o", str(out))
    result, unchanged = _unchanged_after(out, *args)
    assert unchanged
    assert result.exit_code == 2, result.output
    assert f"{out}: je ve složce" in result.output and "kterou nástroj sám čte" in result.output


def test_csv_and_images_inside_the_shipped_folders_are_refused(tmp_path):
    """--csv into schema/ and `images -o layouts/icons` are refused before any work (exit 2)."""
    from cards.resources import folder as shipped

    out = shipped("schema") / "report.csv"
    result, unchanged = _unchanged_after(out, "fit-report", "--level", "9", "--csv", str(out))
    assert unchanged and result.exit_code == 2, result.output
    icons = shipped("layouts") / "icons"
    before = sorted(os.listdir(icons))
    result = run("images", "ohniva koule", "-q", "--no-backs", "-o", str(icons))
    assert result.exit_code == 2, result.output
    assert "kterou nástroj sám čte" in result.output
    assert sorted(os.listdir(icons)) == before


# --- the system's refusals, in Czech ----------------------------------------------------------


def test_an_output_name_too_long_is_a_czech_usage_error(tmp_path):
    """An -o name over the system's limit: exit 2 and the reason in Czech, not a traceback."""
    out = tmp_path / ("a" * 300 + ".pdf")
    result = CliRunner().invoke(main, ["class", "paladin", "-q", "-o", str(out)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2
    assert "název je příliš dlouhý" in result.output and "File name too long" not in result.output


def test_an_output_through_links_in_a_loop_is_a_czech_usage_error(tmp_path):
    """-o naming a link in a loop: exit 2, "odkazy v kruhu", not the system's English."""
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    result = CliRunner().invoke(main, ["class", "paladin", "-q", "-o", str(tmp_path / "a")])
    assert result.exit_code == 2, result.output
    assert "odkazy v kruhu" in result.output and "Too many" not in result.output


def test_an_output_under_a_file_names_the_reason_in_czech(tmp_path):
    """-o FILE/x.pdf where FILE is a file: exit 1, the user's path and a Czech reason."""
    (tmp_path / "f").write_text("x", encoding="utf-8")
    out = tmp_path / "f" / "x.pdf"
    result = run("class", "paladin", "--level", "1", "-q", "-o", str(out))
    assert result.exit_code == 1
    assert result.output == f"Chyba: {out}: nelze zapsat (část cesty je soubor, ne složka)\n"
