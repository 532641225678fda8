"""Helpers the tests share (fonts, spell builders, fakes, PDF read-back, processes, the
browser): test modules import from here, never from each other."""
