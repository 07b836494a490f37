"""``dicestats sweep``: one question over a grid of parameters, locally or on a Dask cluster.

``dicestats sweep QUESTION --PARAM VALUES ... [options]``: every option the
sweep does not take itself is a parameter of the question, spelled as the
question's API names it (``--swiftness``, ``--vs`` for ``versus``,
``--vs-pips``, ``--pip-rule``). Its values are words:

* ``1-6`` — the integers 1 to 6 (``-2-3`` from −2);
* ``0,1,3`` — several values (for a participant list such as ``--swiftness``,
  ``3,3`` is *one* value: two participants of swiftness 3);
* ``true``/``false``, numbers, or names (``--pip-rule split one-die``).

The table shows the question's headline quantity per cell; ``--json`` prints
every column; ``--out`` keeps the cells in a Parquet or CSV file (a re-run
skips the finished ones); ``--plot`` draws heatmaps. Dask (``--scheduler``,
``--dask local``) and Parquet need the cluster extra:
``pip install "dicestats[cluster]"``. :func:`dicestats.sweep.sweep` checks every
value; pandas, Dask and the systems are imported when the command runs.

Examples
--------
>>> from dicestats.cli import main
>>> main(["sweep", "fate", "--bonus", "0-1", "--difficulty", "2", "--exact"])
bonus  difficulty  P(success or better)
-----  ----------  --------------------
0               2            6.17% 5/81
1               2           18.52% 5/27
0
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import time
from fractions import Fraction

from ..core.question import option
from ..sweep.grid import LIMITS
from ..sweep.questions import QUESTIONS
from . import CLIError
from ._common import add_plot_flag, fmt_prob, int_arg, real, trials_arg

__all__ = ["register", "parse_grid"]

#: Seconds to wait for a Dask scheduler (``--timeout``) by default.
SCHEDULER_TIMEOUT = 10.0


def _question(text: str) -> str:
    if text not in QUESTIONS:
        raise argparse.ArgumentTypeError(
            f"unknown question {text!r}; one of {', '.join(QUESTIONS)}"
        )
    return text


#: A scheduler's address: ``tcp://host:8786`` (tcp, tls, ucx, ws, wss) or ``host:port``.
_ADDRESS = re.compile(
    r"\A(?:(?:tcp|tls|ucx|wss?)://(?P<host>[^\s/:]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?"
    r"|(?:[^\s/:]+|\[[0-9A-Fa-f:.]+\]):[0-9]{1,5})/?\Z"
)
#: Longest ``--timeout``, in seconds.
MAX_TIMEOUT = 3600.0


def _address(text: str) -> str:
    """``--scheduler``: an address, checked before any connection (``nan`` stalled 20 s)."""
    if not _ADDRESS.match(text.strip()):
        raise argparse.ArgumentTypeError(
            f"expected a scheduler address such as tcp://host:8786 or host:8786, got {text!r}"
        )
    return text.strip()


def _timeout(text: str) -> float:
    """``--timeout``: seconds in (0, 3600] (``1e308`` never gave up; nan, inf, -1 were read)."""
    try:
        t = real(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not 0 < t <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"expected seconds in (0, {MAX_TIMEOUT:g}], got {text!r}")
    return t


def _add_options(p, *, defaults: bool) -> None:
    """The sweep's own options (on the sub-command, and again for words after QUESTION)."""

    def d(value):
        return value if defaults else None

    p.add_argument(
        "--trials",
        type=trials_arg,
        help="trials per cell of a Monte Carlo question (default 100,000; 1e6 is fine)",
    )
    p.add_argument(
        "--seed",
        type=int_arg,
        help="the sweep's seed; each cell's own seed is derived from it and the cell's "
        "parameters (default: the seed in --out, else a fresh one)",
    )
    p.add_argument(
        "--out",
        metavar="FILE",
        help="keep the cells in a .parquet or .csv file; a re-run skips finished cells",
    )
    p.add_argument(
        "--workers",
        type=int_arg,
        help="local worker processes, one cell per task (with --dask local: the cluster's workers)",
    )
    p.add_argument(
        "--scheduler",
        type=_address,
        metavar="ADDRESS",
        help="run the cells on the Dask cluster at ADDRESS (tcp://host:8786)",
    )
    p.add_argument("--dask", choices=("local",), help="start a local Dask cluster for the sweep")
    p.add_argument(
        "--timeout",
        type=_timeout,
        default=d(SCHEDULER_TIMEOUT),
        metavar="SECONDS",
        help=f"how long to wait for the scheduler (default {SCHEDULER_TIMEOUT:g})",
    )
    add_plot_flag(p, "the grid as heatmaps")
    p.add_argument(
        "--value",
        metavar="COLUMN",
        help="the quantity of the table and the plot (default: the question's headline)",
    )
    p.add_argument(
        "--batch-size", type=int_arg, help="trials per Monte Carlo batch (the results depend on it)"
    )
    for flag, text in (
        ("--exact", 'exact questions: Fractions ("p/q")'),
        ("--json", "print every column as JSON records"),
        ("--quiet", "no progress bar, no summary line"),
    ):
        p.add_argument(flag, action="store_true", default=d(False), help=text)


def register(subparsers) -> None:
    """Add the ``sweep`` sub-command."""
    lines = [f"  {name:<21} {q.question.summary}" for name, q in QUESTIONS.items()]
    p = subparsers.add_parser(
        "sweep",
        help="one question over a grid of parameters (local processes or a Dask cluster)",
        description=(
            "Answer QUESTION for every combination of the parameter values given, one "
            "row per cell, with estimates, 95% intervals and the seed that reproduces "
            "each cell. Parameters are the question's own, spelled as its API names "
            "them (--swiftness, --vs, --pips, --dice, --difficulty, --bonus): a range "
            "1-6, values 0,1,3 or words. 'dicestats sweep QUESTION --help' lists a "
            "question's parameters."
        ),
        epilog="questions:\n" + "\n".join(lines),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    p.add_argument("question", type=_question, metavar="QUESTION", help="what to ask each cell")
    _add_options(p, defaults=True)
    p.add_argument("grid", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    p.set_defaults(func=_handle)


# --------------------------------------------------------------------------- the grid
def _scalar(word: str, name: str = "value"):
    low = word.lower()
    if low in ("true", "false", "none"):
        return {"true": True, "false": False}.get(low)
    for read in (int, float):
        try:
            value = read(word)
        except ValueError:
            continue
        if not word.isascii() or "_" in word:  # int() reads ٣, ３ and 1_000: other commands don't
            raise CLIError(f"--{name}: expected a number in the digits 0-9, got {word!r}")
        return value
    return word


def _words(name: str, word: str, participants: bool) -> list:
    m = re.fullmatch(r"(-?[0-9]+)-(-?[0-9]+)", word.strip())
    if m:
        a, b = int(m[1]), int(m[2])
        if a > b:
            raise CLIError(f"--{name}: reversed range {word!r}: write {b}-{a}")
        if b - a >= LIMITS["cells"].hi:
            raise CLIError(f"--{name}: range {word!r} has more than {LIMITS['cells'].hi:,} values")
        return list(range(a, b + 1))
    if participants:
        return [_scalar(word, name)] if "," not in word else [word]
    parts = word.split(",")
    if any(not p.strip() for p in parts):
        raise CLIError(f"--{name}: empty value in {word!r}")
    return [_scalar(p.strip(), name) for p in parts]


def parse_grid(tokens, question) -> dict:
    """The grid a command line spells: ``["--swiftness", "1-3", "--vs", "2"]`` → values.

    Examples
    --------
    >>> from dicestats.sweep import question
    >>> parse_grid(["--swiftness", "1-3", "3,3", "--vs", "2", "--pip-rule", "split"],
    ...            question("initiative"))
    {'swiftness': [1, 2, 3, '3,3'], 'versus': [2], 'pip_rule': ['split']}
    """
    grid: dict = {}
    spelled: dict = {}
    current = None
    for tok in tokens:
        if tok.startswith("--") and len(tok) > 2:
            flag, eq, rest = tok.partition("=")
            current = flag[2:].replace("-", "_")  # the API's name: --vs-pips is versus_pips
            current = "versus" + current[2:] if current.split("_")[0] == "vs" else current
            if current in grid:
                raise CLIError(f"{flag} given twice: give all its values after one {flag}")
            grid[current], spelled[current] = [rest] if eq else [], flag
        elif re.match(r"-(?![0-9.]|inf|nan)", tok, re.IGNORECASE):  # -q: not a value of it
            raise CLIError(f"unknown option {tok!r} (options are spelled in full: --quiet)")
        elif current is None:
            raise CLIError(f"unexpected {tok!r}: values follow their parameter (--swiftness 1-6)")
        else:
            grid[current].append(tok)
    if not grid:
        example = " ".join(f"{option(p)} 1-3" for p in question.parameters[:2])
        raise CLIError(f"no parameters to sweep: give some, e.g. {example}")
    out = {}
    for name, words in grid.items():
        if not words:
            raise CLIError(f"{spelled[name]} needs at least one value")
        lists = name in question.lists
        out[name] = [v for w in words for v in _words(spelled[name][2:], w, lists)]
    return out


# --------------------------------------------------------------------------- running
class _Inner(argparse.ArgumentParser):
    """The options after QUESTION: an error is the CLI's one line (exit status 2)."""

    def error(self, message):  # noqa: D102 - argparse API
        raise CLIError(message)


def _executor(args, stack):
    """The Dask executor ``--scheduler`` / ``--dask local`` ask for (or None)."""
    if args.scheduler is None and args.dask is None:
        return None
    flag = "--scheduler" if args.scheduler is not None else "--dask"
    if args.scheduler is not None and args.dask is not None:
        raise CLIError("give --scheduler or --dask local, not both")
    if args.scheduler is not None and args.workers not in (None, 1):
        raise CLIError("--workers is for local processes: the scheduler's cluster has its own")
    try:
        import distributed
    except ImportError:
        raise CLIError(
            f'{flag} needs Dask, which is not installed: pip install "dicestats[cluster]"'
        ) from None
    import logging
    import warnings

    if args.scheduler is not None:
        try:
            client = distributed.Client(
                args.scheduler, timeout=f"{args.timeout}s", set_as_default=False
            )
        except Exception as exc:  # refused, timed out, a malformed address
            reason = " ".join(str(exc).split())[:160] or type(exc).__name__
            raise CLIError(
                f"cannot reach the Dask scheduler at {args.scheduler}: {reason}"
            ) from None
    else:
        import dask

        from ..core.montecarlo import _cpus

        # Dask's nannies set MALLOC_TRIM_THRESHOLD_, which also freezes glibc's mmap
        # threshold: every numpy batch array is then mapped afresh and the batches run
        # about 1.6 times slower. Our workers run short-lived arrays: leave malloc be.
        with (
            dask.config.set({"distributed.nanny.pre-spawn-environ": {}}),
            warnings.catch_warnings(),
        ):
            warnings.simplefilter("ignore")  # "port 8787 is in use": the dashboard is off anyway
            cluster = distributed.LocalCluster(
                n_workers=args.workers or _cpus(),
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
        stack.callback(cluster.close)
        client = distributed.Client(cluster, set_as_default=False)
    stack.callback(client.close)
    return client.get_executor()


def _handle(args) -> int:
    from ..core.files import interruptible
    from ..format import text_table, to_json
    from ..sweep import Grid, question, sweep
    from ..sweep.grid import and_list

    q = question(args.question)
    # the options given after QUESTION join those before it (after wins)
    inner = _Inner(prog="dicestats sweep", allow_abbrev=False, add_help=False)
    _add_options(inner, defaults=False)
    later, tokens = inner.parse_known_args(args.grid)
    for key, value in vars(later).items():
        if value is not None and value is not False:
            setattr(args, key, value)
    if any(t in ("-h", "--help") for t in tokens):
        words = {"montecarlo": "Monte Carlo (--trials, --seed)", "exact": "exact (--exact)"}
        kind = " or ".join(words[m] for m in q.question.methods if m in words) or "computed"
        print(f"dicestats sweep {q.name}: {q.question.summary}")
        print(f"calls {q.call.replace(':', '.')}; {kind}; heatmap of {q.headline}")
        print(f"parameters: {' '.join(option(p) for p in q.parameters + q.rule_fields)}")
        return 0
    grid = parse_grid(tokens, q)
    Grid.of(q, grid, complete=False)  # bad parameters: one line before any cluster starts
    missing = [option(p) for p in q.required if p not in grid]
    if missing:
        raise CLIError(
            f"{q.name} needs {and_list(missing)}: values to sweep (e.g. {missing[0]} 1-3); "
            f"see dicestats sweep {q.name} --help"
        )
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        executor = _executor(args, stack)
        with interruptible():
            df = sweep(
                q,
                grid,
                trials=args.trials,
                rng=args.seed,
                exact=True if args.exact else None,
                out=args.out,
                workers=1 if executor is not None or args.workers is None else args.workers,
                executor=executor,
                progress=False if args.quiet else None,
                batch_size=args.batch_size,
            )
    info = df.attrs["sweep"]
    failed = df[df["error"].notna()]
    refused = failed[failed["error"].map(lambda e: e.split(":", 1)[0] in _REFUSALS)]
    if len(refused) == len(df):  # every cell refused its input: a usage error
        raise CLIError(_first_error(failed, info))
    value = args.value or q.headline
    if value not in df.columns:
        raise CLIError(f"--value {value!r} is not a column of the sweep")
    if args.json:
        print(to_json(df))
    else:
        rows = [
            (*(_param(df[p].iloc[i]) for p in info["parameters"]), _shown(df, value, i))
            for i in range(len(df))
        ]
        from ..sweep.words import words

        print(text_table(rows, tuple(words(c, q.name) for c in (*info["parameters"], value))))
    if args.plot:
        from ..sweep.plot import heatmaps
        from ._common import write_plot

        write_plot(heatmaps(df, value), args.plot)
    if not args.quiet:
        where = f", {info['reused']} from {info['out']}" if info["out"] else ""
        print(
            f"sweep {q.name}: {info['cells']} cells ({info['computed']} computed{where}, "
            f"{info['failed']} failed) in {time.perf_counter() - start:.1f} s; "
            f"seed {info['seed']}",
            file=sys.stderr,
        )
    if len(refused):  # bad input, which a run again refuses again: exit 2, as any
        print(
            f"dicestats sweep: error: {len(refused)} cell(s) refused their input and were not "
            f"written (the others were). First: {_first_error(refused, info)}",
            file=sys.stderr,
        )
        return 2
    if len(failed):
        print(
            f"dicestats sweep: {len(failed)} cell(s) failed and were not written; run the "
            f"same command again to retry them. First: {_first_error(failed, info)}",
            file=sys.stderr,
        )
        return 1
    return 0


#: The errors of a cell that refused its input (a grid value out of range, not a lost worker).
_REFUSALS = ("InputError", "InputTypeError", "ValueError", "TypeError")


def _first_error(failed, info) -> str:
    row = failed.iloc[0]
    params = ", ".join(f"{p}={row[p]}" for p in info["parameters"])
    return f"{params}: {row['error'].split(': ', 1)[-1]}"


def _param(v):
    """A parameter as the table shows it: numbers stay numbers (aligned right)."""
    v = v.item() if hasattr(v, "item") else v  # a numpy scalar
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v)


def _shown(df, value, i) -> str:
    """The cell ``i`` of column ``value``: a percentage (``p_…``) or a number, with its
    standard error or exact value."""
    from ..format import exact_text

    v = df[value].iloc[i]
    if v is None or (isinstance(v, float) and v != v):
        err = df["error"].iloc[i]
        return f"failed: {err}" if err else ""
    show = fmt_prob if value.startswith("p_") else lambda x: f"{x:.4f}"
    if isinstance(v, Fraction):
        return (fmt_prob(v) if value.startswith("p_") else f"{float(v):.4g}") + " " + exact_text(v)
    se = df[f"{value}_stderr"].iloc[i] if f"{value}_stderr" in df.columns else None
    return show(float(v)) + (f" ± {show(float(se))}" if se is not None and se == se else "")
