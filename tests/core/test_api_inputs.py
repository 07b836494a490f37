"""Issue 25: bytes are never read as numbers, and the API refuses in its own words
(an InputError, a ValueError; InputTypeError for a wrong kind, also a TypeError)."""

from __future__ import annotations

import pytest

from dicestats import InputError
from dicestats.storyteller import reduced_pools
from dicestats.sweep import cell_seed, sweep
from dicestats.workbench import fate_wishes, storyteller_calibration

WISH = ["Fair success >= 0.5"]


@pytest.mark.parametrize("given", [b"3", bytearray(b"3"), memoryview(b"3")])
def test_bytes_are_never_numbers(given):
    # fate_wishes used difficulty 51, reduced_pools(b"3") returned [51]
    with pytest.raises(TypeError, match="difficulties must be a sequence"):
        fate_wishes(WISH, difficulties=given)
    with pytest.raises(TypeError, match="pools must be a sequence of integers"):
        reduced_pools(given)
    with pytest.raises(TypeError, match="levels must be a sequence"):
        storyteller_calibration(given)
    with pytest.raises(TypeError, match="a value of bonus must be a number"):
        sweep("fate", bonus=given, difficulty=2)


@pytest.mark.parametrize(
    "args, words",
    [
        ((3.5, "fate", {}), "seed must be an integer, got 3.5"),  # was cell_seed(3, ...)
        ((float("inf"), "fate", {}), "seed must be an integer, got inf"),  # OverflowError
        ((1, "fate", None), "params must be a mapping"),  # AttributeError
        ((1, None, {}), "question must be a question's name"),
        ((1, "fate", {"bonus": [1]}), "a value of bonus must be a number"),
    ],
)
def test_cell_seed_refuses_in_its_words(args, words):
    with pytest.raises(InputError, match=words):
        cell_seed(*args)


def test_reduced_pools_of_nothing_is_refused_in_the_projects_words():
    """It raised "object of type 'NoneType' has no len()"."""
    with pytest.raises(InputError, match=r"pools must be a sequence of integers, got None"):
        reduced_pools(None)
    assert reduced_pools((7, 6, 6)) == [4, 2, 1]


@pytest.mark.parametrize("cal", [None, 3, b"storyteller"])
def test_calibration_table_of_no_calibration_is_refused(cal):
    """``tables.calibration_table(None)`` was an AttributeError."""
    from dicestats import tables

    with pytest.raises(InputError, match="cal must be a Calibration, 'storyteller' or 'fate'"):
        tables.calibration_table(cal)


@pytest.mark.parametrize("limit", ["x", -1, 2.5])
def test_initiative_first_refuses_a_bad_exact_limit(limit):
    """``initiative_first(exact_limit='x')`` left the exact column NaN, unsaid."""
    from dicestats.tables import initiative_first

    with pytest.raises(InputError, match="exact_limit must be an integer >= 0"):
        initiative_first([([1], [1])], trials=100, rng=1, exact_limit=limit)


def test_list_valued_parameters_are_capped_in_limits():
    """``outcome_table(range(-10000, 10001), range(-10000, 10001, 100))``: 182 s and 2.1 GB."""
    from dicestats.fate import LIMITS, outcome_table
    from dicestats.tables import fate_odds_by_margin, fate_opposed

    assert LIMITS["values listed"].hi == 1000 and LIMITS["table rows"].hi == 10_000
    with pytest.raises(InputError, match="bonuses must be a sequence of at most 1000 integers"):
        outcome_table(range(-10000, 10001), range(-10000, 10001, 100))
    with pytest.raises(InputError, match=r"bonuses × difficulties must be an integer <= 10000"):
        outcome_table(range(200), range(200))
    with pytest.raises(InputError, match="margins must be a sequence of at most 1000"):
        fate_odds_by_margin(range(100_000))
    with pytest.raises(InputError, match=r"ratings × versus must be an integer <= 10000"):
        fate_opposed(range(1000), range(1000))


@pytest.mark.parametrize(
    "call, words",
    [
        ("points", "x must be a finite number, got None"),
        ("limits_table", "limits must be a Limits"),
        ("view_text", "view must be a View"),
        ("to_json", "obj must be a result, a DataFrame or plain data, got b'3'"),
        ("storyteller_grid", "df must be a DataFrame of storyteller_odds"),
        ("storyteller_distribution", "dists must be a mapping of labels"),
    ],
)
def test_the_api_refuses_in_its_own_words(call, words):
    """AttributeError ('NoneType' object has no attribute ...) and bare TypeErrors before."""
    from dicestats import format, tables

    f = getattr(format, call, None) or getattr(tables, call)
    with pytest.raises(InputError, match=words):
        f(*((b"3",) if call == "to_json" else (None,)))


def test_fate_invoke_plan_reads_dice_as_its_policy_does():
    """``dice=None`` (the rules' dice) raised "bad operand type for unary -"."""
    from dicestats.tables import fate_invoke_plan

    assert len(fate_invoke_plan(dice=None)) == 9  # totals -4..+4


def test_heatmaps_of_no_frame_is_refused():
    """``sweep.heatmaps(None)`` was an AttributeError."""
    from dicestats.sweep import heatmaps

    with pytest.raises(InputError, match="df must be a DataFrame"):
        heatmaps(None)


def test_rule_sets_of_a_wish_list_are_capped():
    from dicestats import fate
    from dicestats.workbench.wishlist import RULE_SETS

    many = {str(i): fate.Rules() for i in range(RULE_SETS["rule sets"].hi + 1)}
    with pytest.raises(InputError, match=r"rule sets in rules must be an integer in 1\.\.20"):
        fate_wishes(WISH, rules=many)


@pytest.mark.parametrize(
    "chart",
    ["storyteller.anomalies_chart", "storyteller.teamwork_chart", "fate.contest_chart",
     "fate.deck_vs_dice_chart"],
)  # fmt: skip
def test_a_chart_of_no_result_is_refused(chart):
    """``plots.storyteller.anomalies_chart(None)`` and the like were AttributeErrors."""
    import importlib

    module, name = chart.split(".")
    f = getattr(importlib.import_module(f"dicestats.plots.{module}"), name)
    with pytest.raises(InputError, match=f"{name}: result must be what its question returns"):
        f(None)


def test_table_entries_are_capped():
    """A 100k-item list ran past 20 s; a range of 10**9 matchups is refused at once."""
    from dicestats.tables import initiative_first, initiative_pips
    from dicestats.tables._common import LIMITS

    assert LIMITS["entries listed"].hi == 1000
    with pytest.raises(InputError, match="matchups must be a sequence of at most 1,000"):
        initiative_first(range(10**9))
    with pytest.raises(InputError, match="pips must be a sequence of at most 1000 integers"):
        initiative_pips([([1], [1])], pips=range(5000))
