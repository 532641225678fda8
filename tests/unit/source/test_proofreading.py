"""The shipped compendium read as a Czech proof-reader reads it (issue 35): each kind of
slip corrected in data/kouzla.txt (data/CORRECTIONS.md) is checked everywhere, so that
no new case of the kind can come back, not only the cases that were fixed."""

from __future__ import annotations

import re

import pytest

from cards.model import BulletList, Heading, Paragraph, Table
from cards.source.library import read_compendium

# Abbreviations a lower-case word may follow after their full stop.
ABBREVIATIONS = frozenset({"např", "tzv", "atd", "apod", "tj", "resp", "popř", "cca", "str", "č"})
# Names in the English names that keep their capital in sentence case.
PROPER_NAMES = frozenset({"Hadar", "Agathys"})
PARAGRAPH_ENDS = (".", "!", "?", "…", ":", "“", ".)")


@pytest.fixture(scope="module")
def spells():
    return read_compendium().spells


def texts(spell) -> list[str]:
    """Every text of a spell a card prints: name, fields, material, description."""
    out = [spell.name, spell.name_en, spell.range, spell.duration]
    out.append(spell.components.material_text)
    for block in spell.blocks:
        if isinstance(block, Paragraph):
            out += [block.heading, block.text]
        elif isinstance(block, Heading):
            out.append(block.text)
        elif isinstance(block, BulletList):
            out += block.items
        elif isinstance(block, Table):
            out += [*block.header, *(cell for row in block.rows for cell in row)]
    return out


def found(spells, pattern: re.Pattern[str], keep=lambda match: True) -> list[str]:
    """Return each place in the compendium's texts where pattern matches (and keep agrees)."""
    return [
        f"{spell.name}: …{text[max(0, m.start() - 20) : m.end() + 10]}…"
        for spell in spells
        for text in texts(spell)
        for m in pattern.finditer(text)
        if keep(m)
    ]


def test_no_sentence_starts_lower_case(spells):
    """After a sentence's full stop, question or exclamation mark comes a capital ("určíš.
    Hoď si"), but after an abbreviation ("např. stromy") or an ordinal ("5. úrovně")."""
    pattern = re.compile(r"(\S+)[.!?] +(?=([^\W\d_]))")
    assert (
        found(
            spells,
            pattern,
            lambda m: (
                m.group(2).islower()
                and not m.group(1)[-1:].isdigit()
                and m.group(1).lstrip("(").lower() not in ABBREVIATIONS
            ),
        )
        == []
    )


def test_no_space_inside_brackets(spells):
    """ "(dle úvahy PJ)", not "(dle úvahy PJ )"; nor "( dle"."""
    assert found(spells, re.compile(r"\s[)\]]|[(\[]\s")) == []


def test_thousands_are_apart(spells):
    """ "1 000 zl" as everywhere in the file (set unbreakable), not "1000 zl"; dice aside."""
    assert found(spells, re.compile(r"(?<![\dk,.])\d{4,}")) == []


def test_no_hyphen_after_a_prefix_or_a_numeral(spells):
    """ "nedémony", "nenemrtvé" (ne- is written together with its word), "24hodinový"."""
    assert found(spells, re.compile(r"\b[Nn]e-\w|\b\d+-[^\W\d_]")) == []


def test_every_paragraph_ends_with_its_punctuation(spells):
    """A paragraph ends with a full stop (inside a bracket that holds a whole sentence),
    a question or exclamation mark, an ellipsis, a colon before a list, or a closing quote."""
    open_ends = [
        f"{spell.name}: …{block.text[-40:]}"
        for spell in spells
        for block in spell.blocks
        if isinstance(block, Paragraph) and not block.text.rstrip().endswith(PARAGRAPH_ENDS)
    ]
    assert open_ends == []


def test_english_names_in_sentence_case(spells):
    """ "Conjure woodland beings", "Tasha's hideous laughter", as every other English name:
    only the first word and proper names ("Arms of Hadar") capitalised."""
    shouted = [
        spell.name_en
        for spell in spells
        for word in spell.name_en.split()[1:]
        if word[:1].isupper() and re.sub("['’]s$", "", word) not in PROPER_NAMES
    ]
    assert shouted == []


def test_no_plural_adjective_for_a_verbal_noun_in_a_name(spells):
    """ "Drawmijovo okamžité přivolání": a name's verbal noun has its long vowel (-ání);
    "-aní" is the plural adjective ("přivolaní tvorové"), never a spell's name. The index
    prints the same names."""
    assert [s.name for s in spells if any(w.endswith("aní") for w in s.name.split())] == []


def test_the_ethereal_plane_keeps_its_long_vowel(spells):
    """ "Éterická sféra", "Éteričtí tvorové", as in 22 places, never "Eterické" (a long vowel
    misspelt short, the kind of "přivolaní")."""
    assert found(spells, re.compile(r"\b[Ee]teri")) == []


def test_proper_names_in_czech_names_keep_their_capital(spells):
    """ "Abi-Dalzimovo", "Zbroj Agathysu": each part of a hyphenated name and a proper name
    of the English name keep their capital in the Czech name."""
    lower = [
        spell.name
        for spell in spells
        for word in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)+|[^\W\d_]+", spell.name)
        if ("-" in word and not all(part[:1].isupper() for part in word.split("-")))
        or any(word.lower().startswith(name.lower()) and word[0].islower() for name in PROPER_NAMES)
    ]
    assert lower == []
