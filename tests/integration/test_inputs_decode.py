"""The input gate's decoding (cards/inputs.py decode), shared by deck lists, layouts, sheets and
spell files: UTF-32 with a BOM is read, UTF-16 without a BOM and zero bytes are named, and a
Czech 8-bit file is named with its likely encoding."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cards.cli import main
from cards.inputs import InputError, decode


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


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
