"""Every word of every spell reaches the PDF, in order, in every layout and print option."""

from __future__ import annotations

import bisect
import itertools
import re

import pypdfium2
import pytest
from click.testing import CliRunner

from cards.cli import main
from cards.model import BulletList, Heading, Paragraph, Table, card_order
from cards.typeset.normalise import normalise
from tests.support.readback import card_layouts

CASES = [(layout, ()) for layout in card_layouts()] + [
    # on sheets a spell's parts on backs come a page after its fronts: one card a page reads
    # them in order (front, back, front, ...)
    ("poker", ("--continue-on-back", "--sheet", "none")),
    ("poker", ("--fold",)),
    ("poker", ("--sheet", "letter")),
    ("poker", ("--backs", "--index")),
    ("mini", ("--continue-on-back", "--backs", "--sheet", "none")),
]


def _plain(word: str) -> str:
    """A word compared loosely: no hyphens (set or inserted), no spaces, no quotes' kinds."""
    return re.sub(r"[-\u00ad\u2011\ufffe\x02\s]", "", word).replace("’", "'")


def _words(spell) -> tuple[list[str], list[str]]:
    """The description's running words as set (normalised) in card order, and its table words.

    A table's cells are read back in the PDF's order, which need not be the rows' (as
    test_card_pdf checks them): its words are only checked to be there.
    """
    words: list[str] = []
    cells: list[str] = []
    for block in card_order(spell.blocks):
        if isinstance(block, Paragraph):
            words += normalise(f"{block.heading} {block.text}").split()
        elif isinstance(block, Heading):
            words += normalise(block.text).split()
        elif isinstance(block, BulletList):
            for item in block.items:
                words += normalise(item).split()
        elif isinstance(block, Table):
            for row in (block.header, *block.rows):
                for cell in row:
                    cells += normalise(cell).split()
    return [w for w in map(_plain, words) if w], [w for w in map(_plain, cells) if w]


def _tokens(path) -> list[str]:
    """The PDF's words page by page, a word broken at a line end joined with its rest."""
    document = pypdfium2.PdfDocument(str(path))
    tokens: list[str] = []
    for page in document:
        text = page.get_textpage().get_text_range()
        for line in text.splitlines():
            parts = line.replace("\u00a0", " ").split()
            if tokens and tokens[-1].endswith(("-", "\u00ad", "\ufffe")) and parts:
                tokens[-1] = tokens[-1] + parts.pop(0)
            tokens += parts
    document.close()
    return [_plain(t) for t in tokens]


class _Found:
    """The PDF's tokens joined into one text, to find the first token holding a word from a
    given token on with one `str.find` (C speed) instead of a Python loop over the tokens.

    The tokens are joined by a character no token holds, so a word is found inside one token
    only: the first place it occurs from a token's start on lies in the first token from there
    that holds it (a word holding that character is in no token).
    """

    def __init__(self, tokens: list[str]):
        held = set().union(*map(set, tokens))
        self.separator = next(chr(code) for code in range(0x110000) if chr(code) not in held)
        self.tokens = tokens
        self.text = self.separator.join(tokens)
        self.starts = list(itertools.accumulate((len(t) + 1 for t in tokens), initial=0))

    def first(self, word: str, at: int = 0) -> int | None:
        """The index of the first token from `at` on that holds word (None: none does)."""
        if at >= len(self.tokens) or self.separator in word:
            return None
        place = self.text.find(word, self.starts[at])
        return None if place < 0 else bisect.bisect_right(self.starts, place) - 1


def _in_order(words: list[str], found: _Found, start: int) -> int | None:
    """The index after the last of `words` found in order in tokens from start (None: lost)."""
    at = start
    for word in words:
        index = found.first(word, at)
        if index is None:
            return None
        at = index + 1
    return at


@pytest.mark.slow  # builds the whole compendium in 12 layouts and options, reads each back
@pytest.mark.parametrize(("layout", "options"), CASES)
def test_every_word_of_every_spell_in_order(compendium, tmp_path, layout, options):
    """`cards compendium` in this layout and options: each spell's words in order in the PDF."""
    out = tmp_path / "k.pdf"
    args = ["compendium", "--layout", layout, *options, "-q", "-o", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    tokens = _tokens(out)
    found_in = _Found(tokens)
    lost = []
    for spell in compendium:
        title = _plain(normalise(spell.name).split()[0])
        start = found_in.first(title) or 0
        running, table = _words(spell)
        end = _in_order(running, found_in, start)
        if end is None:
            lost.append(spell.name)
            continue
        found = set(tokens[start : end + 400])  # the spell's cards, and a few of the next
        if any(not any(word in token for token in found) for word in table):
            lost.append(f"{spell.name} (tabulka)")
    assert lost == []


@pytest.mark.slow  # a class deck built and read back
@pytest.mark.parametrize("name", ["bard", "druid"])
def test_a_class_deck_holds_exactly_the_listed_spells(tmp_path, name):
    """`cards class X` prints as many spells as `cards list --class X` lists, each of them."""
    runner = CliRunner()
    listed = runner.invoke(main, ["list", "--class", name])
    assert listed.exit_code == 0
    # "2  RS  Ticho   Iluze  PHB, JaD": level, ritual/concentration marks, name, school, books
    rows = [re.split(r"\s{2,}", line.strip()) for line in listed.output.splitlines()]
    names = [row[2] if re.fullmatch(r"[RS]+", row[1]) else row[1] for row in rows if row[0]]
    out = tmp_path / "c.pdf"
    built = runner.invoke(main, ["class", name, "--sheet", "none", "-o", str(out)])
    assert built.exit_code == 0, built.output
    count = int(re.match(r"(\d+) kouz", built.output).group(1))
    assert count == len(names)
    text = _plain(" ".join(_tokens(out)))
    assert [n for n in names if _plain(normalise(n)) not in text] == []
