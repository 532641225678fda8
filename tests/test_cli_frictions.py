"""Newcomer frictions: -q on every command that prints, calibrate on a sheet file, --sort in
any case on images."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cards.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_quiet_on_preview_images_lint_and_list(tmp_path):
    """-q prints nothing on success for preview, images, lint and list."""
    commands = [
        ["preview", "blesk", "--dpi", "50", "-o", str(tmp_path / "b.png")],
        ["images", "blesk", "--dpi", "50", "--no-backs", "-o", str(tmp_path / "img")],
        ["lint"],
        ["list", "--class", "paladin"],
    ]
    for command in commands:
        result = run(*command, "-q")
        assert result.exit_code == 0, (command, result.output)
        assert result.output == "", command
    assert (tmp_path / "b.png").exists() and list((tmp_path / "img").iterdir())


def test_quiet_lint_still_prints_errors(tmp_path):
    """lint -q shows the errors (and exits 1), not the summary."""
    path = tmp_path / "zly.txt"
    path.write_text("nic\n", encoding="utf-8")
    result = run("lint", "-q", "--add", str(path))
    assert result.exit_code == 1
    assert str(path) in result.output and " in " not in result.output.splitlines()[-1]


def test_calibrate_takes_a_sheet_file(tmp_path):
    """cards calibrate --sheet FILE.toml, as the other PDF commands take it."""
    sheet = tmp_path / "arch.toml"
    sheet.write_text((ROOT / "layouts" / "a4.toml").read_text(encoding="utf-8"), "utf-8")
    out = tmp_path / "k.pdf"
    result = run("calibrate", "--sheet", str(sheet), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")
    result = run("calibrate", "--sheet", "LETTER", "-o", str(tmp_path / "l.pdf"))
    assert result.exit_code == 0, result.output
    result = run("calibrate", "--sheet", "none", "-o", str(tmp_path / "n.pdf"))
    assert result.exit_code == 2 and "kalibrační arch se tiskne na papír" in result.output


def test_images_sort_takes_any_case(tmp_path):
    """images --sort Name works like compendium --sort Name."""
    result = run(
        "images",
        "--class",
        "paladin",
        "--level",
        "5",
        "--sort",
        "Name",
        "--dpi",
        "50",
        "--no-backs",
        "-q",
        "-o",
        str(tmp_path / "img"),
    )
    assert result.exit_code == 0, result.output
