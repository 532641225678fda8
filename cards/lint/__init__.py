"""Lint: what `cards lint` checks in spell files, and how it says what it found.

files.py    every problem of the compendium and the added files, in file and line order:
            the parser's (cards.source), name clashes, and with a layout the two below
fields.py   printed fields the layout's cards cannot hold, by the fitter's own width rule
glyphs.py   characters the layout's fonts cannot draw (also checked before every build)
report.py   the findings said in Czech, with a count of each

The parser's own checks (the format, the characters of a line, the wording lint of
cards/source/wording.py) stay in cards.source: reading a file finds them. Nothing in
cards.source imports this package.
"""
