"""Text on consoles that cannot show every character (cards/console.py)."""

from __future__ import annotations

import io

from cards.console import plain, tolerate_unencodable


def test_plain_gives_typographic_punctuation_and_czech_letters_their_plain_forms():
    """Quotes, dashes, the ellipsis, the bullet and spaces get look-alikes; letters lose accents."""
    assert plain("„Žluťoučký kůň“ – 2×3… • a\xa0b") == '"Zlutoucky kun" - 2x3... * a b'


def _console(encoding: str) -> tuple[io.BytesIO, io.TextIOWrapper]:
    raw = io.BytesIO()
    return raw, io.TextIOWrapper(raw, encoding=encoding, errors="strict")


def test_a_cp852_console_keeps_the_czech_letters_and_gets_plain_quotes():
    """cp852 has every Czech letter but not „“: the letters stay, the quotes become '"'."""
    raw, stream = _console("cp852")
    tolerate_unencodable(stream)
    stream.write("„Čaroděj“ řekl: ne")
    stream.flush()
    assert raw.getvalue().decode("cp852") == '"Čaroděj" řekl: ne'


def test_a_latin1_console_gets_plain_letters_and_a_question_mark_for_the_rest():
    """latin-1 lacks most Czech letters (they lose their accents, "á" stays) and the snowman."""
    raw, stream = _console("latin-1")
    tolerate_unencodable(stream)
    stream.write("Čáp ☃")
    stream.flush()
    assert raw.getvalue().decode("latin-1") == "Cáp ?"


def test_a_utf8_stream_is_left_as_it_is():
    """A UTF-8 stream needs nothing: its error handling stays strict."""
    _, stream = _console("utf-8")
    tolerate_unencodable(stream)
    assert stream.errors == "strict"


def test_without_streams_standard_output_and_error_are_made_tolerant(monkeypatch):
    """Called with no streams it makes sys.stdout and sys.stderr write plainly."""
    (out_raw, out), (err_raw, err) = _console("cp1250"), _console("ascii")
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    tolerate_unencodable()
    out.write("„Žár“ ☃")
    err.write("Žár…")
    out.flush()
    err.flush()
    assert out_raw.getvalue().decode("cp1250") == "„Žár“ ?"  # cp1250 has the quotes
    assert err_raw.getvalue() == b"Zar..."
