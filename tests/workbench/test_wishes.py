"""Several wishes at once against an exhaustive filter of the forward function."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from dicestats import InputError
from dicestats import storyteller as st
from dicestats.workbench import Wish, wishes

STRONGBOX = ["6 success >= 2/3", "3 success <= 55%", "3 botch < 15%"]


def value(r, event, net):
    if event == "success":
        return r.p_ge(net)
    return r.p_botch if event == "botch" else 1 - r.p_botch


def ok(q, op, p):
    return {">=": q >= p, ">": q > p, "<=": q <= p, "<": q < p}[op]


def filtered(spec, rule_sets, difficulties, exact=True):
    """(name, difficulty, min slack) of every setting that meets every wish, by brute force."""
    out = []
    for name, rules in rule_sets.items():
        for d in difficulties:
            qs = [value(st.pool(n, d, rules, exact=exact), ev, k) for n, ev, k, _, _ in spec]
            if all(ok(q, op, p) for q, (_, _, _, op, p) in zip(qs, spec, strict=True)):
                slack = min(
                    q - p if op in (">=", ">") else p - q
                    for q, (_, _, _, op, p) in zip(qs, spec, strict=True)
                )
                out.append((name, d, slack))
    return sorted(out, key=lambda t: -t[2])


def test_the_strongbox():
    r = wishes(STRONGBOX, exact=True)
    spec = [(6, "success", 1, ">=", Fraction(2, 3)), (3, "success", 1, "<=", Fraction(55, 100)),
            (3, "botch", 1, "<", Fraction(15, 100))]  # fmt: skip
    want = filtered(spec, {"revised rules": st.Rules()}, range(2, 11))
    assert [(s.rules_name, s.difficulty, s.slack) for s in r.fits] == want
    assert [s.difficulty for s in r.fits] == [8] and r.nearest_miss is None


SPECS = [
    [(6, "success", 1, ">=", Fraction(1, 2)), (3, "success", 1, "<=", Fraction(1, 2))],
    [(4, "success", 2, ">=", Fraction(1, 4)), (2, "no_botch", 1, ">", Fraction(9, 10))],
    [(5, "botch", 1, "<", Fraction(1, 20)), (5, "success", 1, ">=", Fraction(3, 5)),
     (1, "success", 1, "<=", Fraction(1, 2))],
    [(8, "success", 3, ">=", Fraction(1, 2)), (8, "botch", 1, "<=", Fraction(1, 100))],
]  # fmt: skip


@pytest.mark.parametrize("spec", SPECS)
def test_every_fit_against_the_exhaustive_filter(spec):
    sets = {p: st.Rules.preset(p) for p in ("revised", "first", "dark_ages")}
    texts = [f"{n} {'net' + str(k) if k > 1 else ev.replace('_', '-')} {op} {p}"
             for n, ev, k, op, p in spec]  # fmt: skip
    r = wishes(texts, range(3, 11), sets, exact=True)
    want = filtered(spec, sets, range(3, 11))
    got = [(s.rules_name, s.difficulty, s.slack) for s in r.fits]
    assert sorted(got, key=lambda t: (-t[2], t[0], t[1])) == sorted(
        want, key=lambda t: (-t[2], t[0], t[1])
    )
    assert [s.slack for s in r.fits] == sorted((s.slack for s in r.fits), reverse=True)
    if not want:
        # the nearest miss: the largest smallest slack over every setting, by brute force
        best = max(
            min((q - p if op in (">=", ">") else p - q)
                for q, (_, _, _, op, p) in zip(
                    [value(st.pool(n, d, rules, exact=True), ev, k) for n, ev, k, _, _ in spec],
                    spec, strict=True))
            for rules in sets.values() for d in range(3, 11)
        )  # fmt: skip
        assert r.nearest_miss.slack == best and r.nearest_miss.broken
        assert "nearest miss" in str(r)


def test_float_and_exact_agree():
    ex, fl = wishes(STRONGBOX, exact=True), wishes(STRONGBOX)
    assert [s.difficulty for s in ex.ranked] == [s.difficulty for s in fl.ranked]
    for a, b in zip(ex.ranked, fl.ranked, strict=True):
        assert float(a.slack) == pytest.approx(b.slack, abs=1e-12)


def test_parsing():
    assert Wish.parse("6 dice success >= 2/3") == Wish(6, "success", 1, ">=", Fraction(2, 3))
    assert Wish.parse("3: botch < 15%") == Wish(3, "botch", 1, "<", Fraction(3, 20))
    assert Wish.parse("4 NET2 ≥ .5") == Wish(4, "success", 2, ">=", Fraction(1, 2))
    assert Wish.parse("5 no-botch > 0.9").event == "no_botch"


@pytest.mark.parametrize(
    "bad",
    ["", "6 success", "six success >= 0.5", "6 success >= 1.5", "6 success >= 2/0",
     "6 glory >= 0.5", "6 success => 0.5", "0 success >= 0.5", "6 botch >= 150%", 6, None],
)  # fmt: skip
def test_malformed_wishes_are_refused_in_one_line(bad):
    with pytest.raises(InputError) as info:
        wishes([bad])
    assert "\n" not in str(info.value)


def test_bad_collections():
    for bad in ("6 success >= 0.5", [], ["6 success >= 0.5"] * 51):
        with pytest.raises(InputError):
            wishes(bad)
    with pytest.raises(InputError):
        wishes(STRONGBOX, rules={})
    with pytest.raises(InputError):
        wishes(STRONGBOX, difficulties=[11])


def test_all_settings_are_ranked():
    r = wishes(STRONGBOX, range(2, 11))
    assert len(r.ranked) == 9
    assert set(itertools.chain.from_iterable(s.broken for s in r.ranked if not s.satisfied))
