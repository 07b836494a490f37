"""Teamwork and multiple actions after the GMP sums: p_any, early refusal, float vs exact.

References: :func:`.oracle.outcome_table` (brute force over faces) and plain
``1 - prod(1 - p)`` over Fractions, never dicestats.
"""

from __future__ import annotations

import dataclasses
import json
import math
from fractions import Fraction

import pytest

from dicestats import InputError
from dicestats import storyteller as st
from dicestats.core.dist import LIMITS as DIST_LIMITS
from dicestats.storyteller import Rules
from dicestats.storyteller import actions as actions_module
from dicestats.storyteller.pools import p_any

from .oracle import botch_p

F = Fraction


def test_p_any_edges():
    assert p_any([], exact=True) == 0 and p_any([F(0)], exact=True) == 0
    assert p_any([F(1), F(1, 3)], exact=True) == 1
    for ps in ([], [0.0], [0, F(0)]):  # nothing can happen: 0.0, never -0.0
        got = p_any(ps, exact=False)
        assert got == 0.0 and math.copysign(1.0, got) == 1.0
    assert p_any([F(1), 0.2], exact=False) == 1.0
    ps = [F(1, 3), F(2, 7), F(1, 10**40)]
    ref = 1 - (1 - ps[0]) * (1 - ps[1]) * (1 - ps[2])
    assert p_any(ps, exact=True) == ref
    assert abs(p_any(ps, exact=False) - float(ref)) < 1e-15
    tiny = [F(1, 10**90)] * 10
    assert abs(p_any(tiny, exact=False) / float(p_any(tiny, exact=True)) - 1) < 1e-12


def test_no_botch_possible_is_zero_not_minus_zero():
    wp = Rules(willpower=True)  # an uncancellable Willpower success: no botch
    for r in (
        st.teamwork([3, 2], [6, 7], wp),
        st.teamwork([3, 2], [6, 7], wp, spoil=True),
        st.multiple_actions([6, 5], 6, wp),
    ):
        text = r.to_json()
        assert "-0.0" not in text
        assert math.copysign(1.0, r.p_any_botch) == 1.0


def test_teamwork_and_multiple_p_any_botch_against_enumeration():
    pools, diffs = [3, 1, 2], [6, 8, 4]
    ref = 1 - math.prod((1 - botch_p(n, d) for n, d in zip(pools, diffs, strict=True)), start=F(1))
    assert st.teamwork(pools, diffs, exact=True).p_any_botch == ref
    assert abs(st.teamwork(pools, diffs).p_any_botch - float(ref)) < 1e-15
    declared = st.multiple_actions([8, 7, 7], 6, exact=True)
    ref = 1 - math.prod((1 - botch_p(n, 6) for n in declared.pools), start=F(1))
    assert declared.p_any_botch == ref


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules.preset("first"), Rules.preset("v20"), Rules(ten_again=True)],
    ids=["revised", "first", "v20", "ten_again"],
)
@pytest.mark.parametrize("spoil", [False, True])
def test_float_teamwork_and_actions_agree_with_exact(rules, spoil):
    pools, diffs = [5, 1, 4, 2], [6, 9, 2, 10]
    e = st.teamwork(pools, diffs, rules, spoil=spoil, exact=True)
    f = st.teamwork(pools, diffs, rules, spoil=spoil)
    for name in ("mean_total", "p_success", "p_spoiled", "p_any_botch"):
        assert abs(float(getattr(e, name)) - getattr(f, name)) < 1e-12, name
    assert e.total.isclose(f.total, atol=1e-12)
    e = st.multiple_actions([9, 8, 7, 7], diffs, rules, exact=True)
    f = st.multiple_actions([9, 8, 7, 7], diffs, rules)
    for name in ("p_all", "mean_successes", "p_any_botch"):
        assert abs(float(getattr(e, name)) - getattr(f, name)) < 1e-12, name


def test_teamwork_refuses_a_too_large_exact_total_before_computing_every_member(monkeypatch):
    # 100 different 1000-dice pools were each computed (0.65 s apiece) before the sum
    # refused; now the members computed so far are checked before each new one
    lim = DIST_LIMITS["exact sum digits"]
    monkeypatch.setitem(DIST_LIMITS._by_name, lim.name, dataclasses.replace(lim, hi=2000))
    calls = []
    real = actions_module.pool_grid

    def counted(dice, *args, **kwargs):
        calls.append(dice[0])
        return real(dice, *args, **kwargs)

    monkeypatch.setattr(actions_module, "pool_grid", counted)
    for spoil in (False, True):
        calls.clear()
        with pytest.raises(InputError, match=r"^pools must be small enough .* got 20 pools, of"):
            st.teamwork(list(range(20, 0, -1)), exact=True, spoil=spoil)
        assert calls == [20, 19, 18]  # 20 + 19 dice fit in 2,000 digits, with 18 they do not
    calls.clear()
    r = st.teamwork([10, 10, 10], exact=True)  # repeats share one computation, and fit
    assert calls == [10] and r.total.max == 30
    assert json.loads(r.to_json())["pools"] == [10, 10, 10]
