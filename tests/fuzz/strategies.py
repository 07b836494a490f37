"""Hypothesis strategies for the fuzz tests: command-line words and wrong API values."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import numpy as np
from hypothesis import strategies as st

from .harness import DEEP, Command, Option

# Words that look like numbers and are not (or are, in a way a command line must refuse
# or read strictly): exponents with underscores, other scripts' digits, NaN, huge ones.
WEIRD = (
    "", " ", "-", "+", "--", ".", "nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e3",
    "1E3", "1e-3", "1e-1_000", "1e-1_000_000", "1e-9_999_999", "1e400", "1_000", "1__0",
    "0x10", "0b1", "0o7", "+3", "-0", "00", "007", "1.5", "2.0", "-2.5", "1/4", "0.25",
    "1/0", "0/0", "3/", "/3", "True", "False", "None", "null", "٣", "３", "²", "一",
    "\u00a0", "1\u00a0", "1\x00", "🎲", "9" * 5000, "1" + "0" * 400, "-" + "9" * 40,
    "3-8", "8-3", "-2-3", "1--2", "1-", "1,2,3", "1,,2", ",", "1,", " 1 , 2 ", "s",
    "x" * 300, "%s", "{}", "\\n", "a\nb", "é",
)  # fmt: skip


def in_range(opt: Option) -> st.SearchStrategy[int]:
    """Valid integers: near the bottom of the range in the quick profile (cheap calls),
    anywhere up to the limit in the deep one. Trials stay few in both: a valid large
    number of trials is legitimately slow, and its refusals are tested by the values
    past the limit."""
    lo = -5 if opt.lo is None else int(opt.lo)
    hi = lo + 3 if opt.hi is None or not DEEP else int(opt.hi)
    if opt.dest == "trials":
        hi = lo + 200
    elif opt.dest == "workers" and not DEEP:
        hi = lo + 1
    elif not DEEP:
        hi = min(hi, lo + 3)
    return st.integers(lo, max(lo, hi))


def beyond(opt: Option) -> st.SearchStrategy[int]:
    """Integers just past the limits and far past them."""
    ends = [-1, 0, 10**18, 10**400, -(10**400)]
    if opt.lo is not None:
        ends += [int(opt.lo) - 1, int(opt.lo) - 10**6]
    if opt.hi is not None:
        ends += [int(opt.hi) + 1, int(opt.hi) * 10 + 1]
    return st.sampled_from(ends)


#: Decimal digits of other scripts (Arabic-Indic, fullwidth, Devanagari, Thai, Bengali,
#: mathematical bold), which Python's int() reads and a command line must not.
OTHER_DIGITS = "٠١٣٩０１３９०१३९๐๑๓๙০১৩৯𝟎𝟏𝟑𝟗"


def unicode_digits() -> st.SearchStrategy[str]:
    """Numbers spelled in other scripts' digits, sometimes mixed with ASCII ones."""
    return st.text(st.sampled_from(OTHER_DIGITS + "0123456789"), min_size=1, max_size=4).filter(
        lambda t: not t.isascii()
    )


def exponents() -> st.SearchStrategy[str]:
    mantissa = st.sampled_from(["1", "-1", "2.5", "0", "9.99"])
    exp = st.sampled_from(["-1_000", "1_000", "-1_000_000", "400", "-400", "+2", "_1", "5_"])
    return st.builds(lambda m, e: f"{m}e{e}", mantissa, exp)


def number_word(opt: Option) -> st.SearchStrategy[str]:
    """One word for a number option that is not a valid one (or only by accident): past a
    limit, another script's digits, an exponent with underscores, a float, junk."""
    return st.one_of(
        beyond(opt).map(str),
        st.sampled_from(WEIRD),
        unicode_digits(),
        exponents(),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.text(max_size=6),
    )


def valid_word(opt: Option) -> st.SearchStrategy[str]:
    """A word the option means to take (by its kind, its choices or its help text)."""
    if opt.kind == "choice":
        return st.sampled_from([str(c) for c in opt.choices])
    if opt.kind == "path":
        return st.sampled_from(PATHS[:6])
    if opt.kind == "real":
        return st.floats(-2, 2, allow_nan=False).map(lambda x: f"{x:.3g}")
    if opt.kind == "range":
        one = in_range(opt).map(str)
        return st.one_of(
            one, st.builds(lambda a, w: f"{a}-{a + w}", in_range(opt), st.integers(0, 2))
        )
    if opt.kind == "list":
        items = st.lists(in_range(opt).map(str), min_size=1, max_size=4 if DEEP else 2)
        return items.map(",".join)
    if opt.kind == "int":
        return in_range(opt).map(str)
    # free text: words from its help, short lists of them, small numbers
    words = st.sampled_from(opt.words or ("x",))
    small = st.sampled_from(["s", "0", "1", "2"])
    return st.one_of(
        words, st.lists(st.one_of(words, small), min_size=1, max_size=3).map(",".join), small
    )


def invalid_word(opt: Option) -> st.SearchStrategy[str]:
    """A word that the option should refuse (or, at worst, read strictly)."""
    junk = st.one_of(st.sampled_from(WEIRD), st.text(max_size=6))
    if opt.kind == "choice":
        return st.one_of(st.sampled_from([str(c).upper() for c in opt.choices]), junk)
    if opt.kind == "path":
        return st.one_of(st.sampled_from(PATHS[6:]), junk)
    if opt.kind in ("range", "list"):
        sep = "-" if opt.kind == "range" else ","
        return st.one_of(
            number_word(opt),
            st.lists(st.one_of(number_word(opt), valid_word(opt)), min_size=2, max_size=3).map(
                sep.join
            ),
        )
    return number_word(opt)


def value_word(opt: Option, junk: int) -> st.SearchStrategy[str]:
    """A word for ``opt``: invalid with a chance of ``junk`` in 10."""
    return st.integers(0, 9).flatmap(lambda r: invalid_word(opt) if r < junk else valid_word(opt))


#: Output files, relative to the worker's directory (a fresh temporary directory):
#: each suffix, none, a missing directory, a file used as a directory, too long a name.
PATHS = (
    "out.png", "out.svg", "out.pdf", "out.PDF", "out.csv", "out.parquet", "out.txt", "out",
    "missing/dir/out.pdf", "missing/out.csv", "a-file/out.png", "a-file", ".", "..", "",
    "x" * 251 + ".pdf", "y" * 300 + ".png", "dir/", "read-only/out.pdf",
    # issue 25: special files (never one a write could create), a path ending in "/", 256 bytes
    "/dev/null", "/proc/x.csv", "out.svg/", "z" * 252 + ".png",
)  # fmt: skip


@st.composite
def argv(draw, cmd: Command, sweep_params: dict) -> list[str]:
    """An argument list for ``cmd``: its positionals (mostly), a few of its options with
    generated values (required ones mostly present), sometimes a stray word."""
    words = cmd.name.split()
    grid: list[str] = []
    junk = draw(st.sampled_from([0, 0, 1, 3, 6]))  # how often a value is invalid
    for opt in cmd.positionals:
        if opt.kind == "remainder":
            continue
        if draw(st.integers(0, 9)) == 0:
            continue  # a missing positional
        if cmd.name == "sweep":
            good = st.sampled_from(sorted(sweep_params) or ["x"])
            words.append(draw(st.one_of(good, good, good, st.sampled_from(WEIRD))))
        else:
            words.append(draw(value_word(opt, junk)))
    chosen = draw(st.lists(st.sampled_from(cmd.optionals), max_size=5, unique_by=id))
    for opt in cmd.optionals:
        if opt.required and opt not in chosen and draw(st.integers(0, 19)) > 0:
            chosen.append(opt)
    for group in cmd.required_groups:  # one of them is required: mostly give one
        if not any(o in chosen for o in group) and draw(st.integers(0, 19)) > 0:
            chosen.append(draw(st.sampled_from(group)))
    for opt in chosen:
        flag = draw(st.sampled_from(opt.flags))
        if opt.kind == "flag":
            words.append(flag)
        elif opt.nargs == "?" and draw(st.booleans()):
            words.append(flag)
        elif draw(st.integers(0, 5)) == 0:
            words.append(f"{flag}={draw(value_word(opt, junk))}")
        else:
            words += [flag, draw(value_word(opt, junk))]
    if cmd.name == "sweep" and len(words) > 1 and words[1] in sweep_params:
        # its required parameters (mostly), a few others, and the ones a question with
        # open keywords (fate) needs
        params, need = sweep_params[words[1]]
        others = sorted({*params, "--difficulty", "--vs", "--dice"} - set(need))
        chosen = [p for p in need if draw(st.integers(0, 9)) > 0]
        chosen += draw(st.lists(st.sampled_from(others), max_size=3, unique=True))
        for p in chosen:
            grid += [p, *draw(st.lists(grid_value(), min_size=1, max_size=2))]
    if draw(st.integers(0, 14)) == 0:  # a stray word: unknown option, junk, a repeat
        stray = st.one_of(
            st.sampled_from(["--nope", "-x", "--", "--json", "--exact"]), st.sampled_from(WEIRD)
        )
        words.insert(draw(st.integers(1, len(words))), draw(stray))
    return words + grid


def grid_value() -> st.SearchStrategy[str]:
    """A word of a sweep grid: small values and ranges (few cells), or junk."""
    small = st.integers(1, 3).map(str)
    rng = st.builds(lambda a, w: f"{a}-{a + w}", st.integers(0, 3), st.integers(0, 2))
    names = st.sampled_from(["true", "false", "none", "v20", "revised", "highest", "defend"])
    return st.one_of(small, small, small, rng, names, st.sampled_from(WEIRD))


# --------------------------------------------------------------------------- the API
#: Values of the wrong type or out of any sensible range, for any parameter.
WRONG = (
    True, False, None, 2.5, 3.0, -1.0, math.nan, math.inf, -math.inf, "3", "", "yes",
    -1, 0, 10**18, 10**400, -(10**400), [], [2.5], [True], ["3"], [None], [10**400],
    {}, {"a": 1}, (), Fraction(1, 3), Decimal("NaN"), Decimal("2"), complex(1, 1), b"3",
    object(),
    # issue 25: bytes iterate as numbers (b"3" is [51]); numpy scalars pass isinstance checks
    bytearray(b"3"), [b"3"], np.int64(-1), np.float64("nan"), np.bool_(True), np.int64(10**18),
)  # fmt: skip

#: How an answer is computed: wrong values of ``exact``, ``trials``, ``rng``, ``workers``.
HOW = {
    "exact": (None, 1, 0, "yes", "False", math.nan, [True]),
    "trials": (0, -1, True, 2.5, 1e9, "100", None, 10**400, math.nan),
    "rng": (True, -1, 2.5, "seed", 10**400, [1, 2], math.nan),
    "workers": (0, -1, True, 2.5, 10**6, "2", None),
    "progress": ("yes", 1, math.nan),
}
