"""``python -m dicestats``: the same as the ``dicestats`` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
