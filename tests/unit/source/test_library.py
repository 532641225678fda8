"""Spells of one's own: --add in text and JSON, the JSON Schema, name clashes, lint."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.cli import main
from cards.model import CLASSES, SCHOOLS
from cards.select import sort_spells
from cards.source.json import SCHEMA, is_json, parse_json, spell_from_dict, spell_to_dict
from cards.source.library import read_compendium, read_spell_file
from tests.support.spells import HOMEBREW_SPELL

REPO = Path(__file__).resolve().parents[3]

TEXT_SPELL = HOMEBREW_SPELL

RECORD = {
    "name": "Mrazivý polibek",
    "name_en": "Frosty kiss",
    "sources": ["Kouzla naší družiny"],
    "school": "Zaklínání",
    "level": 2,
    "ritual": False,
    "casting_time": "1 akce",
    "range": "Dotyk",
    "components": {"verbal": True, "somatic": False, "material": True, "material_text": "rampouch"},
    "duration": "1 minuta (soustředění)",
    "concentration": True,
    "classes": ["Druid", "Kouzelník"],
    "blocks": [
        {
            "type": "paragraph",
            "heading": "",
            "text": "Tvůj dotek zmrazí cíl na kost.",
            "kind": "text",
        },
        {"type": "bullets", "items": ["první mráz", "druhý mráz"]},
        {"type": "table", "header": ["k6", "účinek"], "rows": [["1", "jinovatka"]]},
    ],
}


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def write_json(path: Path, records) -> Path:
    path.write_text(json.dumps(records, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def compendium_json(tmp_path_factory) -> Path:
    result = invoke("list", "--json")
    assert result.exit_code == 0
    path = tmp_path_factory.mktemp("json") / "x.json"
    path.write_text(result.output, encoding="utf-8")
    return path


@pytest.mark.slow
def test_json_round_trip_gives_a_byte_identical_pdf(compendium_json, tmp_path):
    """`cards list --json > x.json` then `compendium --data x.json` prints the same PDF."""
    text_pdf, json_pdf = tmp_path / "text.pdf", tmp_path / "json.pdf"
    assert invoke("compendium", "-q", "-o", str(text_pdf)).exit_code == 0
    result = invoke("compendium", "-q", "--data", str(compendium_json), "-o", str(json_pdf))
    assert result.exit_code == 0, result.output
    assert json_pdf.read_bytes() == text_pdf.read_bytes()


def test_json_records_give_back_every_field(compendium_json):
    """Each JSON record reads back as the spell it was printed from (list's order: level, name)."""
    spells = sort_spells(read_compendium().spells, by="level")
    again = read_spell_file(compendium_json)
    assert again.problems == ()
    assert len(again.spells) == len(spells) == 492
    for spell, copy_ in zip(spells, again.spells, strict=True):
        record, record_again = spell_to_dict(spell), spell_to_dict(copy_)
        del record["origin"], record_again["origin"]
        assert record_again == record
    assert again.spells[1].origin.file == str(compendium_json)
    lines = compendium_json.read_text(encoding="utf-8").splitlines()
    assert lines[again.spells[1].origin.line - 1] == "  {"
    assert f'"name": "{spells[1].name}"' in lines[again.spells[1].origin.line]


def test_spell_from_dict_inverts_spell_to_dict():
    """A record made from a spell makes the same spell (line numbers aside)."""
    for spell in read_compendium().spells[:40]:
        made = spell_from_dict(spell_to_dict(spell), spell.origin)
        assert spell_to_dict(made) == spell_to_dict(spell)


def test_schema_is_valid_and_names_the_model_values():
    """The published schema is a valid Draft 2020-12 schema with the model's schools and classes."""
    from jsonschema import Draft202012Validator

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert SCHEMA == REPO / "schema" / "spell.schema.json"
    spell = schema["$defs"]["spell"]["properties"]
    assert spell["school"]["enum"] == list(SCHOOLS)
    assert spell["classes"]["items"]["enum"] == list(CLASSES)
    assert set(schema["$defs"]["spell"]["required"]) | {"origin"} == set(spell_to_dict_keys())


def spell_to_dict_keys():
    return spell_to_dict(read_compendium().spells[0]).keys()


def test_text_and_json_are_told_apart_by_content(tmp_path):
    """A JSON file named .txt and a text file named .json are both read right."""
    json_as_txt = write_json(tmp_path / "a.txt", [RECORD])
    text_as_json = tmp_path / "b.json"
    text_as_json.write_text(TEXT_SPELL, encoding="utf-8")
    assert [s.name for s in read_spell_file(json_as_txt, any_book=True).spells] == [RECORD["name"]]
    assert [s.name for s in read_spell_file(text_as_json, any_book=True).spells] == [
        "Jiskřivý pozdrav"
    ]
    assert is_json("\ufeff\n  [") and not is_json("Jiskřivý pozdrav\n")


# --- schema violations ----------------------------------------------------------------------


def _broken(change) -> dict:
    record = copy.deepcopy(RECORD)
    change(record)
    return record


def _set(path, value):
    def change(record):
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _delete(key):
    return lambda record: record.pop(key)


VIOLATIONS = [
    (
        "missing key",
        _delete("range"),
        "range: chybí; čekáno: dosah (Dosah), neprázdný text",
    ),
    (
        "wrong type",
        _set(["level"], "2"),
        'level: čekáno: celé číslo od 0 (trik) do 9; zadáno: "2"',
    ),
    ("wrong type of list", _set(["classes"], "Druid"), "classes: čekáno: seznam povolání"),
    ("unknown school", _set(["school"], "Pyromancie"), "school: čekáno: jedna ze škol: "),
    (
        "unknown class",
        _set(["classes"], ["Druid", "Mnich"]),
        "classes[1]: čekáno: jedno z povolání",
    ),
    (
        "level too high",
        _set(["level"], 10),
        "level: čekáno: celé číslo od 0 (trik) do 9; zadáno: 10",
    ),
    (
        "level negative",
        _set(["level"], -1),
        "level: čekáno: celé číslo od 0 (trik) do 9; zadáno: -1",
    ),
    (
        "material text without material",
        _set(["components", "material"], False),
        'components.material_text: čekáno: "": text suroviny potřebuje "material": true; '
        'zadáno: "ramp',
    ),
    (
        "no component",
        _set(
            ["components"],
            {"verbal": False, "somatic": False, "material": False, "material_text": ""},
        ),
        'components: čekáno: aspoň jedno z "verbal", "somatic", "material" true',
    ),
    (
        "components not an object",
        _set(["components"], "V, S"),
        'components: čekáno: objekt {"verbal", "somatic", "material", "material_text"}; '
        'zadáno: "V, S"',
    ),
    (
        "components key missing",
        lambda r: r["components"].pop("somatic"),
        "components.somatic: chybí; čekáno: true nebo false (P)",
    ),
    (
        "unknown key",
        _set(["colour"], "red"),
        "colour: neznámý klíč; čekán jeden z: name, name_en,",
    ),
    ("empty name", _set(["name"], " "), 'name: čekáno: český název, neprázdný text; zadáno: " "'),
    (
        "no blocks",
        _set(["blocks"], []),
        "blocks: čekáno: popis: seznam aspoň jednoho bloku",
    ),
    (
        "unknown block type",
        _set(["blocks", 0, "type"], "obrázek"),
        "blocks[0].type: čekáno: jeden z druhů bloku: paragraph, heading, bullets, table; "
        'zadáno: "obr',
    ),
    (
        "block text of a wrong type",
        _set(["blocks", 0, "text"], 5),
        "blocks[0].text: čekáno: odstavec, neprázdný text; zadáno: 5",
    ),
    (
        "table row too short",
        _set(["blocks", 2, "rows"], [["1"]]),
        "blocks[2].rows[0]: čekáno 2 buněk jako v záhlaví; zadáno: 1",
    ),
    (
        "concentration against the duration",
        _set(["concentration"], False),
        "concentration: čekáno true, protože trvání obsahuje '(soustředění)'",
    ),
    (
        "a dice expression with a space",
        _set(["blocks", 0, "text"], "Utrpí 3k 8 chladného zranění."),
        "blocks[0].text: kostky: mezera uvnitř hodu kostkou; pište 1k10",
    ),
    (
        "a stray letter",
        _set(["range"], "Dotуk"),
        "range: znak: nečekané písmeno 'у' (CYRILLIC SMALL LETTER U)",
    ),
    (
        "a line break inside a text",
        _set(["blocks", 0, "text"], "Tvůj dotek\nzmrazí."),
        "blocks[0].text: čekán jeden řádek textu, zadán znak U+000A",
    ),
]


@pytest.mark.parametrize(
    ("change", "message"), [v[1:] for v in VIOLATIONS], ids=[v[0] for v in VIOLATIONS]
)
def test_a_bad_record_is_answered_with_file_index_name_and_key(tmp_path, change, message):
    """The error names the file, the record's line, index and name, the key and the expectation."""
    good = dict(RECORD, name="Dobrý začátek")
    path = write_json(tmp_path / "moje.json", [good, _broken(change)])
    result = invoke("list", "--add", str(path))
    assert result.exit_code == 1
    name = _broken(change).get("name")
    shown = name if name and name.strip() else "bez názvu"
    first_line = result.output.splitlines()[0]
    assert first_line.startswith(
        f"Chyba: {path}:{_record_line(path, 1)}: chyba: záznam 2 ({shown}): "
    )
    assert message in first_line
    assert "Traceback" not in result.output


def _record_line(path: Path, index: int) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    starts = [n for n, line in enumerate(lines, start=1) if line == "  {"]
    return starts[index]


def test_a_json_syntax_error_names_line_and_column(tmp_path):
    """Broken JSON is reported at its line and column, exit 1."""
    path = tmp_path / "moje.json"
    path.write_text('[\n  {"name": "X",}\n]\n', encoding="utf-8")
    result = invoke("list", "--add", str(path))
    assert result.exit_code == 1
    assert result.output.startswith(f"Chyba: {path}:2: chyba: JSON: není platný JSON: ")
    assert "(sloupec 16)" in result.output


def test_a_json_object_instead_of_an_array_is_refused(tmp_path):
    """One record not wrapped in an array gets a message saying what shape is expected."""
    path = write_json(tmp_path / "moje.json", RECORD)
    result = invoke("list", "--add", str(path))
    assert result.exit_code == 1
    assert "čekáno pole záznamů kouzel" in result.output


def test_every_bad_record_is_reported_by_lint(tmp_path):
    """Lint lists the problems of every record, not only the first (the compendium warns once:
    Drobný služebník has no description)."""
    records = [_broken(_set(["level"], 12)), RECORD, _broken(_delete("school"))]
    records[2]["name"] = "Třetí"
    path = write_json(tmp_path / "moje.json", records)
    result = invoke("lint", "--add", str(path))
    assert result.exit_code == 1
    assert "záznam 1 (Mrazivý polibek): level: čekáno" in result.output
    assert "záznam 3 (Třetí): school: chybí" in result.output
    assert "chyba: záznam 2" not in result.output
    assert result.output.rstrip().endswith(
        f"2 chyby, 2 varování v {REPO / 'data' / 'kouzla.txt'}, {path}"
    )


# --- added spells join the compendium --------------------------------------------------------


@pytest.fixture
def homebrew(tmp_path) -> tuple[Path, Path]:
    text = tmp_path / "druzina.txt"
    text.write_text(TEXT_SPELL, encoding="utf-8")
    return text, write_json(tmp_path / "druzina.json", [RECORD])


def test_added_spells_appear_in_the_list(homebrew):
    """Both added files' spells are listed with their own book."""
    text, data = homebrew
    result = invoke("list", "--add", str(text), "--add", str(data))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 494
    (greeting,) = [line for line in lines if "Jiskřivý pozdrav" in line]
    (kiss,) = [line for line in lines if "Mrazivý polibek" in line]
    assert "Kouzla naší družiny" in greeting
    assert kiss.startswith("2   S  Mrazivý polibek") and "Zaklínání" in kiss
    only = invoke("list", "--add", str(data), "--class", "druid", "--level", "2")
    assert "Mrazivý polibek" in only.output


def _pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


@pytest.mark.slow
def test_added_spells_are_in_the_class_deck(homebrew, tmp_path):
    """A class deck holds the added spells of that class, whole."""
    text, data = homebrew
    out = tmp_path / "druid.pdf"
    args = [
        "class",
        "druid",
        "--level",
        "2",
        "--add",
        str(data),
        "--add",
        str(text),
        "-o",
        str(out),
    ]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    words = " ".join(_pdf_text(out).split())
    assert "Mrazivý polibek" in words and "zmrazí cíl na kost" in words and "jinovatka" in words
    assert "Jiskřivý pozdrav" not in words  # a bard's trick, not in the druid deck at level 2
    bard = tmp_path / "bard.pdf"
    assert (
        invoke("class", "bard", "--level", "0", "--add", str(text), "-o", str(bard)).exit_code == 0
    )
    assert "Jiskřivý pozdrav" in _pdf_text(bard)


@pytest.mark.slow
def test_added_spells_are_in_the_index(homebrew, tmp_path):
    """The finding index lists the added spells."""
    text, data = homebrew
    out = tmp_path / "all.pdf"
    args = ["compendium", "--level", "0-2", "--index", "-o", str(out)]
    result = invoke(*args, "--add", str(text), "--add", str(data))
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(out)
    index = " ".join(reader.pages[0].extract_text().split())
    assert "Jiskřivý pozdrav" in index and "Mrazivý polibek" in index


def test_a_windows_text_file_with_bom_and_crlf_is_read(tmp_path):
    """Homebrew saved by Notepad (BOM, CR LF) reads as the same spell."""
    path = tmp_path / "notepad.txt"
    path.write_bytes(b"\xef\xbb\xbf" + TEXT_SPELL.replace("\n", "\r\n").encode("utf-8"))
    same = tmp_path / "unix.txt"
    same.write_text(TEXT_SPELL, encoding="utf-8")
    a = read_spell_file(path, any_book=True).spells
    b = read_spell_file(same, any_book=True).spells
    assert [spell_to_dict(s) | {"origin": 0} for s in a] == [
        spell_to_dict(s) | {"origin": 0} for s in b
    ]
    data = write_json(tmp_path / "bom.json", [RECORD])
    data.write_bytes(b"\xef\xbb\xbf" + data.read_bytes().replace(b"\n", b"\r\n"))
    assert [s.name for s in read_spell_file(data, any_book=True).spells] == [RECORD["name"]]


# --- books and name clashes -----------------------------------------------------------------


def test_a_book_of_ones_own_is_accepted_only_in_added_files(tmp_path):
    """--add accepts a new book with a lint warning; the compendium itself (--data) does not."""
    path = write_json(tmp_path / "moje.json", [RECORD])
    lint = invoke("lint", "--add", str(path))
    assert lint.exit_code == 0, lint.output
    assert "varování: záznam 1 (Mrazivý polibek): sources[0]: 'Kouzla naší družiny' není" in (
        lint.output
    )
    result = invoke("list", "--data", str(path))
    assert result.exit_code == 1
    assert "sources[0]: čekána jedna z knih Příručka hráče" in result.output


def test_same_name_from_the_same_book_is_an_error_naming_both_places(tmp_path):
    """A spell already in the compendium from the same book is refused, with both places."""
    fireball = next(s for s in read_compendium().spells if s.name == "Ohnivá koule")
    record = dict(RECORD, name="Ohnivá koule", sources=["Příručka hráče"])
    path = write_json(tmp_path / "moje.json", [RECORD, record])
    result = invoke("compendium", "--add", str(path), "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 1
    where = f"{fireball.origin.file}:{fireball.origin.line}"
    assert result.output == (
        f"Chyba: {path}:{_record_line(path, 1)}: chyba: dvojí kouzlo: kouzlo 'Ohnivá koule' z "
        f"knihy Příručka hráče už je v {where} [Ohnivá koule]\n"
    )
    assert not (tmp_path / "x.pdf").exists()


def test_same_name_from_another_book_is_a_second_spell(tmp_path):
    """The same name from a book of one's own is another spell, as Světlo is in two books."""
    record = dict(RECORD, name="Ohnivá koule")
    path = write_json(tmp_path / "moje.json", [record])
    result = invoke("list", "--add", str(path))
    assert result.exit_code == 0, result.output
    assert result.output.count("Ohnivá koule") == 2


def test_clashes_between_and_inside_added_files(tmp_path, homebrew):
    """The same spell in two added files, or twice in one JSON file, is an error."""
    text, data = homebrew
    twice = write_json(tmp_path / "twice.json", [RECORD, RECORD])
    result = invoke("lint", "--add", str(twice))
    assert result.exit_code == 1
    assert f"kouzlo 'Mrazivý polibek' z knihy Kouzla naší družiny už je v {twice}:2" in (
        result.output
    )
    again = tmp_path / "again.txt"
    again.write_text(TEXT_SPELL, encoding="utf-8")
    result = invoke("lint", "--add", str(text), "--add", str(again))
    assert result.exit_code == 1
    assert (
        f"{again}:1: chyba: dvojí kouzlo: kouzlo 'Jiskřivý pozdrav' z knihy Kouzla naší družiny "
        f"už je v {text}:1" in result.output
    )


def test_lint_checks_text_homebrew_like_the_compendium(tmp_path):
    """A text homebrew file gets the parser's own checks with file:line."""
    path = tmp_path / "moje.txt"
    path.write_text(TEXT_SPELL.replace("Povolání: Bard, Čaroděj", "Povolání: Bard, Mnich"), "utf-8")
    result = invoke("lint", "--add", str(path))
    assert result.exit_code == 1
    assert f"{path}:17: chyba: povolání: neznámé povolání 'Mnich'" in result.output


def test_every_spell_command_takes_add(homebrew):
    """--add is on every command that reads spells."""
    text, _ = homebrew
    for command in ("list", "show", "lint", "fit-report", "compendium", "class", "deck", "preview"):
        assert "--add" in invoke(command, "--help").output, command
    shown = invoke("show", "jiskrivy pozdrav", "--add", str(text))
    assert shown.exit_code == 0, shown.output
    assert 'name: "Jiskřivý pozdrav"' in shown.output
    report = invoke("fit-report", "--add", str(text), "--class", "bard", "--level", "0")
    assert "Jiskřivý pozdrav" in report.output


def test_deck_and_preview_find_added_spells(homebrew, tmp_path):
    """A prepared list and a preview can name an added spell."""
    text, data = homebrew
    deck = tmp_path / "dnes.txt"
    deck.write_text("Mrazivý polibek\nfireball\n", encoding="utf-8")
    out = tmp_path / "dnes.pdf"
    result = invoke("deck", str(deck), "--add", str(data), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("2 kouzla")
    png = tmp_path / "p.png"
    result = invoke(
        "preview", "jiskrivy pozdrav", "--add", str(text), "-o", str(png), "--dpi", "50"
    )
    assert result.exit_code == 0, result.output
    assert png.read_bytes().startswith(b"\x89PNG")


def test_parse_json_keeps_the_lines_of_records():
    """Each record's origin is the line where it starts."""
    text = '[{"a": 1},\n\n  ' + json.dumps(RECORD, ensure_ascii=False) + "\n]"
    compendium = parse_json(text, "t.json", any_book=True)
    assert [s.origin.line for s in compendium.spells] == [3]
    assert compendium.errors[0].line == 1 and compendium.errors[0].kind == "záznam 1 (bez názvu)"


def _readme_block(after: str) -> str:
    """Return the indented block that follows the README line starting with `after`."""
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith(after)) + 1
    block = []
    for line in lines[start:]:
        if line and not line.startswith("    "):
            break
        block.append(line[4:])
    return "\n".join(block).strip() + "\n"


def test_the_readme_homebrew_spell_is_the_same_in_both_formats(tmp_path):
    """The README's text and JSON examples read without problems as one and the same spell."""
    text = tmp_path / "druzina.txt"
    text.write_text(_readme_block("The same homebrew spell in the text format"), encoding="utf-8")
    data = tmp_path / "druzina.json"
    data.write_text(_readme_block("and in JSON (`druzina.json`)"), encoding="utf-8")
    records = []
    for path in (text, data):
        compendium = read_spell_file(path, any_book=True)
        assert [p.severity for p in compendium.problems] == ["warning"]  # a book of one's own
        assert len(compendium.spells) == 1
        records.append(spell_to_dict(compendium.spells[0]) | {"origin": None})
    assert records[0] == records[1]
    assert records[0]["name"] == "Jiskřivý pozdrav"


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-20, 20)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(key=st.sampled_from(sorted(RECORD)), value=_JSON, extra=_JSON)
def test_any_record_gets_problems_never_an_exception(key, value, extra):
    """Whatever a record holds, parse_json answers with problems (or a spell), never a crash."""
    record = dict(RECORD, **{key: value})
    compendium = parse_json(json.dumps([record, extra]), "f.json", any_book=True)
    assert compendium.errors  # `extra` is never a valid spell
    assert all(p.file == "f.json" and p.line >= 1 for p in compendium.problems)


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet='[]{},:"0 \n\\ax', max_size=30))
def test_any_text_that_looks_like_json_gets_a_problem(text):
    """Broken JSON of any shape is a problem with a line number."""
    compendium = parse_json("[" + text, "f.json")
    assert compendium.spells == () and compendium.errors
    assert all(p.line >= 1 for p in compendium.errors)
