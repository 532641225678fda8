"""Spell files in, spell records out: the text and JSON formats, decoding, problems, the library.

decode.py       bytes -> text (UTF-8, UTF-16 with BOM) and the character checks of a line
problems.py     Problem, Collector, Compendium (a read file), CompendiumError
lines.py        what a line of the text format is (field, level, source, bullet)
description.py  description lines -> blocks (paragraphs, headings, lists, tables)
text.py         the text format both ways (parse_compendium, spell_text)
wording.py      the wording lint the text parser runs (a proof-reader's marks, as warnings)
json.py         the JSON format both ways with its schema (parse_json, spell_to_dict)
duplicates.py   the one duplicate rule, in a file and across files
library.py      load and merge the compendium and --add files
stored.py       parsed files kept between runs by their text and the engine (ParseStore)

The checks `cards lint` adds (fields too long to print, characters the fonts lack) are in
cards.lint; this package imports neither it nor cards.fit or cards.typeset.
"""
