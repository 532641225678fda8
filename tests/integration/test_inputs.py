"""The input gate (cards/inputs.py): every file the tool reads is a regular file of bounded size,
decoded from UTF-8 or UTF-16 with a BOM, NFC-normalised, read once; nesting and huge numbers in
JSON and TOML and a deep chain of bases are clear errors, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards.cli import main
from cards.inputs import InputError, decode
from tests.support.spells import HOMEBREW_SPELL, homebrew_text

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, input: str | bytes | None = None):
    """Run the command; an exception escaping the CLI fails the test with its traceback."""
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def cards(*args: str, input: bytes | None = None, timeout: float = 60):
    """Run `python -m cards` in a fresh process, with a time limit (a hang is a failure): for
    what belongs to the process, devices, FIFOs and the real standard input; the rest `run`s."""
    return subprocess.run(
        [sys.executable, "-m", "cards", *args],
        capture_output=True,
        input=input,
        timeout=timeout,
        cwd=ROOT,
    )


# --- regular files only ---------------------------------------------------------------------


def test_a_character_device_as_data_is_refused_without_reading():
    """--data /dev/zero is refused by kind at once (it used to read 23 GB)."""
    result = cards("list", "--data", "/dev/zero", timeout=30)
    assert result.returncode == 1
    err = result.stderr.decode()
    assert "/dev/zero" in err and "znakové zařízení, ne obyčejný soubor" in err
    assert b"Traceback" not in result.stderr


def test_a_fifo_as_add_is_refused_without_waiting(tmp_path):
    """--add naming a FIFO nobody writes to is refused, not waited on."""
    fifo = tmp_path / "roura"
    os.mkfifo(fifo)
    result = cards("lint", "--add", str(fifo), timeout=30)
    assert result.returncode == 1
    assert "pojmenovaná roura (FIFO)" in result.stderr.decode() + result.stdout.decode()


@pytest.mark.parametrize("option", ["--layout", "--sheet"])
def test_a_directory_as_layout_or_sheet_is_refused(option, tmp_path):
    """A folder named x.toml is not a layout or a sheet file."""
    folder = tmp_path / "x.toml"
    folder.mkdir()
    result = run("class", "paladin", option, str(folder), "-o", str(tmp_path / "a.pdf"))
    assert result.exit_code == 1, result.output
    assert f"{folder}: složka, ne obyčejný soubor" in result.output


def test_a_deck_list_that_is_a_device_is_refused():
    """cards deck /dev/zero is refused by kind."""
    result = cards("deck", "/dev/zero", timeout=30)
    assert result.returncode == 1
    assert "znakové zařízení" in result.stderr.decode()


# --- size caps --------------------------------------------------------------------------------


def test_a_spell_file_over_the_cap_is_refused(tmp_path):
    """A spell file over 16 MB is refused with the cap, after reading at most the cap."""
    from cards.inputs import MAX_SPELL_FILE

    big = tmp_path / "velky.txt"
    with big.open("wb") as file:
        file.truncate(MAX_SPELL_FILE + 1)
    result = run("lint", "--add", str(big))
    assert result.exit_code == 1
    assert str(big) in result.output and "soubor je větší než 16 MB" in result.output


def test_a_deck_list_over_the_cap_is_refused(tmp_path):
    """A deck list over 1 MB (from a file or standard input) is refused with the cap."""
    from cards.inputs import MAX_DECK_LIST

    text = "fireball\n" * (MAX_DECK_LIST // 9 + 1)
    path = tmp_path / "seznam.txt"
    path.write_text(text, encoding="utf-8")
    result = run("deck", str(path), "-o", str(tmp_path / "a.pdf"))
    assert result.exit_code == 1
    assert "soubor je větší než 1 MB" in result.output
    result = run("deck", "-", "-o", str(tmp_path / "b.pdf"), input=text.encode())
    assert result.exit_code == 1
    assert "<stdin>: soubor je větší než 1 MB" in result.stderr
    assert not (tmp_path / "b.pdf").exists()


# --- decoding ---------------------------------------------------------------------------------


def test_a_deck_list_saved_as_utf16_by_notepad_is_read(tmp_path):
    """A UTF-16 list with a BOM (Notepad's "Unicode") is read like UTF-8."""
    path = tmp_path / "seznam.txt"
    path.write_bytes("\ufeffOhnivá koule\r\nštít\r\n".encode("utf-16-le"))
    out = tmp_path / "a.pdf"
    result = run("deck", str(path), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("2 kouzla, 2 karty")


def test_a_spell_file_in_utf16_is_read(tmp_path):
    """An --add file in UTF-16 with a BOM is read (no 'byte 0 is not UTF-8')."""
    path = tmp_path / "druzina.txt"
    path.write_bytes(b"\xff\xfe" + homebrew_text().encode("utf-16-le"))
    result = run("show", "Jiskřivý pozdrav", "--add", str(path))
    assert result.exit_code == 0, result.output
    assert 'name: "Jiskřivý pozdrav"' in result.output


def test_a_name_in_decomposed_unicode_is_a_duplicate(tmp_path):
    """An NFD name (as macOS writes it) equals its NFC twin: the clash is caught."""
    nfd = unicodedata.normalize("NFD", "Ohnivá koule")
    assert nfd != "Ohnivá koule"
    path = tmp_path / "druzina.txt"
    path.write_text(homebrew_text(nfd, "Příručka hráče"), encoding="utf-8")
    result = run("lint", "--add", str(path))
    assert result.exit_code == 1
    assert "Ohnivá koule" in result.output


def test_a_json_name_in_decomposed_unicode_is_normalised(tmp_path):
    """A JSON record's strings are NFC too, escaped (\\u0301) or not."""
    shown = run("show", "fireball", "--json")
    assert shown.exit_code == 0, shown.output
    record = json.loads(shown.stdout)
    record["name"] = unicodedata.normalize("NFD", "Ohnivá koulička")
    path = tmp_path / "druzina.json"
    path.write_text(json.dumps([record]), encoding="utf-8")  # ensure_ascii: \u0301 escapes
    result = run("show", "Ohnivá koulička (Příručka hráče)", "--add", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["name"] == "Ohnivá koulička"


# --- read once --------------------------------------------------------------------------------


def test_lint_add_dev_stdin_reads_the_pipe_once():
    """`lint --add /dev/stdin` with a valid pipe: no 'empty' error from a second read."""
    result = cards("lint", "--add", "/dev/stdin", input=homebrew_text().encode())
    out = result.stdout.decode()
    assert result.returncode == 0, out + result.stderr.decode()
    assert "0 chyb" in out or "0 errors" in out


# --- nesting, digits, chains ------------------------------------------------------------------


def test_deeply_nested_json_is_a_clear_error(tmp_path):
    """100,000 nested arrays: a message naming the file, no traceback."""
    path = tmp_path / "hluboky.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = run("lint", "--add", str(path))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert f"{path}" in result.output and "vnořená příliš hluboko" in result.output


def test_a_json_number_of_5000_digits_is_a_clear_error(tmp_path):
    """A level of 5,000 digits: a message, no traceback (Python's int limit is 4,300)."""
    path = tmp_path / "cislo.json"
    path.write_text('[{"level": ' + "1" * 5000 + "}]", encoding="utf-8")
    result = run("lint", "--add", str(path))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "víc než 4300 číslic" in result.output


@pytest.mark.parametrize("option", ["--layout", "--sheet"])
def test_deeply_nested_toml_is_a_clear_error(option, tmp_path):
    """A layout or sheet file with 5,000 nested arrays: a message naming the file."""
    path = tmp_path / "hluboky.toml"
    path.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    result = run("class", "paladin", option, str(path), "-o", str(tmp_path / "a.pdf"))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert str(path) in result.stderr and "vnořená příliš hluboko" in result.stderr


def test_a_toml_number_of_5000_digits_is_a_clear_error(tmp_path):
    """A layout value of 5,000 digits: a message naming the file."""
    path = tmp_path / "cislo.toml"
    path.write_text('kind = "card"\nbase = "poker"\nx = ' + "1" * 5000 + "\n", encoding="utf-8")
    result = run("class", "paladin", "--layout", str(path), "-o", str(tmp_path / "a.pdf"))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert str(path) in result.stderr and "víc než 4300 číslic" in result.stderr


def test_a_chain_of_1200_bases_is_a_clear_error(tmp_path):
    """Layout 0 based on 1 based on 2 ... 1,200 deep: a message, no RecursionError."""
    for n in range(1200):
        base = f'"l{n + 1}.toml"' if n < 1199 else '"poker"'
        text = f'kind = "card"\nbase = {base}\ndescription = "{n}"\n'
        (tmp_path / f"l{n}.toml").write_text(text, encoding="utf-8")
    out = tmp_path / "x.pdf"
    result = run("class", "paladin", "--layout", str(tmp_path / "l0.toml"), "-o", str(out))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "l0.toml" in result.stderr and "base" in result.stderr
    assert "řetěz víc než" in result.stderr
    assert not out.exists()


# --- the system's refusals, in Czech ----------------------------------------------------------


def test_the_reason_a_file_cannot_be_read_is_czech(tmp_path):
    """--data FILE/x where FILE is a file: exit 1 with a Czech reason, not "Not a directory"."""
    (tmp_path / "f").write_text("x", encoding="utf-8")
    result = run("list", "--data", str(tmp_path / "f" / "x"))
    assert result.exit_code == 1
    assert "nelze číst (část cesty není složka)" in result.output
    assert "Not a directory" not in result.output


def test_a_folder_as_deck_list_is_bad_input_like_a_folder_as_data(tmp_path):
    """`deck FOLDER` and `--data FOLDER` are one mistake: exit 1, the input gate's message."""
    deck = run("deck", str(tmp_path), "-q", "-o", str(tmp_path / "x.pdf"))
    data = run("list", "--data", str(tmp_path))
    assert deck.exit_code == data.exit_code == 1
    for result in (deck, data):
        assert result.output.startswith(f"Chyba: {tmp_path}: ")
        assert "složka, ne obyčejný soubor" in result.output


def test_a_deck_naming_one_spell_100000_times_is_refused_quickly(tmp_path):
    """1 MB naming one spell 100,000 times built for minutes with 99,999 warnings: now refused
    with the count and the bound (the web page's too), before any fitting, no PDF."""
    path = tmp_path / "seznam.txt"
    path.write_text("fireball\n" * 100_000, encoding="utf-8")
    out = tmp_path / "a.pdf"
    started = time.monotonic()
    result = run("deck", str(path), "-o", str(out))
    assert time.monotonic() - started < 30
    assert result.exit_code == 1
    assert result.stderr == (
        f"Chyba: {path}: seznam jmenuje 100000 kouzel (s opakováním), víc než 5000, které "
        "tiskne jeden balíček; rozdělte ho\n"
    )
    assert not out.exists()


def test_a_deck_over_the_bound_is_refused_before_its_names_are_matched(tmp_path):
    """The bound is counted on the lines that name something, before the compendium is read:
    5,001 unknown names get the bound's message, not 5,001 searches for the nearest name; the
    5,000 comment and blank lines between them count for nothing."""
    path = tmp_path / "seznam.txt"
    path.write_text("xyzzy plugh\n# poznámka\n\n" * 5001, encoding="utf-8")
    result = run("deck", str(path), "-o", str(tmp_path / "a.pdf"))
    assert result.exit_code == 1
    assert result.stderr == (
        f"Chyba: {path}: seznam jmenuje 5001 kouzel (s opakováním), víc než 5000, které "
        "tiskne jeden balíček; rozdělte ho\n"
    )


def test_a_decks_warnings_stop_after_twenty_with_a_count(tmp_path):
    """30 repeats give 20 warnings and a count, not a screenful per repeat."""
    path = tmp_path / "seznam.txt"
    path.write_text("fireball\n" * 30, encoding="utf-8")
    result = run("deck", str(path), "-o", str(tmp_path / "a.pdf"))
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 21
    assert lines[-1] == f"{path}: … a dalších 9 varování"


# ------------------------------------------------------------------------------------------
# The input gate's decoding (cards/inputs.py decode), shared by deck lists, layouts, sheets and
# spell files: UTF-32 with a BOM is read, UTF-16 without a BOM and zero bytes are named, and a
# Czech 8-bit file is named with its likely encoding.


@pytest.mark.parametrize("codec", ["utf-32", "utf-32-be"])
def test_a_deck_list_in_utf32_with_a_bom_is_read(codec, tmp_path):
    """UTF-32 with a BOM was decoded as UTF-16 into names full of NULs; now it is read."""
    path = tmp_path / "seznam.txt"
    data = "Ohnivá koule\nštít\n".encode(codec)
    if codec == "utf-32-be":
        data = b"\x00\x00\xfe\xff" + data
    path.write_bytes(data)
    result = run("deck", str(path), "-o", str(tmp_path / "a.pdf"))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("2 kouzla, 2 karty")


def test_a_spell_file_in_utf32_is_read(tmp_path):
    """A spell file in UTF-32 with a BOM is read too (the same BOM rule as deck lists)."""
    from tests.support.spells import HOMEBREW_SPELL

    path = tmp_path / "druzina.txt"
    path.write_bytes(HOMEBREW_SPELL.encode("utf-32"))
    result = run("show", "Jiskřivý pozdrav", "--add", str(path))
    assert result.exit_code == 0, result.output


def test_a_deck_list_in_utf16_without_a_bom_is_named_as_such(tmp_path):
    """UTF-16 without a BOM is named as UTF-16 with the fix, not as a NUL-riddled name."""
    path = tmp_path / "seznam.txt"
    path.write_bytes("fireball\nshield\n".encode("utf-16-le"))
    result = run("deck", str(path), "-o", str(tmp_path / "a.pdf"))
    assert result.exit_code == 1
    assert result.output == (
        f"Chyba: {path}: text vypadá jako UTF-16 bez značky pořadí bajtů (BOM); uložte soubor "
        "jako UTF-8\n"
    )
    assert not (tmp_path / "a.pdf").exists()


def test_a_zero_byte_in_a_deck_list_is_named_with_its_line(tmp_path):
    """A NUL byte (a binary file) is refused at its line; it used to pass as a name."""
    path = tmp_path / "seznam.txt"
    path.write_bytes(b"# my deck\nfireball\x00\nshield\n")
    result = run("deck", str(path), "-o", str(tmp_path / "a.pdf"))
    assert result.exit_code == 1
    assert result.output == (
        f"Chyba: {path}:2: nulový bajt: je to binární soubor, ne text; zadejte textový soubor\n"
    )
    assert not (tmp_path / "a.pdf").exists()


def test_a_czech_8_bit_layout_is_named_with_its_encoding(tmp_path):
    """A layout saved in CP1250 is named with the guess, as a spell file is."""
    path = tmp_path / "moje.toml"
    path.write_bytes(
        'kind = "card"\nbase = "poker"\ndescription = "Černá, žluť"\n'.encode("cp1250")
    )
    result = run("lint", "--layout", str(path))
    assert result.exit_code == 1
    assert f"{path}:3: text není v kódování UTF-8 (soubor vypadá jako CP1250); uložte" in (
        result.output
    )


def test_decode_keeps_utf8_with_and_without_a_bom():
    """The common cases stay: UTF-8 with or without a BOM, NFC."""
    assert decode("a\u0301".encode(), "x") == "á"
    assert decode(b"\xef\xbb\xbfabc", "x") == "abc"
    with pytest.raises(InputError):
        decode(b"\xff\xfe\x00\x00\x00\xd8\x00\x00", "x")  # a UTF-32 mark, then no character


# ------------------------------------------------------------------------------------------
# One spell file given twice (cards/inputs.py refuse_repeated): said once, in Czech, naming the
# file, as a usage error (exit 2), instead of every spell of it reported as a duplicate.


@pytest.fixture
def homebrew(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "druzina.txt"
    path.write_text(HOMEBREW_SPELL, encoding="utf-8")
    return path


def _second_name(how: str, tmp_path: Path) -> str:
    if how == "same":
        return "druzina.txt"
    if how == "spelling":
        return str(tmp_path / "." / "druzina.txt")
    if how == "symlink":
        (tmp_path / "odkaz.txt").symlink_to(tmp_path / "druzina.txt")
        return "odkaz.txt"
    os.link(tmp_path / "druzina.txt", tmp_path / "tvrdy.txt")
    return "tvrdy.txt"


@pytest.mark.parametrize("how", ["same", "spelling", "symlink", "hard link"])
@pytest.mark.parametrize("command", [["list"], ["lint"], ["compendium", "-q"]])
def test_a_file_added_twice_is_said_once_naming_it(command, how, homebrew, tmp_path):
    """--add X --add X (also another spelling, a link) is one Czech usage error naming X."""
    second = _second_name(how, tmp_path)
    result = run(*command, "--add", "druzina.txt", "--add", second)
    assert result.exit_code == 2, result.output
    where = "--add a --add" if how == "same" else f"--add druzina.txt a --add {second}"
    expected = f"soubor {second} je zadán dvakrát ({where}); zadejte ho jen jednou"
    assert result.output == f"Chyba: {expected}\n"
    assert not (tmp_path / "out").exists()


def test_a_file_given_as_data_and_added_is_said_once(homebrew):
    """--data X --add X: the file is named once, with both options."""
    result = run("lint", "--data", "druzina.txt", "--add", "druzina.txt")
    assert result.exit_code == 2
    assert result.output == (
        "Chyba: soubor druzina.txt je zadán dvakrát (--data a --add); zadejte ho jen jednou\n"
    )


def test_adding_the_embedded_compendium_is_said_once(homebrew):
    """--add data/kouzla.txt without --data adds the compendium to itself: one message, not 492."""
    embedded = str(ROOT / "data" / "kouzla.txt")
    result = run("list", "-q", "--add", embedded)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1
    assert result.output.startswith(f"Chyba: soubor {embedded} je vestavěné kompendium")


def test_standard_input_twice_is_said_once(homebrew):
    """--add - --add /dev/stdin read one pipe twice: refused, naming both."""
    result = run("lint", "--add", "-", "--add", "/dev/stdin", input=HOMEBREW_SPELL)
    assert result.exit_code == 2
    assert "je zadán dvakrát (--add - a --add /dev/stdin)" in result.output


def test_two_different_files_are_still_read(homebrew, tmp_path):
    """Two different files with different spells pass the check."""
    other = tmp_path / "jina.txt"
    other.write_text(HOMEBREW_SPELL.replace("Jiskřivý pozdrav", "Jiný pozdrav"), encoding="utf-8")
    result = run("list", "--add", "druzina.txt", "--add", "jina.txt")
    assert result.exit_code == 0, result.output
    assert "Jiskřivý pozdrav" in result.output and "Jiný pozdrav" in result.output
