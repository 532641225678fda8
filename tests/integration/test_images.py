"""Card images: one PNG per face in deck order, and Tabletop Simulator sheets."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops

from cards.build import fit_spells
from cards.cli import main
from cards.layout import load_layout
from cards.messages import say
from cards.paint.images import TTS_CARDS, card_images, slug
from cards.select import find_spell, parse_levels, select_spells, sort_spells
from cards.source.library import read_compendium

NAME = re.compile(r"^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*(?:-\d+of\d+)?-(?:front|back)\.png$")


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def _deck(classes=("Druid",), levels="0"):
    spells = select_spells(read_compendium().spells, classes=classes, levels=parse_levels(levels))
    return sort_spells(spells, by="level")


def test_one_png_per_face_in_deck_order_with_ascii_names(tmp_path):
    """Fronts and backs of every card, numbered in deck order, ASCII names, 300 dpi size."""
    result = invoke("images", "--class", "druid", "--level", "0", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    faces = fit_spells(_deck(), load_layout("poker"))
    names = sorted(path.name for path in tmp_path.iterdir())
    assert len(names) == 2 * len(faces)
    assert result.output == f"{2 * len(faces)} obrázků -> {tmp_path}\n"
    assert all(NAME.match(name) and name.isascii() for name in names)
    expected = []
    for card in card_images(faces):
        expected += [f"{card.stem}-back.png", f"{card.stem}-front.png"]
    assert names == expected
    first = card_images(faces)[0]
    assert first.stem == f"0001-{slug(faces[0].spell.name)}"
    for name in (names[0], names[1]):
        with Image.open(tmp_path / name) as image:
            # 63 x 88 mm at 300 dpi: 744.09 x 1039.37 pixels.
            assert image.size == (744, 1039)
            assert round(image.info["dpi"][0]) == 300


def test_a_split_spell_names_its_parts(tmp_path):
    """The cards of a spell set on several cards are named 1of2, 2of2, in order."""
    faces = fit_spells(_deck(("Druid",), "0-9"), load_layout("poker"))
    split = next(face.spell for face in faces if face.parts > 1)
    result = invoke("images", split.label, "--no-backs", "--dpi", "50", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    parts = max(face.parts for face in faces if face.spell == split)
    stem = slug(split.name)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"{n:04d}-{stem}-{n}of{parts}-front.png" for n in range(1, parts + 1)
    ]


def test_names_pick_spells_in_the_order_given(tmp_path):
    """Spell names as arguments give the deck in their order."""
    result = invoke(
        "images", "fireball", "magicka strela", "--no-backs", "--dpi", "50", "-o", str(tmp_path)
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "0001-ohniva-koule-front.png",
        "0002-magicka-strela-front.png",
    ]


def test_dpi_sets_the_pixel_size(tmp_path):
    """--dpi 150 gives half the pixels of 300 dpi, rounded to whole pixels."""
    result = invoke("images", "fireball", "--dpi", "150", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    for path in tmp_path.iterdir():
        with Image.open(path) as image:
            assert image.size == (372, 520)


def test_images_are_the_same_on_every_run(tmp_path):
    """The same selection gives the same files, byte for byte."""
    for folder in ("a", "b"):
        assert (
            invoke("images", "fireball", "--dpi", "60", "-o", str(tmp_path / folder)).exit_code == 0
        )
    for path in (tmp_path / "a").iterdir():
        assert path.read_bytes() == (tmp_path / "b" / path.name).read_bytes()


def test_front_and_back_differ_and_are_not_blank(tmp_path):
    """A front and its back are different pictures, neither one plain colour."""
    assert invoke("images", "fireball", "--dpi", "60", "-o", str(tmp_path)).exit_code == 0
    with (
        Image.open(tmp_path / "0001-ohniva-koule-front.png") as front,
        Image.open(tmp_path / "0001-ohniva-koule-back.png") as back,
    ):
        assert len(front.getcolors(1 << 20)) > 50 and len(back.getcolors(1 << 20)) > 10
        assert ImageChops.difference(front.convert("RGB"), back.convert("RGB")).getbbox()


def test_tts_sheets_hold_69_cards_and_their_backs(tmp_path):
    """--sheet tts: 10 x 7 sheets of 69 cards, matching back sheets, the common back last."""
    deck = _deck(("Druid",), "0-2")
    faces = fit_spells(deck, load_layout("poker"))
    assert len(faces) > TTS_CARDS  # two sheets
    out, single = tmp_path / "tts", tmp_path / "single"
    result = invoke(
        "images",
        "--class",
        "druid",
        "--level",
        "0-2",
        "--sheet",
        "tts",
        "--dpi",
        "50",
        "-o",
        str(out),
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [
        "tts-01-backs.png",
        "tts-01-fronts.png",
        "tts-02-backs.png",
        "tts-02-fronts.png",
        "tts-back.png",
    ]
    assert (
        invoke(
            "images", "--class", "druid", "--level", "0-2", "--dpi", "50", "-o", str(single)
        ).exit_code
        == 0
    )
    card = Image.open(out / "tts-back.png").convert("RGB")
    width, height = card.size
    assert (width, height) == (124, 173)  # 63 x 88 mm at 50 dpi
    cards = card_images(faces)

    def slot(sheet: Image.Image, index: int) -> Image.Image:
        x, y = (index % 10) * width, (index // 10) * height
        return sheet.crop((x, y, x + width, y + height))

    for number, kind in ((1, "fronts"), (2, "backs")):
        sheet = Image.open(out / f"tts-{number:02d}-{kind}.png").convert("RGB")
        assert sheet.size == (10 * width, 7 * height)
        first = cards[(number - 1) * TTS_CARDS]
        side = "front" if kind == "fronts" else "back"
        own = Image.open(single / f"{first.stem}-{side}.png").convert("RGB")
        assert not ImageChops.difference(slot(sheet, 0), own).getbbox()
        assert not ImageChops.difference(slot(sheet, 69), card).getbbox()
    second = Image.open(out / "tts-02-fronts.png").convert("RGB")
    left = len(faces) - TTS_CARDS
    last = Image.open(single / f"{cards[-1].stem}-front.png").convert("RGB")
    assert not ImageChops.difference(slot(second, left - 1), last).getbbox()
    assert slot(second, left).getcolors() == [(width * height, (255, 255, 255))]  # empty slot


def test_no_spells_no_images(tmp_path):
    """An empty selection is an error, and no folder is made."""
    result = invoke("images", "--class", "paladin", "--level", "0", "-o", str(tmp_path / "x"))
    assert result.exit_code == 1
    assert result.output.startswith("Chyba: " + say("no_images"))
    assert not (tmp_path / "x").exists()


def test_an_unknown_name_gets_the_nearest_names(tmp_path):
    """A misspelt spell name is answered like `cards show` answers it."""
    result = invoke("images", "ohniva kole", "-o", str(tmp_path))
    assert result.exit_code == 1
    with pytest.raises(Exception) as error:
        find_spell(read_compendium().spells, "ohniva kole")
    assert str(error.value) in result.output


def test_slug_is_ascii():
    """Slugs drop accents and punctuation: quotes, apostrophes, slashes."""
    assert slug("Slovo moci „zabij“") == "slovo-moci-zabij"
    assert slug("Tašin příšerný smích") == "tasin-priserny-smich"
    assert slug("Aganazzarův žár") == "aganazzaruv-zar"
    assert slug("„“") == "kouzlo"


def test_progress_is_shown_on_a_terminal_only(tmp_path, monkeypatch):
    """A terminal sees a progress bar on standard error, counting spells; a pipe does not."""
    args = ["images", "--class", "druid", "--level", "0", "--dpi", "50", "--no-backs"]
    quiet = invoke(*args, "-o", str(tmp_path / "a"))
    assert "Kreslím karty" not in quiet.output
    monkeypatch.setattr("cards.cli.common.stderr_is_terminal", lambda: True)
    result = CliRunner().invoke(main, [*args, "-o", str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    assert "Kreslím karty" in result.stderr
    assert "Kreslím karty" not in result.stdout


def test_a_character_the_fonts_lack_makes_no_images(tmp_path):
    """A homebrew spell with a character the layout cannot draw is refused before any image."""
    spell = tmp_path / "moje.txt"
    text = (
        "Sněhulák\n\nSnowman\n\nPříručka hráče\n\nIluze 0. úrovně\n\nVyvolání: 1 akce\n\n"
        "Dosah: 2 sáhy\n\nSložky: V\n\nTrvání: 1 minuta\n\nPovolání: Bard\n\n"
        "Objeví se malý sněhulák ☃ a zamává.\n"
    )
    spell.write_text(text, encoding="utf-8")
    out = tmp_path / "img"
    result = invoke("images", "snehulak", "--add", str(spell), "-o", str(out))
    assert result.exit_code == 1, result.output
    assert "☃" in result.output or "U+2603" in result.output
    assert not out.exists()
