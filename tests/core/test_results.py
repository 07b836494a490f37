"""The result convention: frozen dataclasses, generated exports, JSON at the boundary."""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import pytest

from dicestats import Dist
from dicestats.core.montecarlo import wilson
from dicestats.core.progress import check_progress, progress_bar
from dicestats.core.results import Estimate, Result, jsonable, plain


@dataclass(frozen=True)
class Inner(Result):
    p_win: object


@dataclass(frozen=True)
class Outer(Result):
    p_success: object
    exact: bool
    inner: Inner
    net: object
    by_name: dict
    counts: tuple
    cache: object = field(default=None, metadata={"export": False})


def sample(exact=True):
    p = Fraction(1, 3) if exact else 1 / 3
    return Outer(
        p_success=p,
        exact=exact,
        inner=Inner(p),
        net=Dist.die(2, exact=exact),
        by_name={"a": np.float64(0.5)},
        counts=(np.int64(1), 2),
        cache="bulky",
    )


def test_results_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        sample().p_success = 1


def test_as_dict_is_generated_from_the_fields_and_keeps_fractions():
    d = sample().as_dict()
    assert list(d) == ["p_success", "exact", "inner", "net", "by_name", "counts"]
    assert d["p_success"] == Fraction(1, 3) and d["inner"] == {"p_win": Fraction(1, 3)}
    assert d["net"] == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert d["by_name"] == {"a": 0.5} and type(d["by_name"]["a"]) is float
    assert d["counts"] == [1, 2] and type(d["counts"][0]) is int


def test_json_writes_fractions_as_p_over_q_only_at_the_boundary():
    out = json.loads(sample().to_json())
    assert out["p_success"] == "1/3" and out["net"] == {"1": "1/2", "2": "1/2"}
    assert json.loads(sample(exact=False).to_json())["p_success"] == 1 / 3
    assert jsonable({"x": math.inf, "y": [Fraction(2)]}) == {"x": None, "y": ["2/1"]}
    assert plain(Fraction(2)) == Fraction(2)


def test_exact_and_float_results_have_the_same_keys():
    assert list(sample(True).as_dict()) == list(sample(False).as_dict())


def test_an_estimate_is_a_result_with_its_interval():
    e = wilson(30, 100)
    assert isinstance(e, Estimate) and isinstance(e, Result)
    d = e.as_dict()
    assert d["value"] == 0.3 and d["trials"] == 100 and d["ci_low"] < 0.3 < d["ci_high"]
    assert json.loads(e.to_json())["kind"] == "proportion"


def test_progress_policy():
    for p in (None, True, False):
        assert check_progress(p) is p
    with pytest.raises(TypeError, match="progress must be None, True or False"):
        check_progress(1)
    bar = progress_bar(5, progress=False, desc="x", unit="step")
    bar.update(2)
    bar.close()
    assert type(bar).__name__ == "_Silent"
    assert (
        type(progress_bar(3, progress=None, desc="x", unit="step", min_steps=4)).__name__
        == "_Silent"
    )


def test_a_distribution_table_exact_float_or_simulated():
    from dicestats.core.results import Table

    exact = Table.distribution("hits", Dist({0: Fraction(1, 4), 1: Fraction(3, 4)}))
    assert exact.header == ("hits", "P(=)", "P(>=)") and exact.exact_of == 1
    assert exact.rows == (("0", Fraction(1, 4), 1), ("1", Fraction(3, 4), Fraction(3, 4)))
    # a simulated one: the values seen, each estimate with its interval, no tail sums of
    # estimates (their errors are not independent) and no exact column
    seen = {1: wilson(30, 100), 0: wilson(70, 100)}
    sim = Table.distribution("hits", seen, label=lambda k: f"{k}+", least=0.5)
    assert sim.header == ("hits", "probability") and sim.exact_of is None
    assert sim.rows == (("0+", seen[0]),)
    assert sim.note == "1 rarer row (each below 50%) not shown (see --json)"
