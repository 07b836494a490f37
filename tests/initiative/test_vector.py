"""The round engine's fast Monte Carlo (:class:`~dicestats.initiative.vector.VectorEngine`):
every figure of its answers agrees with the exact enumeration on small setups and with the
general engine (the reference, :class:`~dicestats.initiative.engine.Engine`) on a seeded
grid of larger ones, within 4.5 standard errors; the questions' Monte Carlo goes through
it (a policy of the user's own through the general engine); its numbers are the same for
any number of workers. ``DICESTATS_FUZZ=deep`` runs the grid at 40 times the rounds.
"""

from __future__ import annotations

import math
import os

import numpy as np
import pytest

from dicestats import initiative as ini
from dicestats.core.montecarlo import Estimate
from dicestats.initiative import defences, simulation
from dicestats.initiative.engine import Engine
from dicestats.initiative.vector import VectorEngine, batch_engine

DEEP = os.environ.get("DICESTATS_FUZZ", "").strip().lower() == "deep"


class HoldLow(ini.HoldPolicy):
    """A policy of the user's own: keep dice below 4, use them once an enemy acted."""

    name = "hold-low"

    def hold(self, view):
        return view.value < 4

    def use(self, view):
        return view.enemy_acted | view.end


def _fight(question, a, b, **kw):
    setup = getattr(ini, question).question.setup
    return setup(a, b, method="montecarlo", batch_size=None, rng=1, **kw).fight


def _leaves(x, path):
    """Every estimate in a result's field, with its place."""
    if isinstance(x, Estimate):
        yield path, x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from _leaves(v, f"{path}[{k}]")
    elif isinstance(x, (tuple, list)):
        for i, v in enumerate(x):
            yield from _leaves(v, f"{path}[{i}]")


def _numbers(x, path):
    """Every exact number in a result's field, with its place."""
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _numbers(v, f"{path}[{k}]")
    elif isinstance(x, (tuple, list)):
        for i, v in enumerate(x):
            yield from _numbers(v, f"{path}[{i}]")
    elif x is not None and not isinstance(x, (str, bool)):
        yield path, x


def _z_scores(got, ref):
    """(|difference| / standard error, place) of every figure of two results: ``ref``
    estimated too, or exact (its standard error 0)."""
    for f in got.__dataclass_fields__:
        mine = dict(_leaves(getattr(got, f), f))
        if not mine or f == "p_acts_at" and not isinstance(ref.p_acts_at[0][0], Estimate):
            continue
        theirs = dict(_leaves(getattr(ref, f), f)) or dict(_numbers(getattr(ref, f), f))
        assert mine.keys() == theirs.keys(), f
        for k, e in mine.items():
            r = theirs[k]
            value, se = (r.value, r.stderr) if isinstance(r, Estimate) else (float(r), 0.0)
            if math.isnan(e.value) or math.isnan(value):
                assert math.isnan(e.value) == math.isnan(value) or r is None, k
                continue
            # a floor of one fight in the rounds for shares never or always seen
            se = math.hypot(e.stderr, se, 1 / e.trials)
            yield abs(e.value - value) / se, k


GRID = [
    ("defence", [3, 3, 3], [2, 2, 2], {}),
    ("defence", [3, 3, 3], [2, 2, 2], {"hold": "defend"}),
    ("defence", [3, 2], [2, 2, 1], {"hold": "defend", "versus_hold": "after-enemy", "rounds": 3}),
    ("defence", [2, 2], [3], {"hold": "reserve", "versus_hold": "always", "attackers": "both"}),
    ("defence", [1, 2, 1], [2, 2], {"hold": "always", "versus_hold": "defend", "respond": "cover"}),
    (
        "defence",
        [3, 3, 3],
        [2, 2, 2],
        {
            "hold": ["defend", "never", "after-enemy"],
            "versus_hold": "reserve",
            "respond": "target",
            "kept_attack": "equal",
        },
    ),
    (
        "defence",
        [3, 1],
        [2, 2],
        {"attack": "3", "defend": "2", "armour": "1", "hold": "defend", "answer_every": True},
    ),
    (
        "defence",
        [2, 2],
        [3, 2],
        {
            "attack": "3",
            "defend": "2d6/4+",
            "versus_hold": "reserve",
            "slow_cost": 2,
            "order": "action",
            "tiebreak": "unspent",
            "pips": [2, 0],
        },
    ),
    ("defence", [4, 1], [2, 3], {"pip_rule": "side-pool", "pips": 3, "attackers": "both"}),
    ("odds", [3, 3], [2, 2, 2], {"hold": "reserve", "versus_hold": "after-enemy", "rounds": 2}),
    ("odds", [2, 2], [2, 2], {"hold": "always", "versus_hold": "always", "rounds": 3}),
    ("odds", [1, 1], [1], {"hold": "defend", "versus_hold": "after-enemy", "rounds": 3}),
]


@pytest.mark.parametrize(("question", "a", "b", "kw"), GRID)
def test_agrees_with_the_general_engine(question, a, b, kw, monkeypatch):
    n = 40 * 2_000 if DEEP else 2_000
    ask = getattr(ini, question)
    got = ask(a, b, trials=n, rng=11, progress=False, **kw)
    monkeypatch.setattr(defences, "batch_defence", lambda s: s.fight.engine())
    monkeypatch.setattr(simulation, "batch_odds", lambda s: s.fight.engine())
    ref = ask(a, b, trials=n, rng=12, progress=False, **kw)
    worst = max(_z_scores(got, ref))
    assert worst[0] < 4.5, worst


SMALL = [
    ([1, 1], [2], {"hold": "defend"}),
    ([1, 1], [1, 1], {"attackers": "both", "respond": "cover", "versus_hold": "always"}),
    ([2], [1, 1], {"attack": "1", "defend": "1", "armour": "1", "hold": "reserve"}),
    ([1, 1], [2], {"kept_attack": "equal", "versus_hold": "defend", "respond": "target"}),
    ([1], [1, 1], {"hold": "after-enemy", "versus_hold": "after-enemy", "rounds": 2}),
]


@pytest.mark.parametrize(("a", "b", "kw"), SMALL)
def test_agrees_with_the_exact_enumeration(a, b, kw):
    exact = ini.defence(a, b, exact=False, **kw)
    got = ini.defence(a, b, trials=40_000 if DEEP else 4_000, rng=5, progress=False, **kw)
    worst = max(_z_scores(got, exact))
    assert worst[0] < 4.5, worst


def test_the_questions_monte_carlo_goes_through_it():
    s = ini.defence.question.setup(
        [2], [2], method="montecarlo", batch_size=None, rng=1, hold="defend"
    )
    assert type(defences.batch_defence(s)) is VectorEngine
    s = ini.odds.question.setup([2], [2], method="montecarlo", batch_size=None, rng=1, rounds=2)
    assert type(simulation.batch_odds(s)) is VectorEngine


def test_a_policy_of_ones_own_goes_through_the_general_engine():
    fight = _fight("defence", [2, 3], [2, 2], hold=[HoldLow(), "defend"])
    assert type(batch_engine(fight)) is Engine
    with pytest.raises(ValueError, match="general engine"):
        VectorEngine(fight)
    r = ini.defence([2, 3], [2, 2], hold=[HoldLow(), "defend"], trials=500, rng=1)
    assert r.hold[:2] == ("hold-low", "defend") and r.trials == 500


def test_same_bytes_with_two_workers():
    kw = dict(hold="defend", versus_hold="after-enemy", rounds=2, trials=6000, rng=4)
    one = ini.defence([2, 2], [2, 1], batch_size=1000, **kw)
    two = ini.defence([2, 2], [2, 1], batch_size=1000, workers=2, **kw)
    assert repr(one) == repr(two)


def test_a_batch_is_its_seed():
    fight = _fight("defence", [3, 2], [2, 2], hold="reserve", versus_hold="after-enemy")
    one = VectorEngine(fight)(np.random.default_rng(3), 500)
    two = VectorEngine(fight)(np.random.default_rng(3), 500)
    assert one.keys() == two.keys()
    for k, v in one.items():
        np.testing.assert_array_equal(two[k], v, err_msg=k)


def test_a_tier_is_ordered_by_its_dice_before_the_others():
    """Two dice of 3 act before a (6, 3) in the tier of 3 (more dice of the value first),
    though its other die is higher: a rule the fast engine keys once per round."""
    exact = ini.odds([2], [2], rounds=2, exact=False)
    got = ini.odds([2], [2], rounds=2, trials=20_000, rng=3, progress=False)
    worst = max(_z_scores(got, exact))
    assert worst[0] < 4.5, worst
