"""Rules and limits as data: :class:`~dicestats.initiative.Rules`, ``LIMITS``, refusals."""

import dataclasses

import pytest

from dicestats import InputError, InputTypeError
from dicestats import initiative as ini


def test_rules_default_and_variants():
    r = ini.Rules()
    assert (r.tiebreak, r.order, r.pip_rule) == ("all", "tier", "one-die")
    assert r.replace(order="action") == ini.Rules(order="action")
    assert (ini.TIEBREAKS, ini.ORDERS, ini.PIP_RULES) == (
        ("all", "unspent"),
        ("tier", "action"),
        ("one-die", "split", "side-pool"),
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.order = "tier"
    with pytest.raises(InputError, match="tiebreak must be one of 'all', 'unspent'"):
        ini.Rules(tiebreak="coin")
    with pytest.raises(InputTypeError, match="rules must be a dicestats.initiative.Rules"):
        ini.odds([1], [1], rules={"order": "tier"})


def test_limits_table():
    rows = {row["what"]: row for row in ini.LIMITS.rows()}
    assert rows["swiftness"]["allowed"] == "1..15"
    assert rows["participants"]["allowed"] == "1..64"
    assert rows["outcome classes"]["when"] == "exact"
    assert all(row["why"] for row in rows.values())
    assert ini.EXACT_LIMIT == 100_000 and ini.EXACT_WORK_PER_CLASS == 5
    assert ini.LIMITS["dice per batch"].hi == 2**21


@pytest.mark.parametrize(
    "call,exc,words",
    [
        (
            lambda: ini.odds([0], [1], trials=10),
            ValueError,
            r"swiftness\[0\] must be .* 1\.\.15",
        ),
        (lambda: ini.odds([3], [16], trials=10), ValueError, r"versus\[0\]"),
        (
            lambda: ini.odds([], [1], trials=10),
            ValueError,
            "swiftness must be a sequence of at least",
        ),
        (lambda: ini.odds("3", [1], trials=10), TypeError, "swiftness"),
        (lambda: ini.odds([3], [1], trials=0), ValueError, "trials"),
        (lambda: ini.odds([3], [1], trials=10, pips=-1), ValueError, "pips"),
        (
            lambda: ini.odds([3, 3], [1], trials=10, pips=[1]),
            ValueError,
            "one margin per participant",
        ),
        (lambda: ini.odds([3, 3], [1], trials=10, pips=1), ValueError, "a bare number"),
        (lambda: ini.odds([3], [1], trials=10, order="chaos"), ValueError, "order"),
        (lambda: ini.odds([3], [1], trials=10, tiebreak="x"), ValueError, "tiebreak"),
        (lambda: ini.odds([3], [1], trials=10, pip_rule="x"), ValueError, "pip_rule"),
        (
            lambda: ini.odds([1] * 40, [1] * 30, trials=10),
            ValueError,
            "participants must be an integer in 1..64",
        ),
        (lambda: ini.odds([3], [1], trials=10, workers=0), ValueError, "workers"),
        (lambda: ini.odds([3], [1], exact="yes"), TypeError, "exact"),
        (lambda: ini.odds([3], [1], limit=0), ValueError, "limit"),
        (lambda: ini.resolve([[7]]), ValueError, r"dice\[0\]\[0\]"),
        (lambda: ini.resolve([]), TypeError, "dice"),
        (lambda: ini.resolve([[1] * 16]), ValueError, "len"),
        (lambda: ini.resolve([[1], [2]], sides=[0]), ValueError, "sides"),
        (lambda: ini.apply_pips([3], 1, "lowest"), ValueError, "pip_rule"),
        (lambda: ini.acting_order([[1, 9]], [0, 1]), ValueError, "1..6"),
        (lambda: ini.acting_order([1, 2], [0, 1]), ValueError, "2-d"),
        (lambda: ini.acting_order([[1, 2]], [0]), ValueError, "owners"),
        (lambda: ini.SuccessRoll(2, success=9), ValueError, "success"),
        (lambda: ini.odds([3], [1], trials=10, hold="wait"), ValueError, "hold must be one"),
        (lambda: ini.odds([3], [1], versus_hold=3), TypeError, "versus_hold must be"),
        (lambda: ini.odds([3, 3], [1], hold=["never"]), ValueError, "one per participant"),
        (lambda: ini.odds([1], [1], rounds=0), ValueError, r"rounds must be an integer in 1\.\.50"),
        (lambda: ini.odds([1], [1], rounds=2.0), TypeError, "rounds"),
        (lambda: ini.odds([1, 1], [1], weakness=2), ValueError, "weakness must be one entry"),
        (lambda: ini.odds([1], [1], weakness=-1), ValueError, "weakness must be"),
    ],
)
def test_bad_input(call, exc, words):
    with pytest.raises(exc, match=words) as info:
        call()
    assert isinstance(info.value, InputError)  # the project's one error type
    assert "\n" not in str(info.value)
