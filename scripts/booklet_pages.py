"""Render pages of the booklet as PNG images (for the README, or to look at one page).

Usage (from the repository root)::

    python scripts/booklet_pages.py 10 --lang en zh-Hans --out docs/images --dpi 50

writes ``docs/images/booklet-p10-en.png`` and ``booklet-p10-zh-Hans.png``: each page as
``dicestats report --lang LANG`` draws it (:func:`dicestats.report.page_figure`), the default
systems, seed and trials. PNG metadata carries no software version or date, so an unchanged
page gives an unchanged file.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def main(argv=None) -> int:
    os.environ.setdefault("MPLBACKEND", "Agg")
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from dicestats.i18n import LANGUAGES
    from dicestats.report import page_figure

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("pages", nargs="+", type=int, metavar="N", help="page numbers (1: the cover)")
    p.add_argument("--lang", nargs="+", default=["en"], choices=list(LANGUAGES))
    p.add_argument("--systems", default=None, help="as dicestats report --systems")
    p.add_argument("--out", default="docs/images", type=Path)
    p.add_argument("--dpi", default=50, type=int)
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for n in args.pages:
        for lang in args.lang:
            fig = page_figure(n, args.systems, lang=lang)
            FigureCanvasAgg(fig)
            path = args.out / f"booklet-p{n}-{lang}.png"
            fig.savefig(path, dpi=args.dpi, metadata={"Software": None})
            print(f"{path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
