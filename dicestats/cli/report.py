"""``dicestats report``: write the printable PDF odds booklet.

matplotlib, pandas and the system modules are imported inside the handler,
so ``dicestats --help`` stays fast.
"""

from __future__ import annotations

import argparse
import sys
import time

from ..registry import systems
from ..report.booklet import EXACT_LIMIT, LIMITS, MC_TRIALS

__all__ = ["register"]


def _names() -> tuple[str, ...]:
    return tuple(s.name for s in systems())


def _systems_arg(text: str) -> str:
    """An argparse ``type=``: a comma-separated subset of the systems."""
    items = [s.strip().lower() for s in text.split(",") if s.strip()]
    bad = [s for s in items if s not in _names()]
    if bad or not items:
        what = ", ".join(repr(s) for s in bad) if bad else "(none given)"
        raise argparse.ArgumentTypeError(
            f"must be a comma-separated subset of {','.join(_names())}; unknown: {what}"
        )
    return ",".join(items)


def register(subparsers) -> None:
    """Add the ``report`` sub-command (option ranges from ``report.LIMITS``)."""
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
    p.add_argument(
        "--systems",
        type=_systems_arg,
        default=",".join(_names()),
        metavar="LIST",
        help=f"comma-separated systems to include (default: {','.join(_names())})",
    )
    p.add_argument(
        "--paper", choices=("a4", "letter"), default="a4", help="paper size (default: a4)"
    )
    p.add_argument(
        "--seed",
        type=LIMITS["seed"].argtype(),
        default=None,
        help="seed of the Monte Carlo pages (default: a fixed seed, printed on the pages)",
    )
    p.add_argument(
        "--trials",
        type=LIMITS["trials"].argtype(),
        default=MC_TRIALS,
        help=f"simulated rounds per Monte Carlo scenario, {LIMITS['trials'].help} "
        f"(default: {MC_TRIALS})",
    )
    p.add_argument(
        "--exact-limit",
        type=LIMITS["exact_limit"].argtype("exact-limit"),
        default=EXACT_LIMIT,
        metavar="N",
        help="initiative setups up to N dice-outcome classes also get their exact value "
        f"(default: {EXACT_LIMIT}; 0: none)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar, no summary line")
    p.set_defaults(func=_handle)


def _handle(args) -> int:
    from .. import report
    from . import CLIError

    kwargs = {}
    if args.seed is not None:
        kwargs["seed"] = args.seed
    start = time.perf_counter()
    try:
        path = report.build_report(
            args.out,
            systems=args.systems,
            paper=args.paper,
            trials=args.trials,
            exact_limit=args.exact_limit,
            progress=False if args.quiet else None,
            **kwargs,
        )
    except OSError as exc:  # the booklet names the target, never its temporary file
        reason = exc.strerror or str(exc)
        raise CLIError(f"cannot write {args.out}: {reason}") from None
    if not args.quiet:
        print(f"wrote {path} in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0
