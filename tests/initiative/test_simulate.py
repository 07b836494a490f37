"""Monte Carlo :func:`dicestats.initiative.odds` (``trials=``) against the enumeration."""

import itertools
from fractions import Fraction

import numpy as np
import pytest

from dicestats import initiative as ini
from dicestats.core import montecarlo as mc
from dicestats.initiative.setup import check_setup
from dicestats.initiative.simulation import Rounds, order_batch, roll_table

from .oracle import OPTIONS, ref_cached, text_exact, within

SIM_SETUPS = [
    ([1], [1], 0, 0, "one-die"),
    ([2, 1], [2], 0, 0, "one-die"),
    ([3], [2], 2, 0, "one-die"),
    ([2, 2], [2], [1, 0], 1, "one-die"),
    ([3], [2], 2, 0, "split"),
    ([2, 1], [2], 2, 1, "side-pool"),
]


@pytest.mark.parametrize(
    "setup,opts",
    [(s, OPTIONS[0]) for s in SIM_SETUPS] + [(SIM_SETUPS[1], o) for o in OPTIONS[1:]],
)
def test_simulation_agrees_with_exact(setup, opts):
    a, b, pa, pb, pip_rule = setup
    ex = ini.odds(a, b, pips=pa, versus_pips=pb, pip_rule=pip_rule, **opts)
    sim = ini.odds(
        a, b, trials=40_000, rng=2024, pips=pa, versus_pips=pb, pip_rule=pip_rule, **opts
    )
    assert type(sim) is type(ex) and sim.exact is False and sim.trials == 40_000
    assert within(sim.p_first, ex.p_first)
    for est, p in zip(sim.p_participant_first, ex.p_participant_first, strict=True):
        assert within(est, p)
    for k, p in ex.actions_before.items():
        assert within(sim.actions_before[k], p)
    assert within(sim.p_double, ex.p_double)
    for est, m in zip(sim.mean_position, ex.mean_position, strict=True):
        assert abs(est.value - float(m)) <= 4.5 * est.stderr + 1e-12
    for row_s, row_e in zip(sim.p_acts_at, ex.p_acts_at, strict=True):
        for est, p in zip(row_s, row_e, strict=True):
            assert within(est, p)
    assert sim.labels == ex.labels
    # the same fields, the same vocabulary: Estimates where the enumeration has Fractions
    assert set(sim.as_dict()) == set(ex.as_dict())


def test_simulation_large_swiftness_uses_dice_path():
    # swiftness 6 (no lookup table): one participant alone vs one die; P(first)
    # = P(max of six dice >= y) = 1 - sum_y ((y-1)/6)^6 / 6
    p = 1 - sum(Fraction(y - 1, 6) ** 6 for y in range(1, 7)) / 6
    sim = ini.odds([6], [1], trials=50_000, rng=9)
    assert within(sim.p_first, p)
    sim = ini.odds([6], [1], trials=50_000, rng=9, pips=2)
    assert sim.p_first.value > 0.99


def test_same_seed_identical_any_workers():
    kw = dict(trials=150_000, rng=77, batch_size=50_000)
    a = ini.odds([3, 3, 3], [2, 2, 2], workers=1, **kw)
    b = ini.odds([3, 3, 3], [2, 2, 2], workers=2, **kw)
    for key in a.raw.totals:
        assert np.array_equal(np.asarray(a.raw[key]), np.asarray(b.raw[key])), key
    assert a.p_first == b.p_first and a.to_json() == b.to_json()
    c = ini.odds([3, 3, 3], [2, 2, 2], trials=150_000, rng=78, batch_size=50_000)
    assert c.raw["first_side"] != a.raw["first_side"]


def test_trials_rng_and_the_rest_are_keyword_only():
    r = ini.odds([3], [2], trials=1_000, rng=1)
    assert r.trials == 1_000
    with pytest.raises(TypeError, match="positional"):
        ini.odds([3], [2], 1_000)


def test_pool_pips_go_to_the_same_participant_in_simulate_and_exact():
    """A side pool of pips over participants of different swiftness: of two equal
    dice the participant listed first gets the pip (the enumeration and apply_pips),
    so the simulation must agree with the exact figures participant by participant
    (it used to list the side's dice by swiftness group: 122 standard errors off)."""
    a, b = [3, 1], [1]
    first, _, _, pos = text_exact(a, b, 1, 0, "side-pool")
    sim = ini.odds(a, b, trials=60_000, rng=5, pips=1, pip_rule="side-pool")
    for est, p in zip(sim.p_participant_first, first, strict=True):
        assert within(est, p)
    for est, m in zip(sim.mean_position, pos, strict=True):
        assert abs(est.value - float(m)) <= 4.5 * est.stderr
    # draws its dice the same way (a run, not an estimate, is what is checked here)
    d = ini.defence(a, b, trials=3_000, rng=5, pips=1, pip_rule="side-pool")
    assert d.trials == 3_000


CROWD = ([15] * 32, [15] * 32)  # 64 participants of swiftness 15: 960 dice a round
# A smaller crowd whose dice still bound the default batch (180 dice a round: 11,650 rounds,
# not DEFAULT_BATCH) and whose run costs little: the crowd's own reduction (every participant
# at every one of its 960 positions) took about half a second of CPU a run, whatever its trials.
SMALL_CROWD = ([15] * 6, [15] * 6)
SMALL_CAP = 2**24 // 180  # the largest batch_size its dice allow: 93,206


@pytest.fixture(scope="module")
def small_crowd_at_the_cap():
    """The small crowd's 40 rounds at the largest batch_size its dice allow (given explicitly)."""
    return ini.odds(*SMALL_CROWD, trials=40, batch_size=SMALL_CAP, rng=1).as_dict()


def test_default_batch_bounds_the_dice_of_a_batch(monkeypatch, small_crowd_at_the_cap):
    # 64 participants of swiftness 15: 65,536 rounds per batch took 3.2 GB
    seen = []
    run = mc.run

    def spy(fn, trials, rng, **kw):
        seen.append(kw["batch_size"])
        return run(fn, trials=trials, rng=rng, **kw)

    monkeypatch.setattr(mc, "run", spy)
    crowd = ini.odds(*SMALL_CROWD, trials=40, rng=1)
    ini.defence([15] * 20, [15] * 20, trials=20, rng=1)
    ini.odds([3, 3, 3], [2, 2, 2], trials=300, rng=1)
    ini.odds([3], [2], trials=300, rng=1, batch_size=7)
    most = ini.LIMITS["dice per batch"].hi
    assert seen[0] * 12 * 15 <= most and 256 <= seen[0] < mc.DEFAULT_BATCH
    assert seen[1] * 40 * 15 <= most
    assert seen[2:] == [mc.DEFAULT_BATCH, 7]  # small rounds keep the default
    # 40 rounds are one batch at the default (11,650) as at the cap: the same numbers
    assert seen[0] >= 40 and crowd.as_dict() == small_crowd_at_the_cap


@pytest.mark.parametrize(
    "pips,tiebreak,order",
    [
        (0, "all", "action"),
        ([1, 0], "unspent", "action"),
        (0, "all", "tier"),
        ([1, 0], "unspent", "tier"),
    ],
)
def test_fast_key_tables_on_every_outcome(pips, tiebreak, order):
    """The Monte Carlo fast path's lookup tables (dense int32 ranks, keys paired in 8-byte items,
    padding, pips folded in, ties read from the rows) give the plain rule's order
    on every roll of a small setup."""
    sw = [2, 1, 2]
    fn = Rounds(check_setup([2, 1], [2], pips, 0, tiebreak=tiebreak, order=order))
    assert fn.fast is not None
    assert fn.fmt.dtype == np.int32  # dense ranks
    combos = np.array(list(itertools.product(*(range(6**s) for s in sw))))
    keys = fn.fast.keys(combos.T.copy())
    tied = fn.fast.tied(combos.T.copy())
    srt = order_batch(
        keys, np.random.default_rng(0), order, fn.fmt, fn.D, fn.lut, tied, fn.fast.short
    )
    got = srt[:, : fn.D] & 63
    own = [*pips, 0] if isinstance(pips, list) else [0, 0, 0]
    rolls = [
        [tuple(ini.apply_pips(r.tolist(), own[p], "one-die")) for r in roll_table(sw[p])]
        for p in range(3)
    ]
    for c, seq in zip(combos, got, strict=True):
        dice = tuple(rolls[p][c[p]] for p in range(3))
        ref = ref_cached(dice, tiebreak=tiebreak, order=order)
        if len(ref) == 1:
            assert tuple(seq) == next(iter(ref)), dice
        else:
            assert tuple(seq) in ref, dice


def test_an_explicit_batch_size_is_capped_by_its_memory(small_crowd_at_the_cap):
    # 64 participants of 15 dice with batch_size=65537 held 3 GB at once (63 million
    # dice); the refusal names the largest batch_size for this round's dice
    with pytest.raises(ValueError, match=r"^batch_size must be at most 17476 with 960 dice"):
        ini.odds(*CROWD, trials=10, batch_size=65537, rng=1)
    with pytest.raises(TypeError, match="batch_size must be an integer"):
        ini.odds([3], [2], trials=10, batch_size="65536", rng=1)
    with pytest.raises(ValueError, match=rf"^batch_size must be at most {SMALL_CAP} with 180 dice"):
        ini.odds(*SMALL_CROWD, trials=10, batch_size=SMALL_CAP + 1, rng=1)
    # the cap itself is accepted (the fixture) and gives numbers for every participant
    cap = small_crowd_at_the_cap
    assert cap["trials"] == 40 and len(cap["p_participant_first"]) == 12
