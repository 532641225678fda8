"""Run the command line with `python -m cards`."""

from cards.cli import main

main()
