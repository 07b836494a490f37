"""Issue 10 for Fate: nothing hangs, nothing is silently wrong, every refusal is one line.

Each test names what the starting code did. Calls that once ran for minutes
run in one child process under a wall-clock bound (``tests/child.py``), so a regression
fails instead of hanging.
"""

from __future__ import annotations

import pytest

from dicestats import InputError, fate

from ..child import run_each


def refusal(fn, *args, **kw) -> str:
    """The one-line message of the InputError that ``fn(*args, **kw)`` raises."""
    with pytest.raises(InputError) as info:
        fn(*args, **kw)
    msg = str(info.value)
    assert "\n" not in msg and len(msg) < 400, msg
    return msg


# Calls that once ran for minutes: both in one fresh interpreter (one start-up and import).
SLOW_CALLS = {
    # deck_sum_dist(100000, copies=100) once ran for minutes (the subset-sum polynomial).
    "deck_sum_dist": "from dicestats import fate\n"
    "for m, kw in ((100000, {'copies': 100}), (200, {'dice': 6}), (150, {'dice': 8})):\n"
    "    try:\n"
    "        fate.deck_sum_dist(m, **kw)\n"
    "    except ValueError as e:\n"
    "        print(str(e).split(' must')[0], 'about' in str(e))\n",
    # The CLI refuses '1e-1_000_000' now; the API took Fraction(1, 10**10**6) and ran minutes.
    "point_value": "from fractions import Fraction\n"
    "from dicestats import fate\n"
    "try:\n"
    "    fate.invoke_policy(2, 3, invokes=3, exact=True, point_value=Fraction(1, 10**10**6))\n"
    "except ValueError as e:\n"
    "    print(e)\n",
}


@pytest.fixture(scope="module")
def slow_calls():
    """What each of SLOW_CALLS printed, run in one child process within 60 s."""
    return run_each("", SLOW_CALLS, timeout=60)


def run_quickly(slow_calls, name: str) -> str:
    """What the call ``name`` printed; it must have finished without an exception."""
    r = slow_calls[name]
    assert r["error"] is None, r["error"]
    return r["out"]


def test_huge_integers_are_refused_not_overflowed():
    # OverflowError once: outcome_table(helpers=10**400), invoke_policy(point_value=10**400).
    assert refusal(fate.outcome_table, [0], [0], helpers=10**400).startswith("helpers must be")
    assert "(401 digits)" in refusal(fate.outcome_table, [0], [0], helpers=10**400)
    assert refusal(fate.invoke_policy, 2, 3, point_value=10**400).startswith("point_value")
    msg = refusal(fate.invoke_policy, 2, 3, point_value=10**400, exact=True)
    assert msg.startswith("point_value")


def test_deck_vs_dice_run_is_capped_and_within_the_session():
    # run=10**6 once ran > 20 s; a run longer than the session was answered.
    assert refusal(fate.deck_vs_dice, 20, 0, 1, run=10**6).startswith("run must be")
    msg = refusal(fate.deck_vs_dice, 20, 0, 1, run=25)
    assert msg.startswith("run must be an integer in 1..20") and "session" in msg
    assert fate.deck_vs_dice(20, 0, 1, run=20).run == 20


def test_deck_sum_dist_refuses_work_it_cannot_finish(slow_calls):
    # deck_sum_dist(100000, copies=100) once ran for minutes (the subset-sum polynomial).
    out = run_quickly(slow_calls, "deck_sum_dist")
    assert out.split("\n")[:3] == ["m True"] * 3


def test_deck_sum_dist_reads_the_shorter_side_of_the_deck():
    # The last size - k cards sum to minus the first k: 75 draws from 81 cards are 6.
    d75 = fate.deck_sum_dist(75, exact=True)
    d6 = fate.deck_sum_dist(6, exact=True)
    assert d75 == -d6
    assert d75.var() == fate.deck_sum_var(75, exact=True)
    many = fate.deck_sum_dist(1000, reshuffle_at=60)
    assert many.var() == pytest.approx(fate.deck_sum_var(1000, reshuffle_at=60), rel=1e-12)


def test_exact_contest_refusal_names_max_exchanges():
    # The core's step cap once named its own parameter, max_steps, which the user never typed.
    msg = refusal(fate.contest, 0, 0, max_exchanges=10_000, exact=True)
    assert msg.startswith("max_exchanges must be at most") and "max_steps" not in msg
    assert "about" in msg and " s" in msg  # a time cap says why


def test_every_fate_limit_says_why_and_work_caps_say_how_long():
    for lim in fate.LIMITS.values():
        assert lim.why, lim.name
        if lim.lo is None:  # a work cap
            assert "about" in lim.why and " s " in lim.why + " ", lim.name


def test_an_exact_point_value_of_a_million_digits_is_refused(slow_calls):
    # The CLI refuses '1e-1_000_000' now; the API took Fraction(1, 10**10**6) and ran minutes.
    from fractions import Fraction

    out = run_quickly(slow_calls, "point_value")
    assert out.startswith("point_value must be a Fraction of at most 100 digits")
    assert "1,000,001 digits" in out
    ok = fate.invoke_policy(2, 3, invokes=1, exact=True, point_value=Fraction(1, 10**99))
    assert ok.point_value == Fraction(1, 10**99)


def test_versus_dice_without_an_active_opposition_is_refused():
    # Silently ignored once: outcome_probs(2, difficulty=1, versus_dice="x") answered the
    # difficulty 1 roll, so a mistyped call never learned that versus_dice did nothing.
    for versus_dice in ("x", 3):
        msg = refusal(fate.outcome_probs, 2, difficulty=1, versus_dice=versus_dice)
        assert msg.startswith("versus_dice must be None unless versus is given"), msg
    assert fate.outcome_probs(2, versus=1, versus_dice=3).versus_dice == 3
