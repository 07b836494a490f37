"""The fuzz results table of several runs added up: ``python -m tests.fuzz.table A.json ...``.

Each file is the ``.json`` beside a ``DICESTATS_FUZZ_TABLE`` file (one run's counts per
class); a class that appears in several runs has its counts added.
"""

from __future__ import annotations

import json
import sys

from .harness import COLUMNS, TALLY, table


def main(paths: list[str]) -> str:
    for path in paths:
        with open(path) as fh:
            for cls, row in json.load(fh).items():
                mine = TALLY.setdefault(cls, dict.fromkeys(COLUMNS, 0))
                for column, n in row.items():
                    mine[column] += n
    return table()


if __name__ == "__main__":
    print(main(sys.argv[1:]))
