"""Painters: finished faces onto a canvas (PDF pages, PNG images, previews).

A painter measures nothing and sets no type: it draws what `cards.fit` placed. So no module
of this package imports `cards.fit` or `cards.typeset` (tests/unit/test_import_graph.py checks
every module here, a new one included).
"""
