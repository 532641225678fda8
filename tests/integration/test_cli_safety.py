"""The command line on bad input and awkward outputs: a message and an exit code, never a
traceback, a destroyed file or a file left half written."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from cards.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str, input: str | bytes | None = None):
    """Run the command; an exception escaping the CLI fails the test with its traceback."""
    return runner.invoke(main, list(args), input=input, catch_exceptions=False)


def cards(*args: str, env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    """Run `python -m cards` in a fresh process (for streams CliRunner replaces)."""
    return subprocess.run(
        [sys.executable, "-m", "cards", *args],
        capture_output=True,
        env={**os.environ, **(env or {})},
        cwd=kwargs.pop("cwd", None),
        **kwargs,
    )


# --- -o: write through links, keep modes, refuse what is not a file ------------------------


def test_output_through_a_symlink_updates_its_target(runner, tmp_path):
    """-o on a symbolic link writes the link's target; the link stays a link."""
    target = tmp_path / "real" / "deck.pdf"
    target.parent.mkdir()
    target.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(target)
    result = run(runner, "class", "paladin", "--level", "1", "-q", "-o", str(link))
    assert result.exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in target.parent.iterdir()) == ["deck.pdf"]


def test_output_keeps_the_mode_of_a_replaced_file(runner, tmp_path):
    """Rebuilding over a file with mode 600 keeps 600."""
    out = tmp_path / "deck.pdf"
    out.write_bytes(b"old")
    out.chmod(0o600)
    assert run(runner, "class", "paladin", "--level", "1", "-q", "-o", str(out)).exit_code == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert out.read_bytes().startswith(b"%PDF")


def test_output_to_a_fifo_is_refused(runner, tmp_path):
    """-o naming a FIFO is a usage error with a message; the FIFO stays a FIFO."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result = run(runner, "class", "paladin", "-o", str(fifo))
    assert result.exit_code == 2
    assert "pojmenovaná roura (FIFO), ne obyčejný soubor" in result.output
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert os.listdir(tmp_path) == ["pipe"]


@pytest.mark.parametrize("path", ["/dev/null", "/dev/full"])
def test_devices_and_directories_are_not_output_files(path, tmp_path):
    """A device or a directory is never an output file (checked, nothing written)."""
    from cards.atomic import OutputError, output_target

    if not os.path.exists(path):
        pytest.skip(f"{path} is missing")
    with pytest.raises(OutputError, match="znakové zařízení"):
        output_target(path)
    with pytest.raises(OutputError, match="složka"):
        output_target(tmp_path)


def test_empty_output_name_is_a_usage_error(runner, tmp_path, monkeypatch):
    """-o '' is a usage error (exit 2) with a message, and nothing is written."""
    monkeypatch.chdir(tmp_path)
    for command in (["class", "paladin"], ["calibrate"], ["preview", "blesk"]):
        result = run(runner, *command, "-o", "")
        assert result.exit_code == 2, command
        assert "prázdný název výstupního souboru" in result.output
    result = run(runner, "fit-report", "--class", "paladin", "--csv", "")
    assert result.exit_code == 2
    assert os.listdir(tmp_path) == []


def test_long_output_name_is_written(runner, tmp_path):
    """A valid name of 249 characters works: the temporary name is short."""
    out = tmp_path / ("k" * 245 + ".pdf")
    result = run(runner, "class", "paladin", "--level", "1", "-q", "-o", str(out))
    assert result.exit_code == 0
    assert os.listdir(tmp_path) == [out.name]


def test_atomic_writer_leaves_no_temporary_file_on_failure(tmp_path, monkeypatch):
    """A failed rename keeps the old file and removes the temporary one."""
    from cards.atomic import WriteError, write_atomically

    out = tmp_path / "a.bin"
    out.write_bytes(b"old")

    def refuse(source, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(WriteError, match="a.bin: nelze zapsat"):
        write_atomically(out, b"new")
    assert out.read_bytes() == b"old" and os.listdir(tmp_path) == ["a.bin"]


def test_csv_is_written_atomically(runner, tmp_path, monkeypatch):
    """A disk that fills up while the CSV is written leaves the old CSV whole."""
    import cards.report

    out = tmp_path / "fit.csv"
    out.write_text("spell,cards\nold,1\n", encoding="utf-8")
    original = cards.report.write_csv

    def fills_the_disk(report, file):
        original(report, file)
        file.flush()
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cards.report, "write_csv", fills_the_disk)
    result = run(runner, "fit-report", "--class", "paladin", "--csv", str(out))
    assert result.exit_code == 1
    assert "Chyba: na disku není místo" in result.output  # in Czech, not the system's words
    assert out.read_text(encoding="utf-8") == "spell,cards\nold,1\n"
    assert os.listdir(tmp_path) == ["fit.csv"]


def test_csv_through_a_symlink_keeps_the_link(runner, tmp_path):
    """--csv writes through a link like -o does."""
    target = tmp_path / "fit.csv"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    assert run(runner, "fit-report", "--class", "paladin", "--csv", str(link)).exit_code == 0
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8").startswith("spell,cards,")


def test_preview_and_calibration_go_through_the_writer(runner, tmp_path):
    """PNG and calibration outputs also write through a link and keep a file's mode."""
    for command, name in ((["preview", "blesk", "--dpi", "50"], "p.png"), (["calibrate"], "k.pdf")):
        target = tmp_path / name
        target.write_bytes(b"old")
        target.chmod(0o640)
        link = tmp_path / f"link-{name}"
        link.symlink_to(target)
        assert run(runner, *command, "-o", str(link)).exit_code == 0
        assert link.is_symlink() and target.read_bytes() != b"old"
        assert stat.S_IMODE(target.stat().st_mode) == 0o640


# --- numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--bleed", "nan", "čekáno konečné číslo"),
        ("--bleed", "inf", "--bleed"),
        ("--back-offset", "nan,0", "čekána dvě konečná čísla"),
        ("--back-offset", "inf,0", "čekána dvě konečná čísla"),
        ("--back-offset", "0,-inf", "čekána dvě konečná čísla"),
        ("--back-offset", "100,100", "je mimo ±5 mm, které měří kalibrační arch"),
        ("--back-offset", "0,5.5", "je mimo ±5 mm"),
    ],
)
def test_non_finite_and_unmeasured_numbers_are_usage_errors(
    runner, tmp_path, option, value, message
):
    """nan, inf and offsets the calibration sheet cannot measure: exit 2, no file."""
    out = tmp_path / "x.pdf"
    result = run(runner, "class", "paladin", "--backs", option, value, "-o", str(out))
    assert result.exit_code == 2
    assert message in result.output
    assert not out.exists()


def test_offset_at_the_edge_of_the_scale_is_accepted(runner, tmp_path):
    """±5 mm, the end of the calibration scales, is still a valid offset."""
    out = tmp_path / "x.pdf"
    result = run(
        runner,
        "class",
        "paladin",
        "--level",
        "1",
        "--backs",
        "--back-offset",
        "5,-5",
        "-q",
        "-o",
        str(out),
    )
    assert result.exit_code == 0 and out.exists()


# --- the probes that ended in tracebacks -------------------------------------------------------


def test_deck_on_stdin_that_is_not_utf8(tmp_path):
    """A prepared list on stdin in another encoding: a message with the line, exit 1, no PDF."""
    out = tmp_path / "d.pdf"
    result = cards(
        "deck",
        "-",
        "-o",
        str(out),
        input="štít\nohnivá koule\n".encode("cp1250"),
        env={"PYTHONIOENCODING": "utf-8:strict"},
    )
    assert result.returncode == 1
    assert result.stderr.decode() == (
        "Chyba: <stdin>:1: text není v kódování UTF-8 (soubor vypadá jako CP1250); uložte "
        "soubor jako UTF-8\n"
    )
    assert not out.exists()


def test_deck_on_stdin_in_runner(runner, tmp_path):
    """The same through CliRunner: bytes that are not UTF-8 are a message, exit 1."""
    out = tmp_path / "d.pdf"
    result = run(runner, "deck", "-", "-o", str(out), input="štít\nkoule\n".encode("cp1250"))
    assert result.exit_code == 1
    assert "<stdin>:1: text není v kódování UTF-8" in result.output
    assert not out.exists()


@pytest.mark.parametrize("damage", ["truncated", "garbage"])
def test_layout_with_a_damaged_font(runner, tmp_path, damage):
    """A layout naming a cut or garbage .ttf: a Czech message naming the layout, the key and the
    font file (not reportlab's English reason), exit 1, no PDF."""
    font = tmp_path / "Broken.ttf"
    good = (ROOT / "fonts" / "CharisSIL-Regular.ttf").read_bytes()
    font.write_bytes(good[:3000] if damage == "truncated" else bytes(range(256)) * 12)
    poker = (ROOT / "layouts" / "poker.toml").read_text(encoding="utf-8")
    layout = tmp_path / "broken.toml"
    layout.write_text(poker.replace('"CharisSIL-Regular.ttf"', f'"{font}"'), encoding="utf-8")
    out = tmp_path / "x.pdf"
    result = run(runner, "class", "paladin", "--layout", str(layout), "-o", str(out))
    assert result.exit_code == 1
    assert result.output.startswith(
        f"Chyba: {layout}: fonts.body: má být písmo TrueType s obrysy glyf; soubor {font} je "
        'poškozený nebo to není písmo TrueType, je "'
    )
    assert "TrueType font" not in result.output  # reportlab's English stays out
    assert "Traceback" not in result.output
    assert not out.exists()


def test_closed_pipe_exits_quietly(tmp_path):
    """A reader that goes away (`cards list --json | head -c 100`): exit 0, nothing on stderr."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cards", "list", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout.read(100)
    process.stdout.close()
    stderr = process.stderr.read()
    assert process.wait() == 0
    assert stderr == b""


def test_lint_with_errors_into_a_closed_pipe(tmp_path):
    """`cards lint | head -2` on a long report stops quietly too."""
    bad = tmp_path / "bad.txt"
    text = (ROOT / "data" / "kouzla.txt").read_text(encoding="utf-8")
    bad.write_text(text.replace(" úrovně\n", " urovne\n"), encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "cards", "lint", "--data", str(bad)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout.readline().startswith(b"Chyby (")
    process.stdout.close()
    stderr = process.stderr.read()
    assert process.wait() == 0
    assert stderr == b""


# --- small things a user trips on ----------------------------------------------------------


@pytest.mark.slow
def test_one_case_rule_for_layout_duplex_sheet_and_sort(runner, tmp_path):
    """--layout Poker, --duplex LONG, --sheet LETTER, --sort NAME: case does not matter."""
    out = tmp_path / "x.pdf"
    result = run(
        runner,
        "compendium",
        "--class",
        "paladin",
        "--level",
        "1",
        "--layout",
        "Poker",
        "--backs",
        "--duplex",
        "LONG",
        "--sheet",
        "LETTER",
        "--sort",
        "NAME",
        "-q",
        "-o",
        str(out),
    )
    assert result.exit_code == 0, result.output
    assert float(pypdf.PdfReader(out).pages[0].mediabox.width) == pytest.approx(612)
    assert run(runner, "list", "--sort", "School", "--level", "9").exit_code == 0
    assert run(runner, "fit-report", "--layout", "MINI", "--level", "9").exit_code == 0


def test_filtered_compendium_has_a_name_that_says_so(runner, tmp_path, monkeypatch):
    """compendium --class druid --level 0-3 goes to out/kompendium-druid-0-3.pdf."""
    monkeypatch.chdir(tmp_path)
    result = run(runner, "compendium", "--class", "druid", "--level", "0-3", "--ritual", "-q")
    assert result.exit_code == 0
    assert os.listdir(tmp_path / "out") == ["kompendium-druid-0-3-ritualy.pdf"]


def test_preview_default_name_is_an_ascii_slug(runner, tmp_path, monkeypatch):
    """The default PNG name has no quotes, punctuation or diacritics."""
    monkeypatch.chdir(tmp_path)
    result = run(runner, "preview", "Power word kill", "--dpi", "50", "--no-backs")
    assert result.exit_code == 0
    (name,) = os.listdir(tmp_path / "out")
    assert name.isascii() and name == "slovo-moci-zabij.png"


def test_deck_warns_about_a_spell_listed_twice(runner, tmp_path):
    """A spell listed twice is printed twice with a warning naming both lines."""
    deck = tmp_path / "d.txt"
    deck.write_text("Štít\nFireball\n# komentář\nštít\n", encoding="utf-8")
    out = tmp_path / "d.pdf"
    result = run(runner, "deck", str(deck), "-o", str(out))
    assert result.exit_code == 0
    assert f"{deck}:4: varování: Štít (Příručka hráče) už je na řádku 1" in result.stderr
    assert result.stdout.startswith("3 kouzla, 3 karty")


def test_source_in_parentheses_must_hold_the_spell(runner, tmp_path):
    """'Ohnivá koule (xge)' is an error in a deck and in show: the spell is not in that book."""
    deck = tmp_path / "d.txt"
    deck.write_text("Ohnivá koule (xge)\n", encoding="utf-8")
    out = tmp_path / "d.pdf"
    result = run(runner, "deck", str(deck), "-o", str(out))
    assert result.exit_code == 1
    assert "Ohnivá koule není v knize Xanatharův průvodce vším" in result.output
    assert not out.exists()
    result = run(runner, "show", "Ohnivá koule (xge)")
    assert result.exit_code == 1
    assert "je v: Příručka hráče, Jeskyně a draci" in result.output


def test_unknown_name_suggests_czech_names(runner):
    """Suggestions are Czech names, with the English name in brackets where it matched."""
    result = run(runner, "show", "Detekce magie")
    assert result.exit_code == 1
    assert "nejbližší: Najdi magii (Detect magic), " in result.output
    assert "Detect magic," not in result.output.replace("(Detect magic),", "")


def test_lint_counts_in_czech_plurals(runner, tmp_path):
    """One error reads "1 chyba", not "1 chyb"; one warning "1 varování"."""
    text = (ROOT / "data" / "kouzla.txt").read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("Zaklínání 2. úrovně", "Kouzlení 2. úrovně", 1), encoding="utf-8")
    result = run(runner, "lint", "--data", str(bad))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == f"1 chyba, 1 varování v {bad}"  # Drobný služebník


def test_long_bad_lines_are_cut_in_messages(runner, tmp_path):
    """A 100,000-character bad line is not echoed in full, by deck or lint."""
    deck = tmp_path / "d.txt"
    deck.write_text("x" * 100_000 + "\n", encoding="utf-8")
    result = run(runner, "deck", str(deck), "-o", str(tmp_path / "d.pdf"))
    assert result.exit_code == 1
    assert len(result.output) < 1000
    text = (ROOT / "data" / "kouzla.txt").read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("Dosah: 6 sáhů", "Dosah: 6 sáhů" + " ☃" * 50_000, 1), "utf-8")
    result = run(runner, "lint", "--data", str(bad))
    assert result.exit_code == 1
    assert max(len(line) for line in result.output.splitlines()) < 400


# --- characters the fonts cannot draw --------------------------------------------------------


# One character of the Basic Multilingual Plane and one beyond it in the fast run (the same
# code reads ♥ and ① as ☃); the full run tries all four.
@pytest.mark.parametrize(
    "char", ["☃", "😀", *(pytest.param(c, marks=pytest.mark.slow) for c in ("♥", "①"))]
)
def test_undrawable_character_is_a_lint_error_with_line(runner, tmp_path, char):
    """lint reports a character the layout's fonts lack, with its line; a build refuses it."""
    text = (ROOT / "data" / "kouzla.txt").read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("ohnivý proud", f"ohnivý {char} proud", 1), encoding="utf-8")
    result = run(runner, "lint", "--data", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:21: chyba: písmo: písma rozvržení poker" in result.output
    assert repr(char) in result.output
    out = tmp_path / "x.pdf"
    result = run(runner, "compendium", "--data", str(bad), "-o", str(out))
    assert result.exit_code == 1 and f"{bad}:21:" in result.output
    assert not out.exists()
    # A deck without the spell is fine: only the characters of the cards printed count.
    result = run(runner, "class", "paladin", "--data", str(bad), "-q", "-o", str(out))
    assert result.exit_code == 0 and out.exists()


def test_square_and_circle_bullets_are_read_as_bullets(runner, tmp_path):
    """▪ and ◦ opening a line are bullets; inside a line they are undrawable characters."""
    from cards.model import BulletList
    from cards.source.library import read_compendium

    text = (ROOT / "data" / "kouzla.txt").read_text(encoding="utf-8")
    marker = "Na vyšších úrovních. Sešleš-li toto kouzlo použitím pozice kouzla 3."
    bullets = "▪ první bod\n\n◦ druhý bod\n\n"
    bad = tmp_path / "k.txt"
    bad.write_text(text.replace(marker, bullets + marker, 1), encoding="utf-8")
    spell = read_compendium(bad).spells[0]
    assert BulletList(("první bod", "druhý bod"), 23) in spell.blocks
    assert run(runner, "lint", "--data", str(bad)).exit_code == 0
    bad.write_text(text.replace("ohnivý proud", "ohnivý ▪ proud", 1), encoding="utf-8")
    result = run(runner, "lint", "--data", str(bad))
    assert result.exit_code == 1 and "jako odrážku ho dejte na začátek řádku" in result.output


def test_a_spell_that_cannot_fit_is_one_message_everywhere(runner, tmp_path):
    """The fitter's refusal: one line naming spell, card and layout, exit 1, nothing written."""
    poker = (ROOT / "layouts" / "poker.toml").read_text(encoding="utf-8")
    small = poker.replace("width_mm = 63.0", "width_mm = 35.0").replace(
        "height_mm = 88.0", "height_mm = 50.0"
    )
    layout = tmp_path / "small.toml"
    layout.write_text(small, encoding="utf-8")
    expected = "Chyba: Barevná sprška: poznámka o materiálu se nevejde na kartu 35 × 50 mm"
    for command, out in (
        (["class", "kouzelnik", "--level", "1", "-o"], tmp_path / "k.pdf"),
        (["preview", "Barevná sprška", "-o"], tmp_path / "k.png"),
        (["fit-report", "--class", "kouzelnik", "--level", "1", "--csv"], tmp_path / "k.csv"),
    ):
        result = run(runner, *command, str(out), "--layout", str(layout))
        assert result.exit_code == 1, command
        lines = result.output.splitlines()
        assert len(lines) == 1 and lines[0].startswith(expected), command
        assert f"(rozvržení {layout})" in lines[0]
        assert not out.exists()
