"""Audit regressions for dicestats.fate and its CLI, each against an independent oracle."""

from __future__ import annotations

import itertools
import time
from collections import Counter
from fractions import Fraction
from functools import lru_cache

import pytest

from dicestats import fate
from dicestats.cli import main

F = Fraction
_FACES = list(itertools.product((-1, 0, 1), repeat=4))
_CNT = Counter(sum(f) for f in _FACES)


def _exchange(bonuses):
    """One exchange by enumeration of every joint 4dF total (weights over 81**n)."""
    n = len(bonuses)
    out: Counter = Counter()
    for tots in itertools.product(range(-4, 5), repeat=n):
        w = 1
        for t in tots:
            w *= _CNT[t]
        vals = [t + b for t, b in zip(tots, bonuses, strict=True)]
        hi = max(vals)
        if vals.count(hi) > 1:
            out["tie"] += w
            continue
        i = vals.index(hi)
        style = all(hi - v >= 3 for j, v in enumerate(vals) if j != i)
        out[(i, 2 if style else 1)] += w
    return {k: F(v, 81**n) for k, v in out.items()}


def _contest_oracle(bonuses, victories):
    """P(win) and E[exchanges] by recursion; a tie loops, so divide by 1 - P(tie)."""
    e = _exchange(bonuses)
    pt = e.get("tie", 0)
    moves = [(k, p) for k, p in e.items() if k != "tie"]
    n = len(bonuses)

    @lru_cache(None)
    def solve(state):
        pw = [F(0)] * n
        es = F(1)
        for (i, v), p in moves:
            ns = list(state)
            ns[i] += v
            if ns[i] >= victories:
                pw[i] += p
            else:
                sub, se = solve(tuple(ns))
                pw = [a + p * b for a, b in zip(pw, sub, strict=True)]
                es += p * se
        return tuple(x / (1 - pt) for x in pw), es / (1 - pt)

    return solve(tuple([0] * n))


# --------------------------------------------------------------------------
# Contests: long contests used to hang (exact) or die with a MemoryError
# (three participants); now sparse and capped with a clear error.
# --------------------------------------------------------------------------
def test_long_exact_contest_matches_recursion():
    pw, es = _contest_oracle((1, 0), 12)
    c = fate.contest([1, 0], victories=12, exact=True)
    assert c.p_win == pw
    assert c.expected_exchanges == es
    cf = fate.contest([1, 0], victories=12)
    assert abs(cf.p_win[0] - float(pw[0])) < 1e-12
    assert abs(cf.expected_exchanges - float(es)) < 1e-12


def test_three_participants_match_recursion():
    pw, es = _contest_oracle((1, 0, -1), 4)
    c = fate.contest([1, 0, -1], victories=4, exact=True)
    assert c.p_win == pw
    assert c.expected_exchanges == es


def test_contest_size_is_capped_with_a_clear_error():
    t0 = time.perf_counter()
    with pytest.raises(ValueError, match="victories=50 with 3 participants"):
        fate.contest([0, 0, 0], victories=50)
    with pytest.raises(ValueError, match="exact mode"):
        fate.contest([0, 0, 0], victories=30, exact=True)
    with pytest.raises(ValueError, match="max_exchanges"):
        fate.contest([0, 0], victories=50, max_exchanges=1000, exact=True)
    assert time.perf_counter() - t0 < 5


def test_cli_contest_bad_sizes_are_one_line(capsys):
    assert main(["contest", "--bonus", "0", "--vs", "0", "--vs", "0", "--victories", "50"]) == 2
    err = capsys.readouterr().err
    assert "victories" in err and "Traceback" not in err and err.count("\n") == 1
