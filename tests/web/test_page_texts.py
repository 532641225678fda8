"""The page's words come from the message catalogue: no Czech text written into a template."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TEMPLATES = sorted((Path(__file__).parents[2] / "cards" / "web" / "templates").glob("*.html"))
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
SHOWN = re.compile(r'\b(?:aria-label|alt|title|placeholder)="([^"]*)"')
WORD = re.compile(r"[A-Za-zÀ-ž]{2,}")


def shown_texts(template: Path) -> list[str]:
    """The texts a template writes itself: text between tags and the attributes people read."""
    source = JINJA.sub(" ", template.read_text(encoding="utf-8"))
    source = re.sub(r"<script\b.*?</script>", " ", source, flags=re.S)
    texts = SHOWN.findall(source)
    texts += re.findall(r">([^<>]+)<", source)
    return [text.strip() for text in texts if WORD.search(text)]


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.name)
def test_no_text_outside_the_catalogue(template):
    """Every word a template shows is a say("page_…") call (cards/messages/web.py)."""
    allowed = {"A4", "Letter", "PDF"}  # names, the same in every language
    assert [t for t in shown_texts(template) if t not in allowed] == []


def test_the_check_sees_written_text(tmp_path):
    """A template with a Czech word written in it is caught, in a text node and in aria-label."""
    written = tmp_path / "written.html"
    written.write_text('<p>Hledat</p><button aria-label="Odebrat {{ x }}"></button>', "utf-8")
    assert shown_texts(written) == ["Odebrat", "Hledat"]
