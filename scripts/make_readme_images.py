"""Render the README's chart images into ``docs/images/`` (small PNGs).

Usage (from the repository root)::

    python scripts/make_readme_images.py [--out docs/images] [--dpi 90]

Every image is drawn by :mod:`dicestats.plots` from a frame of
:mod:`dicestats.tables`; the Monte Carlo image uses a fixed seed, so rerunning
the script gives the same pictures. PNG metadata carries no software version or
date, so unchanged charts give unchanged files.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

MAX_BYTES = 150_000


def _images():
    """(file name, figure size, draw(ax)) for every README image."""
    from dicestats import plots
    from dicestats import tables as T

    def fate(ax):
        plots.fate_outcomes(T.fate_outcomes(2, range(-1, 7)), rating=2, ax=ax)

    def invokes(ax):
        plots.fate_invokes(
            T.fate_invokes(2, range(0, 8), invokes=1),
            ax=ax,
            title="Fair (+2) with one invoke: which policy succeeds more often?",
        )

    def heatmap(ax):
        plots.storyteller_heatmap(T.storyteller_odds(range(1, 11), range(2, 11)), ax=ax)

    def anomaly(ax):
        plots.storyteller_anomalies(
            T.storyteller_odds(range(1, 16), range(6, 11)),
            T.storyteller_anomalies(dice=range(1, 16), difficulties=range(6, 11)),
            ax=ax,
        )

    def initiative(ax):
        plots.initiative_first(T.initiative_first(), ax=ax)  # exact, by tiers

    return [
        ("fate_outcomes.png", (7.0, 4.2), fate),
        ("fate_invokes.png", (7.0, 4.0), invokes),
        ("storyteller_success.png", (7.0, 5.4), heatmap),
        ("storyteller_anomaly.png", (7.0, 4.2), anomaly),
        ("initiative_first.png", (7.0, 4.4), initiative),
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/images", help="output directory")
    parser.add_argument("--dpi", type=int, default=90, help="resolution (default 90)")
    args = parser.parse_args(argv)
    os.environ.setdefault("MPLBACKEND", "Agg")
    from matplotlib.figure import Figure

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    status = 0
    for name, size, draw in _images():
        fig = Figure(figsize=size, layout="constrained")
        draw(fig.add_subplot())
        path = out / name
        fig.savefig(path, dpi=args.dpi, metadata={"Software": None})
        size_b = path.stat().st_size
        flag = "" if size_b < MAX_BYTES else f"  (over {MAX_BYTES:,} bytes!)"
        print(f"{path}  {size_b:,} bytes{flag}")
        if size_b >= MAX_BYTES:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
