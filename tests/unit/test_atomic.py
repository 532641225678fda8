"""Tests for cards.atomic: a file written whole or not at all, never over something else."""

from __future__ import annotations

import os
import stat

import pytest

from cards.atomic import OutputError, output_target, refuse_inputs, write_atomically
from cards.resources import folder


def test_a_new_file_in_a_missing_folder_is_written_whole_and_alone(tmp_path):
    """The folder is made, the bytes are the file's, no temporary file stays beside it."""
    out = tmp_path / "nova" / "karty.pdf"
    assert write_atomically(out, b"%PDF-1.4 data") == out
    assert out.read_bytes() == b"%PDF-1.4 data"
    assert os.listdir(out.parent) == ["karty.pdf"]


def test_a_replaced_file_keeps_its_permissions(tmp_path):
    """Writing over a file replaces its bytes and keeps its mode."""
    out = tmp_path / "karty.pdf"
    out.write_bytes(b"old")
    out.chmod(0o640)
    write_atomically(out, b"new")
    assert out.read_bytes() == b"new"
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert os.listdir(tmp_path) == ["karty.pdf"]


def test_a_symbolic_link_is_written_through(tmp_path):
    """The link stays a link; the file it points to gets the bytes."""
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    write_atomically(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"


@pytest.mark.parametrize("name", ["slozka/", ""])
def test_a_folder_name_or_no_name_is_refused_as_usage(tmp_path, name):
    """A name ending in a slash or an empty one: an OutputError (exit 2), nothing written."""
    out = f"{tmp_path}/{name}" if name else ""
    with pytest.raises(OutputError) as raised:
        write_atomically(out, b"data")
    assert raised.value.exit_code == 2
    assert os.listdir(tmp_path) == []


def test_a_directory_is_no_output(tmp_path):
    """A path that holds a directory is refused, naming it, and the directory stays."""
    (tmp_path / "karty.pdf").mkdir()
    with pytest.raises(OutputError, match="karty.pdf"):
        output_target(tmp_path / "karty.pdf")
    assert (tmp_path / "karty.pdf").is_dir()


def test_an_input_is_no_output_even_through_a_hard_link(tmp_path):
    """An output that is an input (here a hard link to it) is refused, naming both paths."""
    source = tmp_path / "kouzla.txt"
    source.write_text("Štít\n", encoding="utf-8")
    twin = tmp_path / "dvojce.txt"
    os.link(source, twin)
    with pytest.raises(OutputError) as raised:
        refuse_inputs(twin, [("--add", source)])
    assert str(twin) in str(raised.value) and str(source) in str(raised.value)
    refuse_inputs(tmp_path / "jiny.pdf", [("--add", source)])  # another file is fine


def test_the_shipped_data_is_no_output():
    """Nothing is written into the folders the tool reads (data/, layouts/, ...)."""
    with pytest.raises(OutputError):
        write_atomically(folder("data") / "karty.pdf", b"data")
    assert not (folder("data") / "karty.pdf").exists()
