"""``dicestats report``: write the printable PDF odds booklet
(:func:`dicestats.report.build_report`, imported when the command runs).
"""

from __future__ import annotations

import sys
import time

from ..i18n import LANGUAGES
from ..registry import systems
from ..report.booklet import MC_TRIALS
from ._common import int_arg

__all__ = ["register"]


def register(subparsers) -> None:
    """Add the ``report`` sub-command."""
    p = subparsers.add_parser(
        "report",
        help="write the printable PDF odds booklet",
        description=(
            "Write a PDF booklet with the key tables and charts of each dice system: "
            "deterministic (the same options give a byte-identical file) and written "
            "atomically; interrupted (Ctrl-C, SIGTERM, SIGHUP), it leaves no temporary file."
        ),
    )
    p.add_argument(
        "--out",
        default="reports/dicestats-odds.pdf",
        metavar="FILE",
        help="PDF to write (default: reports/dicestats-odds.pdf; the directory is created)",
    )
    names = ",".join(s.name for s in systems() if s.booklet)
    others = ",".join(s.name for s in systems() if not s.booklet)
    p.add_argument(
        "--systems",
        metavar="LIST",
        help=f"comma-separated systems to include (default: {names}"
        + (f"; also: {others})" if others else ")"),
    )
    p.add_argument(
        "--paper", choices=("a4", "letter"), default="a4", help="paper size (default: a4)"
    )
    p.add_argument(
        "--seed",
        type=int_arg,
        help="seed of the Monte Carlo pages (default: a fixed seed, printed on the pages)",
    )
    p.add_argument(
        "--trials",
        type=int_arg,
        help=f"simulated rounds per Monte Carlo scenario (default: {MC_TRIALS})",
    )
    p.add_argument(
        "--lang",
        "--language",
        dest="lang",
        choices=LANGUAGES,
        default="en",
        help="the booklet's language: en (default), de, ru, zh-Hant, zh-Hans; the rule texts' "
        "own terms, numbers in the language's format",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar, no summary line")
    p.set_defaults(func=_handle)


def _handle(args) -> int:
    from .. import report
    from . import CLIError

    given = {k: getattr(args, k) for k in ("systems", "seed", "trials")}
    start = time.perf_counter()
    try:
        path = report.build_report(
            args.out,
            paper=args.paper,
            lang=args.lang,
            progress=False if args.quiet else None,
            **{k: v for k, v in given.items() if v is not None},
        )
    except OSError as exc:  # the booklet names the target, never its temporary file
        raise CLIError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    if not args.quiet:
        print(f"wrote {path} in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0
