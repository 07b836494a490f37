"""The sample questions the registry's contract test asks: they hold for this system."""

from fractions import Fraction

import pytest

from dicestats import system
from dicestats.core.results import Estimate

QUESTIONS = system("initiative").questions


def leaves(x, path=""):
    """(path, value) of every number in a result's ``as_dict()``."""
    if isinstance(x, dict):
        if set(x) >= {"value", "stderr", "trials", "kind"}:  # an Estimate
            yield path, x
            return
        for k, v in x.items():
            yield from leaves(v, f"{path}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from leaves(v, f"{path}[{i}]")
    else:
        yield path, x


@pytest.mark.parametrize("q", QUESTIONS, ids=[q.name for q in QUESTIONS])
def test_question(q):
    r = q.call(*q.args, **q.kwargs)
    assert r.to_json()
    if not q.exact:
        return
    exact = dict(leaves(q.call(*q.args, **q.kwargs, exact=True).as_dict()))
    floats = dict(leaves(q.call(*q.args, **q.kwargs, exact=False).as_dict()))
    assert exact.keys() == floats.keys()
    for path, x in exact.items():
        if isinstance(x, Fraction):
            assert abs(float(x) - floats[path]) <= 1e-12, path
    if q.simulate is None:
        return
    sim = q.simulate(*q.args, **q.kwargs, trials=q.trials, rng=1, workers=1)
    twin = q.simulate(*q.args, **q.kwargs, trials=q.trials, rng=1, workers=2)
    assert sim.to_json() == twin.to_json()
    estimates = dict(leaves(sim.as_dict()))
    assert estimates.keys() == exact.keys()
    for path, x in exact.items():
        if isinstance(x, Fraction):
            e, p = estimates[path], float(x)
            se = e["stderr"]
            if e["kind"] == "proportion":  # an estimate of 0 or 1 has standard error 0
                se = max(se, (p * (1 - p) / e["trials"]) ** 0.5)
            assert abs(e["value"] - p) <= 4.5 * se + 1e-12, path
    first = getattr(sim, "p_first", None) or getattr(sim, "mean_attacks", None)
    assert isinstance(first, Estimate)
