"""The JSON API gives what the CLI gives: the same PDF bytes, the same list, the same names."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cards.cli import main
from tests.support.web import DECK, HOMEBREW, homebrew

# (request fields, the same as `cards deck` options)
OPTIONS = [
    ({}, []),
    ({"sheet": "none"}, ["--sheet", "none"]),
    (
        {"layout": "tarot", "sheet": "letter", "backs": True, "duplex": "short"},
        ["--layout", "tarot", "--sheet", "letter", "--backs", "--duplex", "short"],
    ),
    (
        {"continue_on_back": True, "back_offset": [1.5, -0.5]},
        ["--continue-on-back", "--back-offset", "1.5,-0.5"],
    ),
    ({"print_shop": True, "layout": "mini"}, ["--print-shop", "--layout", "mini"]),
    (
        {"print_shop": "drivethrucards", "backs": True},
        ["--print-shop", "drivethrucards", "--backs"],
    ),
    ({"fold": True, "layout": "ink-saver"}, ["--fold", "--layout", "ink-saver"]),
]


def cli_pdf(tmp_path: Path, lines: list[str], options: list[str], add: str | None = None) -> bytes:
    """Print a deck with `cards deck` and return the PDF's bytes."""
    deck = tmp_path / "deck.txt"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "cli.pdf"
    extra = []
    if add is not None:
        brew = tmp_path / "druzina.txt"
        brew.write_text(add, encoding="utf-8")
        extra = ["--add", str(brew)]
    result = CliRunner().invoke(main, ["deck", str(deck), "-o", str(out), *options, *extra])
    assert result.exit_code == 0, result.output
    return out.read_bytes()


@pytest.mark.parametrize(("fields", "options"), OPTIONS, ids=lambda v: json.dumps(v))
def test_pdf_is_the_cli_pdf(client, tmp_path, fields, options):
    """POST /api/pdf gives the bytes `cards deck` writes for the same list and options."""
    response = client.post("/api/pdf", json={"spells": DECK, **fields})
    assert response.status_code == 200, response.get_json()
    assert response.mimetype == "application/pdf"
    assert response.data == cli_pdf(tmp_path, DECK, options)


def test_pdf_with_homebrew_is_the_cli_pdf(client, tmp_path):
    """A deck with the browser's own spell prints as `cards deck --add` prints it."""
    spells = ["Jiskřivý pozdrav", "Ohnivá koule"]
    response = client.post("/api/pdf", json={"spells": spells, "add": homebrew()})
    assert response.status_code == 200, response.get_json()
    assert response.data == cli_pdf(tmp_path, spells, [], add=HOMEBREW)


def cli_list(*options: str) -> list[dict]:
    result = CliRunner().invoke(main, ["list", "--json", "--sort", "name", *options])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


FILTERS = [
    ("class=druid&level=1", ["--class", "druid", "--level", "1"]),
    ("school=iluze&ritual=ano", ["--school", "iluze", "--ritual"]),
    (
        "source=xge&level=0-3&concentration=ne",
        ["--source", "xge", "--level", "0-3", "--no-concentration"],
    ),
    ("class=wizard&class=bard&level=9", ["--class", "wizard", "--class", "bard", "--level", "9"]),
    ("", []),
]


@pytest.mark.parametrize(("query", "options"), FILTERS, ids=[f[0] or "all" for f in FILTERS])
def test_spells_are_cards_list(client, query, options):
    """GET /api/spells lists the spells `cards list` lists with the same filters, in order."""
    response = client.get(f"/api/spells?{query}")
    assert response.status_code == 200, response.get_json()
    got = [(s["name"], s["english"], s["level"], s["school"], s["sources"]) for s in response.json]
    want = [
        (s["name"], s["name_en"] or "", s["level"], s["school"], s["sources"])
        for s in cli_list(*options)
    ]
    assert got == want
    assert got


def test_spells_in_czech_order(client):
    """Names go in Czech order: ch after h, č after c, š after s."""
    names = [spell["name"] for spell in client.get("/api/spells").json]

    def first(prefix):
        return min(i for i, name in enumerate(names) if name.startswith(prefix))

    def last(prefix):
        return max(
            i for i, name in enumerate(names) if name.startswith(prefix) and name[:2] != "Ch"
        )

    assert last("H") < first("Ch") < first("I")
    assert last("C") < first("Č") < first("D")
    assert last("S") < first("Š") < first("T")


def test_labels_name_their_spells(client, tmp_path):
    """Every label, written as a `cards deck` line, prints that very spell: one card each."""
    spells = client.get("/api/spells").json
    labels = [spell["label"] for spell in spells]
    assert len(set(labels)) == len(labels) == 492
    assert "Světlo (Příručka hráče)" in labels and "Světlo (Jeskyně a draci)" in labels
    from cards.select import resolve_deck
    from cards.source.library import load_spells

    every = load_spells()
    resolved = resolve_deck(labels, every).spells
    assert [(s.name, list(s.sources)) for s in resolved] == [
        (s["name"], s["sources"]) for s in spells
    ]


def test_search_finds_without_diacritics(client):
    """q matches Czech or English names, any case, diacritics optional."""
    names = {s["name"] for s in client.get("/api/spells?q=OHNIVA").json}
    assert "Ohnivá koule" in names and "Ohnivá zeď" in names
    assert "Magická střela" not in names
    assert [s["name"] for s in client.get("/api/spells?q=fireball").json] == [
        "Ohnivá koule",  # the exact English name before a name that holds it
        "Časovaná ohnivá koule",
    ]


def test_card_counts_are_the_fit_reports(client):
    """Each spell's `cards` is what `cards fit-report` counts for it."""
    from cards.layout import load_layout
    from cards.report import fit_report
    from cards.select import select_spells, sort_spells
    from cards.source.library import load_spells

    spells = sort_spells(select_spells(load_spells(), classes=("druid",), levels=(5, 6)), by="name")
    report = fit_report(spells, load_layout("tarot"))
    response = client.get("/api/spells?class=druid&level=5-6&layout=tarot")
    assert [s["cards"] for s in response.json] == [row.cards for row in report.rows]
    assert any(s["cards"] > 1 for s in response.json)


def test_count_is_the_cli_summary(client, tmp_path):
    """POST /api/count says what `cards deck` prints, without a PDF."""
    deck = tmp_path / "deck.txt"
    deck.write_text("\n".join(DECK), encoding="utf-8")
    for fields, options in OPTIONS:
        response = client.post("/api/count", json={"spells": DECK, **fields})
        assert response.status_code == 200, response.get_json()
        result = CliRunner().invoke(
            main, ["deck", str(deck), "-o", str(tmp_path / "a.pdf"), *options]
        )
        assert result.output.split(" -> ")[0] == response.json["text"]
        assert f"{response.json['cards']} kar" in response.json["text"]


def test_count_of_nothing(client):
    """An empty deck counts nothing (the PDF of one is refused)."""
    response = client.post("/api/count", json={"spells": []})
    assert response.json == {
        "spells": 0,
        "cards": 0,
        "sheets": 0,
        "text": "0 kouzel, 0 karet, 0 archů",
    }
    assert client.post("/api/pdf", json={"spells": []}).status_code == 400


def test_unknown_names_get_the_cli_suggestions(client, tmp_path):
    """Unknown names: 400 in Czech naming the field, with the suggestions `cards deck` gives."""
    spells = ["Ohnivá koule", "magicka strla", "xyzzy"]
    response = client.post("/api/pdf", json={"spells": spells})
    assert response.status_code == 400
    body = response.json
    assert body["field"] == "spells"
    assert "neznámé kouzlo „magicka strla“" in body["error"]
    deck = tmp_path / "deck.txt"
    deck.write_text("Ohnivá koule\nmagicka strla\nxyzzy\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["deck", str(deck), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 1
    for problem in body["problems"]:
        nearest = ", ".join(problem["suggestions"])
        assert (
            f":{problem['line']}: neznámé kouzlo {problem['text']!r}; nejbližší: {nearest}"
            in result.output
        )
    assert [p["line"] for p in body["problems"]] == [2, 3]
    assert body["problems"][0]["suggestions"][0] == "Magická střela"


def test_ambiguous_name_lists_both_books(client):
    """A name in two books: 400 with both labels to choose from."""
    body = client.post("/api/count", json={"spells": ["Světlo"]}).json
    assert body["field"] == "spells"
    assert body["problems"][0]["candidates"] == [
        "Světlo (Příručka hráče)",
        "Světlo (Jeskyně a draci)",
    ]


BAD_FIELDS = [
    ({"sheet": "a5"}, "sheet"),
    ({"layout": "../../etc/passwd"}, "layout"),
    ({"layout": "layouts/poker.toml"}, "layout"),
    ({"duplex": "sideways"}, "duplex"),
    ({"back_offset": [9, 0]}, "back_offset"),
    ({"back_offset": "1,2"}, "back_offset"),
    ({"bleed": 11}, "bleed"),
    ({"bleed": "NaN"}, "bleed"),
    ({"backs": "maybe"}, "backs"),
    ({"print_shop": True, "sheet": "a4"}, "sheet"),
    ({"fold": True, "sheet": "none"}, "fold"),
    ({"spells": "Ohnivá koule"}, "spells"),
    ({"spells": [1, 2]}, "spells"),
    ({"add": [{"name": "x.txt"}]}, "add"),
]


@pytest.mark.parametrize(("fields", "field"), BAD_FIELDS, ids=lambda v: json.dumps(v))
def test_bad_field_is_400_naming_it(client, fields, field):
    """Each bad field gets 400 with a Czech message that names it."""
    response = client.post("/api/pdf", json={"spells": ["Ohnivá koule"], **fields})
    assert response.status_code == 400
    assert response.json["field"] == field
    assert f"({field})" in response.json["error"]


def test_bad_filters_are_400(client):
    """An unknown class or a bad level is named, in Czech."""
    body = client.get("/api/spells?class=mnich").json
    assert body["field"] == "class" and "povolání" in body["error"]
    assert client.get("/api/spells?level=12").json["field"] == "level"
    assert client.get("/api/spells?ritual=snad").json["field"] == "ritual"


def test_body_must_be_json(client):
    """A body that is no JSON object: 400 in Czech."""
    response = client.post(
        "/api/pdf", data="spells=x", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 400
    assert "JSON" in response.json["error"]


def test_preview_is_the_cli_preview(client, tmp_path):
    """GET /api/preview/<label>.png gives the PNG `cards preview` writes."""
    out = tmp_path / "koule.png"
    for query, options in (
        ("", []),
        ("?layout=mini&continue_on_back=1", ["--layout", "mini", "--continue-on-back"]),
    ):
        result = CliRunner().invoke(
            main, ["preview", "Časovaná ohnivá koule", "-o", str(out), *options]
        )
        assert result.exit_code == 0, result.output
        response = client.get(f"/api/preview/Časovaná ohnivá koule.png{query}")
        assert response.status_code == 200
        assert response.mimetype == "image/png"
        assert response.data == out.read_bytes()


def test_preview_of_one_part_and_side(client):
    """part and side pick one card image: the size of one card, and front differs from back."""
    whole = Image.open(
        io.BytesIO(client.get("/api/preview/Časovaná ohnivá koule.png?dpi=100").data)
    )
    images = {}
    for part in (1, 2):
        for side in ("front", "back"):
            response = client.get(
                f"/api/preview/Časovaná ohnivá koule.png?dpi=100&part={part}&side={side}"
            )
            assert response.status_code == 200, response.get_json()
            images[part, side] = Image.open(io.BytesIO(response.data))
    one = images[1, "front"]
    assert one.width < whole.width / 1.8 and one.height < whole.height / 1.8
    assert images[1, "front"].tobytes() != images[2, "front"].tobytes()
    assert images[1, "front"].tobytes() != images[1, "back"].tobytes()
    assert client.get("/api/preview/Časovaná ohnivá koule.png?part=3").status_code == 400
    assert client.get("/api/preview/Ohnivá koule.png?side=top").json["field"] == "side"


def test_preview_of_homebrew(client):
    """POST /api/preview draws the browser's own spell; without "add" it is unknown."""
    response = client.post(
        "/api/preview", json={"spell": "Jiskřivý pozdrav", "dpi": 72, "add": homebrew()}
    )
    assert response.status_code == 200
    assert response.data.startswith(b"\x89PNG")
    assert client.post("/api/preview", json={"spell": "Jiskřivý pozdrav"}).status_code == 400


def test_homebrew_is_listed_only_with_its_file(client):
    """The browser's own spells appear in the list it asks for, and in no other."""
    body = client.post("/api/spells", json={"q": "jiskr", "add": homebrew()}).json
    assert [s["label"] for s in body] == ["Jiskřivý pozdrav"]
    assert body[0]["source"] == "Kouzla naší družiny"
    assert client.get("/api/spells?q=jiskr").json == []


def test_lint_gives_line_numbers_and_adds_nothing(client):
    """A bad homebrew file: its errors with the lines `cards lint` names; no spells while any."""
    bad = HOMEBREW.replace("Iluze 0. úrovně", "Iluze 12. úrovně")
    body = client.post("/api/lint", json={"name": "druzina.txt", "text": bad}).json
    assert body["ok"] is False and body["spells"] == []
    assert body["errors"]
    line = body["errors"][0]["line"]
    assert bad.splitlines()[line - 1].startswith("Iluze 12")
    good = client.post("/api/lint", json={"name": "druzina.txt", "text": HOMEBREW}).json
    assert good == {
        "ok": True,
        "errors": [],
        "warnings": good["warnings"],
        "spells": ["Jiskřivý pozdrav"],
    }
    response = client.post(
        "/api/pdf", json={"spells": ["Ohnivá koule"], "add": [{"name": "d.txt", "text": bad}]}
    )
    assert response.status_code == 400 and response.json["field"] == "add"
    assert response.json["problems"][0]["line"] == line


def test_lint_of_a_clash_with_the_compendium(client):
    """A homebrew spell named as a compendium spell of the same book is an error."""
    clash = HOMEBREW.replace("Jiskřivý pozdrav", "Ohnivá koule").replace(
        "Kouzla naší družiny", "Příručka hráče"
    )
    body = client.post("/api/lint", json={"name": "d.txt", "text": clash}).json
    assert body["ok"] is False


def test_deck_file_prints_the_same_pdf(client, tmp_path):
    """The list the API saves, printed by `cards deck`, is the PDF the API prints."""
    text = client.post("/api/deck-file", json={"spells": DECK}).get_data(as_text=True)
    assert "Světlo (Příručka hráče)\n" in text and "Ohnivá koule\n" in text
    lines = text.splitlines()
    assert cli_pdf(tmp_path, lines, []) == client.post("/api/pdf", json={"spells": DECK}).data


def test_read_list_names_bad_lines(client):
    """A list file read back: its labels, or every bad line with suggestions."""
    body = client.post("/api/read-list", json={"text": "# večer\nfireball\nštít\n"}).json
    assert body == {"spells": ["Ohnivá koule", "Štít"]}
    body = client.post("/api/read-list", json={"text": "fireball\n\nohniva kolue\n"}).json
    assert body["field"] == "text"
    assert body["problems"][0]["line"] == 3
    assert "Ohnivá koule" in body["problems"][0]["suggestions"]


def test_script_name_is_text(client):
    """A homebrew spell named <script> comes back as data in JSON and escaped on the page."""
    add = homebrew("<script>alert(1)</script>")
    body = client.post("/api/spells", json={"q": "alert", "add": add})
    assert body.json[0]["name"] == "<script>alert(1)</script>"
    assert body.mimetype == "application/json"
    page = client.post(
        "/hledat", data={"q": "alert", "homebrew": add[0]["text"], "homebrew_name": "druzina.txt"}
    )
    html = page.get_data(as_text=True)
    assert page.status_code == 200, html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>alert" not in html
