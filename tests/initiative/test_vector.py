"""The round engine's fast Monte Carlo (:class:`~dicestats.initiative.vector.VectorEngine`)
against the general engine, the reference: on a seeded grid of setups the very same sums,
batch by batch (the same draws in the same order), a custom policy among named ones
included; and the questions' Monte Carlo goes through it. (Its agreement with the exact
enumeration is that of the questions' tests: ``test_defence``, ``test_holding``,
``test_readings``.)
"""

from __future__ import annotations

import numpy as np
import pytest

from dicestats import initiative as ini
from dicestats.initiative import defences, simulation
from dicestats.initiative.engine import Engine
from dicestats.initiative.vector import VectorEngine


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
    ("defence", [2, 3], [2, 2], {"hold": [HoldLow(), "defend"], "versus_hold": "after-enemy"}),
    ("odds", [3, 3], [2, 2, 2], {"hold": "reserve", "versus_hold": "after-enemy", "rounds": 2}),
    ("odds", [2, 2], [2, 2], {"hold": "always", "versus_hold": "always", "rounds": 3}),
]


@pytest.mark.parametrize(("question", "a", "b", "kw"), GRID)
def test_the_same_sums_as_the_general_engine(question, a, b, kw):
    fight = _fight(question, a, b, **kw)
    for seed in (1, 2):
        ref = Engine(fight.setup, fight.policies, fight.rounds, fight.combat)
        ref = ref(np.random.default_rng(seed), 300)
        got = VectorEngine.of(fight)(np.random.default_rng(seed), 300)
        assert got.keys() == ref.keys()
        for k, v in ref.items():
            np.testing.assert_array_equal(got[k], v, err_msg=k)


def test_the_questions_monte_carlo_goes_through_it():
    s = ini.defence.question.setup(
        [2], [2], method="montecarlo", batch_size=None, rng=1, hold="defend"
    )
    assert type(defences.batch_defence(s)) is VectorEngine
    s = ini.odds.question.setup([2], [2], method="montecarlo", batch_size=None, rng=1, rounds=2)
    assert type(simulation.batch_odds(s)) is VectorEngine


def test_same_bytes_with_two_workers():
    kw = dict(hold="defend", versus_hold="after-enemy", rounds=2, trials=6000, rng=4)
    one = ini.defence([2, 2], [2, 1], batch_size=1000, **kw)
    two = ini.defence([2, 2], [2, 1], batch_size=1000, workers=2, **kw)
    assert repr(one) == repr(two)


def test_its_enumeration_is_the_general_engines():
    """Not used by the questions (exact answers ask ``Engine``), but kept right."""
    fight = _fight("defence", [2], [1, 1], hold="reserve", versus_hold="after-enemy", rounds=2)
    ref, den = Engine(fight.setup, fight.policies, fight.rounds, fight.combat).enumerate(
        True, 10**5
    )
    got, got_den = VectorEngine.of(fight).enumerate(True, 10**5)
    assert got_den == den
    for k, v in ref.items():
        assert got[k].tolist() == v.tolist(), k
