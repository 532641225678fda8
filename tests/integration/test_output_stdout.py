"""`-o -` writes to standard output through the output gate (cards/atomic.py): the bytes arrive
there, no file named "-" is made, a terminal is refused, and `images -o -` is refused."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.cli import main
from tests.support.spells import HOMEBREW_SPELL

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def spells(tmp_path, monkeypatch) -> Path:
    """A homebrew spell file (its book makes a one-card deck), with the test run in tmp_path."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "druzina.txt"
    path.write_text(HOMEBREW_SPELL, encoding="utf-8")
    return path


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


BOOK = ["--source", "Kouzla naší družiny"]
PDF_COMMANDS = {
    "compendium": ["compendium", *BOOK],
    "class": ["class", "bard", *BOOK],
    "deck": ["deck", "-"],
}


@pytest.mark.parametrize("command", sorted(PDF_COMMANDS))
def test_a_pdf_goes_to_standard_output_byte_for_byte(command, spells, tmp_path):
    """-o - gives on stdout the very PDF that -o FILE writes; the summary goes to stderr."""
    args = [*PDF_COMMANDS[command], "--add", str(spells), "--no-cache"]
    deck = "Jiskřivý pozdrav\n"
    piped = run(*args, "-o", "-", input=deck)
    assert piped.exit_code == 0, piped.output
    written = run(*args, "-q", "-o", str(tmp_path / "karty.pdf"), input=deck)
    assert written.exit_code == 0, written.output
    assert piped.stdout_bytes == (tmp_path / "karty.pdf").read_bytes()
    assert piped.stdout_bytes.startswith(b"%PDF-")
    assert "standardní výstup" in piped.stderr
    assert not (tmp_path / "-").exists()


def test_calibration_sheet_goes_to_standard_output(spells, tmp_path):
    """calibrate -o - writes the two-page PDF on stdout and its line on stderr."""
    result = run("calibrate", "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes.startswith(b"%PDF-")
    assert result.stdout_bytes.rstrip().endswith(b"%%EOF")
    assert "standardní výstup" in result.stderr
    assert not (tmp_path / "-").exists()


def test_preview_goes_to_standard_output(spells, tmp_path):
    """preview -o - writes the PNG on stdout and nothing else."""
    result = run("preview", "Jiskřivý pozdrav", "--add", str(spells), "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes.startswith(b"\x89PNG\r\n\x1a\n")
    assert not (tmp_path / "-").exists()


def test_fit_report_csv_goes_alone_to_standard_output(spells, tmp_path):
    """fit-report --csv - gives the CSV alone on stdout; the readable report moves to stderr."""
    result = run("fit-report", "--add", str(spells), *BOOK, "--no-cache", "--csv", "-")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "spell,cards,body_size_pt,min_cards_at_min_size"
    assert lines[1].startswith("Jiskřivý pozdrav (Kouzla naší družiny),1,")
    assert len(lines) == 2
    assert "Rozvržení: poker" in result.stderr
    assert not (tmp_path / "-").exists()


def test_images_refuse_standard_output_in_czech(spells, tmp_path):
    """images writes many files to a folder: -o - is a Czech usage error (exit 2)."""
    result = run("images", "--add", str(spells), *BOOK, "--no-cache", "-o", "-")
    assert result.exit_code == 2
    assert "-o - by zapsal mnoho souborů na standardní výstup" in result.stderr
    assert not (tmp_path / "-").exists()
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["compendium", "-o", "-"],
        ["calibrate", "-o", "-"],
        ["preview", "Jiskřivý pozdrav", "-o", "-"],
        ["fit-report", "--csv", "-"],
    ],
)
def test_standard_output_on_a_terminal_is_refused(args, spells, tmp_path):
    """With stdout a terminal, -o - is refused in Czech (exit 2) before any work, no file made."""
    if args[0] != "calibrate":
        args = [*args, "--add", str(spells)]
    leader, follower = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "cards", *args],
            stdout=follower,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            cwd=tmp_path,
            env=env,
            timeout=120,
        )
    finally:
        os.close(follower)
        os.close(leader)
    message = done.stderr.decode("utf-8")
    assert done.returncode == 2, message
    assert "standardní výstup, a ten je terminál" in message
    assert not (tmp_path / "-").exists()
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", ["/dev/stdout", "/dev/fd/1"])
def test_dev_stdout_is_standard_output(name, spells, tmp_path):
    """-o /dev/stdout is -o -: it failed with 'soubor nebo složka neexistuje' under a pipe."""
    args = [*PDF_COMMANDS["compendium"], "--add", str(spells), "-o", name]
    done = subprocess.run(
        [sys.executable, "-m", "cards", *args],
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.startswith(b"%PDF-")
    assert "standardní výstup" in done.stderr.decode()
