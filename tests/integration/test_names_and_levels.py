"""Names a deck line must reach exactly: "#" inside a name, "(book)" at a name's end; levels."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cards.cli import main
from tests.support.spells import homebrew_text


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_a_name_holding_a_hash_is_named_in_a_deck_list(tmp_path):
    """A homebrew spell "Zvon #2" is found from a deck line; "# ..." after a space is a comment."""
    path = tmp_path / "druzina.txt"
    path.write_text(homebrew_text("Zvon #2"), encoding="utf-8")
    deck = tmp_path / "balicek.txt"
    deck.write_text("# dnešní kouzla\nZvon #2\nŠtít # na později\n", encoding="utf-8")
    out = tmp_path / "d.pdf"
    result = run("deck", str(deck), "--add", str(path), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "2 kouzla" in result.output


@pytest.fixture
def client_with_hash():
    """The web app's test client, and the "add" field of a homebrew spell "Zvon #2"."""
    from cards.web.app import create_app

    app = create_app({"WARM": False, "BUILD_WORKERS": 0})
    add = [{"name": "druzina.txt", "text": homebrew_text("Zvon #2")}]
    return app.test_client(), add


def test_the_api_reads_a_list_naming_a_hash_spell(client_with_hash):
    """/api/read-list takes the same lines: "Zvon #2" is the homebrew spell."""
    client, add = client_with_hash
    response = client.post("/api/read-list", json={"text": "Zvon #2\n# komentář\n", "add": add})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["spells"] == ["Zvon #2"]


def test_a_level_of_thousands_of_digits_is_a_czech_error():
    """`cards list --level` with 5,000 digits: exit 2 naming the range, no traceback."""
    result = run("list", "--level", "9" * 5000)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "0" in result.output and "9" in result.output and "Traceback" not in result.output
    result = run("list", "--level", "1-" + "9" * 5000)
    assert result.exit_code == 2, result.output


def test_a_homebrew_name_ending_in_a_book_is_refused_by_lint(tmp_path):
    """ "Ohnivá koule (PHB)" as a spell's own name: lint errs (a deck line would mean another)."""
    path = tmp_path / "druzina.txt"
    path.write_text(homebrew_text("Ohnivá koule (PHB)"), encoding="utf-8")
    result = run("lint", "--add", str(path))
    assert result.exit_code == 1, result.output
    assert "druzina.txt:1" in result.output and "závork" in result.output


def _json_spell(tmp_path, name: str, blocks: list) -> str:
    """A JSON homebrew file of Štít's record renamed, with the given description blocks."""
    import json

    from cards.select import find_spell
    from cards.source.json import spell_to_dict
    from cards.source.library import load_spells

    record = spell_to_dict(find_spell(load_spells(), "Štít"))
    record.update(name=name, name_en="", sources=["Kouzla naší družiny"], blocks=blocks)
    path = tmp_path / "druzina.json"
    path.write_text(json.dumps([record], ensure_ascii=False), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("table", [{"header": [""], "rows": [[""]]}, {"header": [" "], "rows": []}])
def test_a_json_spell_whose_description_is_an_empty_table_fails_lint(tmp_path, table):
    """A description of one empty table prints a card without text: lint errs at the spell."""
    path = _json_spell(tmp_path, "Prázdná tabulka", [{"type": "table", **table}])
    result = run("lint", "--add", path)
    assert result.exit_code == 1, result.output
    assert "druzina.json:1" in result.output and "nemá žádný text" in result.output


def test_a_spell_whose_name_has_no_letters_for_a_file_name_is_not_a_hidden_file(
    tmp_path, monkeypatch
):
    """A spell named in punctuation: its preview is out/kouzlo.png, never the hidden out/.png."""
    path = tmp_path / "druzina.txt"
    path.write_text(homebrew_text("!!!"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("preview", "!!!", "--add", str(path), "--dpi", "50")
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "out" / ".png").exists()
    assert (tmp_path / "out" / "kouzlo.png").stat().st_size > 0
