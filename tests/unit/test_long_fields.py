"""The width rule of every printed field: shrink to the floor, wrap, then a clear error naming
the spell and the field (homebrew spells with long fields); and a name line too long for a name
is an error naming it, not a paragraph of the spell above."""

from __future__ import annotations

import re

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.bounds import FieldTooWide
from cards.source.text import parse_compendium
from tests.support.spells import homebrew_text


def test_a_czech_name_over_120_characters_is_an_error():
    """A 130-character name: an error on its line, not a paragraph of the previous spell."""
    long_name = "Velmi dlouhé jméno " * 7  # 133 characters
    text = homebrew_text("Krátké jméno") + "\n" + homebrew_text(long_name.strip())
    compendium = parse_compendium(text, "k.txt", any_book=True)
    errors = [p for p in compendium.errors if p.kind == "name"]
    assert errors and errors[0].line == text.splitlines().index(long_name.strip()) + 1
    assert "120" in errors[0].message
    first = compendium.spells[0]
    assert all(long_name.strip() not in getattr(b, "text", "") for b in first.blocks)


def test_nan_in_an_icon_view_box_is_refused(tmp_path):
    """viewBox="0 0 nan nan" would write 'nan nan m' into the PDF: refused naming the file."""
    import pytest

    from cards.icons import IconError, load_icon

    for box in ("0 0 nan nan", "0 0 inf 512", "0 0 0 0", "nan 0 512 512"):
        path = tmp_path / "x.svg"
        path.write_text(f'<svg viewBox="{box}"><path d="M0 0L1 1Z"/></svg>', encoding="utf-8")
        with pytest.raises(IconError, match="viewBox"):
            load_icon(path)
    path.write_text('<svg viewBox="0 0 10 10"><path d="M0 0Lnan 1Z"/></svg>', encoding="utf-8")
    with pytest.raises(IconError):
        load_icon(path)


def _homebrew(name: str = "Jiskřivý pozdrav", **replace: str):
    """The homebrew spell with some of its lines replaced (old text -> new text)."""
    text = homebrew_text(name)
    for old, new in replace.items():
        assert old in text
        text = text.replace(old, new)
    (spell,) = parse_compendium(text, "k.txt", any_book=True).spells
    return spell


def _spell_with(name_en: str = "Sparkling greeting", book: str = "Kouzla naší družiny"):
    return _homebrew(**{"Sparkling greeting": name_en, "Kouzla naší družiny": book})


LONG_ENGLISH = "A very long English name of a spell " * 2 + "indeed"  # 77 characters
LONG_BOOK = "Kouzla naší družiny a jejích přátel z dalekých hor a údolí"  # 58 characters


def _fit(spell, layout: str = "poker"):
    from cards.fit import fit_spell
    from cards.layout import load_layout

    return fit_spell(spell, load_layout(layout))


def _printed(face) -> str:
    """Every word the face prints, in one string without spaces."""
    from cards.face import Label, TextLine

    parts = [
        i.text if isinstance(i, Label) else i.line.text
        for i in face.items
        if isinstance(i, (Label, TextLine))
    ]
    return "".join("".join(parts).split()).replace("-", "")


def _inside(face, layout: str = "poker") -> None:
    """Nothing printed leaves the safe area or over another field: the width rule's check."""
    from cards.bounds import require_inside
    from cards.layout import load_layout

    require_inside([face], load_layout(layout).safe_margin)


LAYOUTS = ("poker", "bridge", "tarot", "mini", "large-print", "ink-saver")


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_77_character_english_name_wraps_inside_the_band(layout):
    """The English name shrinks to the floor, then wraps: whole, inside, over nothing."""
    from cards.face import Disc, Label
    from cards.layout import load_layout

    body = load_layout(layout).fonts["body"]
    faces = _fit(_spell_with(name_en=LONG_ENGLISH), layout)
    for face in faces:
        (disc,) = [i for i in face.items if isinstance(i, Disc)]
        # the band's only roman labels: the English name's lines
        english = [i for i in face.items if isinstance(i, Label) and i.font == body]
        assert 2 <= len(english) <= 3
        assert " ".join(i.text for i in english).split() == LONG_ENGLISH.split()
        for label in english:
            right = label.x + stringWidth(label.text, label.font, label.size)
            assert right <= disc.x - disc.radius + 0.01  # never under the level's disc
        _inside(face, layout)


def test_an_english_name_too_long_for_two_lines_is_an_error_naming_spell_and_field():
    """110 characters of English name on a mini card: more than three lines even at the floor:
    a Czech error with file:line (the English name's, line 3), spell and field."""
    with pytest.raises(FieldTooWide) as error:
        _fit(_spell_with(name_en=("A very long English name of a spell " * 3).strip()), "mini")
    message = str(error.value)
    assert re.match(r"k\.txt:3: Jiskřivý pozdrav .*pole anglický název \('A very long", message)
    assert "nevejde" in message and "zkraťte" in message and "s0" not in message


def _words(face, role: str) -> list[str]:
    from cards.face import TextLine

    lines = [i.line.text for i in face.items if isinstance(i, TextLine) and i.role == role]
    return sorted(" ".join(lines).replace("-", "").split())


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_58_character_book_is_printed_whole_and_over_nothing(layout):
    """A long book shrinks beside the classes or takes the foot's lines of its own: whole,
    inside the card and over no other field."""
    (face, *_) = _fit(_spell_with(book=LONG_BOOK), layout)
    assert "".join(LONG_BOOK.split()) in _printed(face)
    _inside(face, layout)


def test_a_book_too_long_for_beside_the_classes_goes_below_them():
    """On poker the 58-character book takes the foot's lines; the classes stand above it."""
    from cards.face import Label, TextLine

    (face,) = _fit(_spell_with(book=LONG_BOOK))
    books = [i for i in face.items if isinstance(i, Label) and i.font.endswith("Bold") and i.y < 20]
    classes = [i for i in face.items if isinstance(i, TextLine) and i.role == "footer"]
    assert " ".join(i.text for i in books).split() == LONG_BOOK.split()
    assert min(c.y for c in classes) > max(b.y for b in books)


@pytest.mark.parametrize("layout", ["mini", "bridge"])
def test_a_book_never_squeezes_the_classes_into_broken_words(layout):
    """A 35-character book on a narrow card: the classes keep whole words (no "Ča-roděj"),
    the book going below them when it cannot stand beside the longest."""
    from cards.face import TextLine

    (face, *_) = _fit(_spell_with(book="Kouzla naší družiny a jejích přátel"), layout)
    lines = [i.line for i in face.items if isinstance(i, TextLine) and i.role == "footer"]
    assert not any(line.split_word for line in lines)
    _inside(face, layout)


def test_a_book_too_long_for_two_lines_is_an_error_naming_the_field():
    """A 150-letter book: neither shrinking nor wrapping onto two lines helps: an error at the
    book's line (5)."""
    with pytest.raises(FieldTooWide, match=r"k\.txt:5: Jiskřivý pozdrav.*pole zdroj \(kniha\)"):
        _fit(_spell_with(book="Kouzla " + "x" * 150))


STATS = [
    ("Vyvolání: 1 akce", "vyvolání"),
    ("Dosah: 2 sáhy", "dosah"),
    ("Trvání: 1 minuta", "trvání"),
]


@pytest.mark.parametrize(("line", "field"), STATS)
@pytest.mark.parametrize("layout", ["poker", "mini"])
def test_a_long_stat_value_wraps_inside_its_cell(line, field, layout):
    """A 46-character value wraps in its cell, whole and inside the card."""
    label = line.split(":")[0]
    value = "nebo dokud se sesilatel nerozhodne jinak"
    (face, *_) = _fit(_homebrew(**{line: f"{label}: {value}"}), layout)
    assert set(value.split()) <= set(_words(face, "stat"))
    _inside(face, layout)


@pytest.mark.parametrize(("line", "field"), STATS)
@pytest.mark.parametrize("layout", ["poker", "mini"])
def test_a_stat_value_too_long_for_its_cell_is_an_error_naming_the_field(line, field, layout):
    """A value of 25 words takes more than four lines: an error naming the stat."""
    label = line.split(":")[0]
    value = "dokud se sesilatel nerozhodne jinak " * 5
    with pytest.raises(FieldTooWide, match=rf"Jiskřivý pozdrav.*pole {field} \('dokud"):
        _fit(_homebrew(**{line: f"{label}: {value.strip()}"}), layout)


@pytest.mark.parametrize("layout", ["poker", "mini"])
def test_a_stat_word_wider_than_its_cell_is_broken_inside_it(layout):
    """One unbreakable 40-letter word as a range is broken where it must, inside the card."""
    word = "x" * 40
    (face, *_) = _fit(_homebrew(**{"Dosah: 2 sáhy": f"Dosah: {word}"}), layout)
    assert word in "".join(_words(face, "stat"))
    _inside(face, layout)


def test_a_long_material_note_wraps_below_the_grid():
    """A long material note wraps below the grid, whole and inside."""
    material = "prach z rozdrcených drahokamů, " * 6
    (face, *_) = _fit(_homebrew(**{"Složky: V, P": f"Složky: V, P, S ({material.strip()})"}))
    from cards.face import TextLine

    notes = [i.line.text for i in face.items if isinstance(i, TextLine) and i.role == "material"]
    assert len(notes) >= 3
    assert "".join("".join(notes).split()).replace("-", "") == "*" + "".join(material.split())
    _inside(face)


@pytest.mark.parametrize("layout", ["poker", "mini"])
def test_every_class_listed_wraps_inside_the_footer(layout):
    """All the classes (the longest list a spell can have) wrap in the footer, inside."""
    from cards.model import CLASSES

    classes = ", ".join(CLASSES)
    (face, *_) = _fit(_homebrew(**{"Povolání: Bard, Čaroděj": f"Povolání: {classes}"}), layout)
    assert _words(face, "footer") == sorted(classes.split())
    _inside(face, layout)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_long_czech_name_wraps_inside_the_band(layout):
    """A 100-character Czech name: several lines, inside, clear of the disc and the corner."""
    name = "Velmi dlouhé jméno kouzla, které si vymyslela naše družina za deštivého večera u krbu"
    (face, *_) = _fit(_homebrew(name=name), layout)
    assert "".join(name.split()) in _printed(face)
    _inside(face, layout)


def test_the_cli_names_the_spell_and_field_and_exits_1(tmp_path):
    """Through `cards deck --add`: "Chyba: k.txt:N: …" at the field's line, exit 1, no
    traceback."""
    from click.testing import CliRunner

    from cards.cli import main

    path = tmp_path / "k.txt"
    text = homebrew_text("Jiskřivý pozdrav").replace("Dosah: 2 sáhy", "Dosah: " + "z" * 300)
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "k.pdf"
    result = CliRunner().invoke(
        main,
        ["deck", "-", "--add", str(path), "--sheet", "none", "-o", str(out)],
        input="Jiskřivý pozdrav\n",
    )
    assert result.exit_code == 1, result.output
    line = text.splitlines().index("Dosah: " + "z" * 300) + 1
    assert f"k.txt:{line}: Jiskřivý pozdrav" in result.output and "pole dosah" in result.output
    assert "Traceback" not in result.output and not out.exists()


def test_the_last_check_names_the_spell_and_the_field_in_czech():
    """bounds.require_inside: a name off the card, or printed over the book, is named in Czech
    from the catalogue with file:line and the field (the catalogue's texts, not literals)."""
    from cards.bounds import FieldTooWide, require_inside
    from cards.face import CardFace, Label
    from cards.layout import load_layout
    from cards.messages import say
    from tests.support.spells import make_spell

    layout = load_layout("poker")
    font = layout.fonts["body"]
    spell = make_spell(name="Barevná koule")
    at = f"{spell.origin.file}:{spell.origin.line}"

    def face(*items):
        return CardFace(spell, 1, 1, 8.0, 180.0, 250.0, "#000000", tuple(items))

    off = face(Label("Barevná koule", font, 9.0, 170.0, 200.0, "#000000"))
    with pytest.raises(FieldTooWide) as error:
        require_inside([off], layout.safe_margin)
    over = str(error.value).split(" je o ")[1].split(" pt")[0]
    assert str(error.value) == say(
        "field_off_card", at=at, label=spell.label, field="název ('Barevná koule')", over=over
    )
    clash = face(
        Label("Barevná koule", font, 9.0, 20.0, 200.0, "#000000"),
        Label("Chromatic orb", font, 9.0, 30.0, 200.0, "#000000"),
    )
    with pytest.raises(FieldTooWide) as error:
        require_inside([clash], layout.safe_margin)
    assert str(error.value) == say(
        "field_over_field",
        at=at,
        label=spell.label,
        first="název ('Barevná koule')",
        second="anglický název ('Chromatic orb')",
    )
