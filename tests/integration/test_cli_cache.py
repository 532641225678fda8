"""The command line and the cache: --no-cache, --jobs, `cards cache info|clear`, a fast --help."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from cards.cache import FitCache
from cards.cli import main


def invoke(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, list(args), env=env)


def test_a_build_fills_the_cache_and_no_cache_leaves_it_alone(tmp_path):
    """compendium fills CARDS_CACHE_DIR; --no-cache writes nothing; both PDFs are the same."""
    env = {"CARDS_CACHE_DIR": str(tmp_path / "cache")}
    args = ["compendium", "--level", "9", "--sheet", "none", "-q"]
    result = invoke(*args, "--no-cache", "-o", str(tmp_path / "a.pdf"), env=env)
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "cache").exists()
    result = invoke(*args, "-o", str(tmp_path / "b.pdf"), env=env)
    assert result.exit_code == 0, result.output
    assert FitCache(tmp_path / "cache").info().entries > 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_jobs_gives_the_same_pdf(tmp_path):
    """--jobs 2 writes the bytes --jobs 1 writes."""
    args = ["class", "druid", "--level", "0-1", "--no-cache", "-q"]
    for jobs in ("1", "2"):
        result = invoke(*args, "--jobs", jobs, "-o", str(tmp_path / f"{jobs}.pdf"))
        assert result.exit_code == 0, result.output
    assert (tmp_path / "1.pdf").read_bytes() == (tmp_path / "2.pdf").read_bytes()


def test_jobs_must_be_at_least_one():
    """--jobs 0 is a usage error (exit 2) naming the option."""
    result = invoke("compendium", "--jobs", "0")
    assert result.exit_code == 2
    assert "--jobs" in result.output


def test_fit_report_and_images_take_the_fit_options(tmp_path):
    """fit-report and images accept --no-cache and --jobs and leave the cache alone with it."""
    env = {"CARDS_CACHE_DIR": str(tmp_path / "cache")}
    report = invoke("fit-report", "--level", "9", "--no-cache", "--jobs", "1", env=env)
    assert report.exit_code == 0, report.output
    assert "Kouzel: " in report.output
    images = invoke(
        "images", "--level", "9", "--dpi", "50", "--no-cache", "-o", str(tmp_path / "i"), env=env
    )
    assert images.exit_code == 0, images.output
    assert not (tmp_path / "cache").exists()


def test_cache_info_and_clear(tmp_path):
    """info names the file, the entries and the size; clear deletes the entries and the
    parsed spell files kept beside them."""
    env = {"CARDS_CACHE_DIR": str(tmp_path / "cache")}
    empty = invoke("cache", "info", env=env)
    assert empty.exit_code == 0, empty.output
    assert "Záznamů: 0" in empty.output
    built = invoke("fit-report", "--level", "9", env=env)
    assert built.exit_code == 0, built.output
    entries = FitCache(tmp_path / "cache").info().entries
    assert entries > 0
    assert list((tmp_path / "cache" / "parsed").iterdir())  # the compendium, parsed
    info = invoke("cache", "info", env=env)
    assert f"Umístění: {tmp_path / 'cache' / 'fits.sqlite3'}" in info.output
    assert f"Záznamů: {entries}" in info.output
    assert "Velikost: " in info.output and " MB" in info.output
    cleared = invoke("cache", "clear", env=env)
    assert cleared.exit_code == 0, cleared.output
    assert f"Smazáno záznamů: {entries}" in cleared.output
    assert "Smazáno rozebraných souborů kouzel: 1" in cleared.output
    assert FitCache(tmp_path / "cache").info().entries == 0
    assert not list((tmp_path / "cache" / "parsed").iterdir())


def test_the_images_bar_counts_fitting_and_drawing(tmp_path, monkeypatch):
    """On a terminal the images bar has two steps a spell and reaches its end."""
    import cards.cli.common
    import cards.cli.images

    lengths = []
    real = cards.cli.images.click.progressbar

    def bar(*args, **kwargs):
        lengths.append(kwargs["length"])
        return real(*args, **kwargs)

    monkeypatch.setattr(cards.cli.common, "stderr_is_terminal", lambda: True)
    monkeypatch.setattr(cards.cli.images.click, "progressbar", bar)
    result = invoke(
        "images",
        "--class",
        "druid",
        "--level",
        "0",
        "--dpi",
        "50",
        "--no-backs",
        "-o",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    assert lengths == [2 * 23]  # 23 druid tricks


def test_help_imports_no_engine():
    """`cards --help` and `--version` load neither reportlab, pyphen nor the fitter."""
    code = (
        "import sys; from click.testing import CliRunner; from cards.cli import main\n"
        "def heavy(): return [m for m in ('pyphen', 'cards.fit', 'cards.build', "
        "'cards.typeset', 'pypdfium2', 'PIL', 'sqlite3', 'importlib.metadata') "
        "if m in sys.modules]\n"
        "r = CliRunner().invoke(main, ['--help']); assert r.exit_code == 0, r.output\n"
        "print(heavy())\n"
        "r = CliRunner().invoke(main, ['--version']); assert 'cards, verze' in r.output\n"
        "print(heavy())\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["[]", "['importlib.metadata']"]
