"""Rewrite the limits table of every system's rules page from its ``LIMITS``.

Each ``docs/rules/<system>.md`` holds one Markdown table whose header is
``| what | allowed | when | why |``; this script replaces it with
``dicestats.format.limits_table(<system>.LIMITS)``. The contract test checks that
the pages agree with the code, so run this after changing a limit::

    python scripts/make_limits_tables.py
"""

from __future__ import annotations

import re
from pathlib import Path

from dicestats import format as fmt
from dicestats import systems

ROOT = Path(__file__).resolve().parents[1]
TABLE = re.compile(r"^\| what \| allowed \| when \| why \|\n(?:\|.*\|\n?)*", re.M)


def main() -> int:
    for system in systems():
        path = ROOT / system.rules_doc
        text = path.read_text(encoding="utf-8")
        new, n = TABLE.subn(fmt.limits_table(system.package.LIMITS) + "\n", text)
        if n != 1:
            raise SystemExit(f"{path}: expected one limits table, found {n}")
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"updated {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
