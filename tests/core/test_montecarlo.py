"""The Monte Carlo engine: intervals, streams, determinism across workers, bad input."""

import math
import re
from functools import partial

import numpy as np
import pytest
from scipy import stats

from dicestats.core import montecarlo as mc
from dicestats.core.checks import InputError, InputTypeError
from dicestats.core.montecarlo import _cpus


def coin_batch(rng, n, p=0.5):
    """Module level, so worker processes can run it."""
    x = rng.random(n) < p
    return {"heads": int(x.sum()), "hist": np.bincount(rng.integers(0, 3, size=n), minlength=3)}


def die_mean_batch(rng, n):
    x = rng.integers(1, 7, size=n)
    return {"x": int(x.sum()), "x_sq": int((x * x).sum()), "sizes": np.array([n])}


def seen_sizes_batch(rng, n):
    return {"max_n": np.array([n]), "count": 1}


# ------------------------------------------------------------------ intervals
@pytest.mark.parametrize("k,n", [(0, 10), (3, 10), (10, 10), (432, 1000), (1, 100_000)])
@pytest.mark.parametrize("conf", [0.9, 0.95, 0.99])
def test_wilson_matches_scipy(k, n, conf):
    est = mc.wilson(k, n, conf)
    ref = stats.binomtest(k, n).proportion_ci(confidence_level=conf, method="wilson")
    assert est.value == k / n
    assert est.ci_low == pytest.approx(ref.low, abs=1e-12)
    assert est.ci_high == pytest.approx(ref.high, abs=1e-12)
    assert est.stderr == pytest.approx(math.sqrt(k / n * (1 - k / n) / n))


def test_mean_estimate_matches_numpy():
    x = np.random.default_rng(5).integers(0, 20, size=1000)
    est = mc.mean_estimate(int(x.sum()), int((x * x).sum()), x.size)
    assert est.value == pytest.approx(x.mean())
    assert est.stderr == pytest.approx(x.std(ddof=1) / math.sqrt(x.size))
    z = stats.norm.ppf(0.975)
    assert est.ci_low == pytest.approx(x.mean() - z * est.stderr)
    assert est.ci_high == pytest.approx(x.mean() + z * est.stderr)
    half = mc.mean_estimate(int(x.sum()), int((x * x).sum()), x.size, scale=2)
    assert half.value == pytest.approx(x.mean() / 2)


def test_estimate_prints_nicely():
    s = str(mc.wilson(43_210, 100_000))
    assert re.fullmatch(r"43\.2% ± 0\.2% \(95% CI 42\.9–43\.5%, n=100,000\)", s), s
    s = str(mc.mean_estimate(350, 1300, 100))
    assert s == "3.50 ± 0.09 (95% CI 3.33–3.67, n=100)", s  # var = (100*1300-350²)/(100*99)


# ------------------------------------------------------------------ runs
def test_run_estimates_are_honest():
    res = mc.run(partial(coin_batch, p=0.3), trials=200_000, rng=11, batch_size=30_000)
    est = res.proportion("heads")
    assert est.trials == 200_000
    assert abs(est.value - 0.3) < 4.5 * est.stderr
    assert int(res["hist"].sum()) == 200_000
    assert len(res.proportions("hist")) == 3
    m = mc.run(die_mean_batch, trials=100_000, rng=2).mean("x")
    assert abs(m.value - 3.5) < 4.5 * m.stderr


def test_batches_are_bounded_and_cover_all_trials():
    res = mc.run(seen_sizes_batch, trials=1005, rng=0, batch_size=100)
    assert res["count"] == 11  # ten full batches and one of 5
    assert int(res["max_n"][0]) == 1005


def test_same_seed_same_result_any_workers():
    a = mc.run(coin_batch, trials=50_000, rng=123, batch_size=5_000, workers=1)
    b = mc.run(coin_batch, trials=50_000, rng=123, batch_size=5_000, workers=2)
    assert a["heads"] == b["heads"]
    assert a["hist"].tolist() == b["hist"].tolist()
    c = mc.run(coin_batch, trials=50_000, rng=124, batch_size=5_000)
    assert c["heads"] != a["heads"]


def test_batch_streams_are_children_of_one_seed_sequence():
    # batch i uses child i of SeedSequence(seed): check against spawn() directly
    root = np.random.SeedSequence(77)
    kids = root.spawn(3)
    direct = sum(coin_batch(np.random.default_rng(k), 10)["heads"] for k in kids)
    assert mc.run(coin_batch, trials=30, rng=77, batch_size=10)["heads"] == direct


def test_rng_forms():
    a = mc.run(coin_batch, trials=1000, rng=5)
    b = mc.run(coin_batch, trials=1000, rng=np.random.SeedSequence(5))
    assert a["heads"] == b["heads"]
    g = np.random.default_rng(5)
    c = mc.run(coin_batch, trials=1000, rng=g)
    d = mc.run(coin_batch, trials=1000, rng=g)  # the generator advanced: an independent run
    assert (c["heads"], c["hist"].tolist()) != (d["heads"], d["hist"].tolist())
    e = mc.run(coin_batch, trials=1000, rng=np.random.default_rng(5))
    assert e["heads"] == c["heads"]


def test_run_until_reaches_target_and_ignores_workers():
    kw = dict(max_trials=10**6, rng=3, batch_size=2_000)
    a = mc.run_until(coin_batch, "heads", 0.004, **kw)
    b = mc.run_until(coin_batch, "heads", 0.004, workers=2, **kw)
    assert a.proportion("heads").stderr <= 0.004
    assert a.trials == b.trials and a["heads"] == b["heads"]
    # 0.5 * 0.5 / n <= 0.004^2 needs n >= 15,625: the first check point after it
    assert 15_625 <= a.trials <= 16_000 + 16_000
    capped = mc.run_until(coin_batch, "heads", 1e-9, max_trials=5_000, rng=1, batch_size=1000)
    assert capped.trials == 5_000
    m = mc.run_until(
        die_mean_batch, "x", 0.05, kind="mean", max_trials=10**6, rng=0, batch_size=1000
    )
    assert m.mean("x").stderr <= 0.05


@pytest.mark.parametrize(
    "kwargs,exc,words",
    [
        (dict(trials=0), ValueError, "trials"),
        (dict(trials=10, batch_size=0), ValueError, "batch_size"),
        (dict(trials=10, workers=0), ValueError, "workers"),
        (dict(trials=10, rng="seed"), TypeError, "rng"),
        (dict(trials=10, rng=-1), ValueError, "rng"),
        (dict(trials=2.5), TypeError, "trials"),
        (dict(trials=10, progress="yes"), TypeError, "progress"),
    ],
)
def test_bad_input(kwargs, exc, words):
    with pytest.raises(exc, match=words):
        mc.run(coin_batch, **kwargs)


def test_bad_batch_function():
    with pytest.raises(TypeError, match="batch_fn"):
        mc.run(42, trials=10)
    with pytest.raises(TypeError, match="dict"):
        mc.run(lambda rng, n: n, trials=10)
    with pytest.raises(KeyError, match="no statistic"):
        mc.run(coin_batch, trials=10, rng=0).proportion("tails")
    with pytest.raises(ValueError, match="successes"):
        mc.wilson(11, 10)


def test_progress_bar_on_request(monkeypatch, capsys):
    monkeypatch.setenv("TQDM_DISABLE", "")
    res = mc.run(coin_batch, trials=4_000, rng=1, batch_size=500, progress=True, desc="coins")
    err = capsys.readouterr().err
    assert "coins" in err and res.trials == 4_000
    mc.run(coin_batch, trials=4_000, rng=1, batch_size=500, progress=False)
    assert capsys.readouterr().err == ""
    monkeypatch.setenv("TQDM_DISABLE", "1")
    mc.run(coin_batch, trials=4_000, rng=1, batch_size=500, progress=True)
    assert capsys.readouterr().err == ""


def never_batch(rng, n):
    return {"hit": 0}


def test_run_until_does_not_stop_on_an_unseen_event():
    # p-hat = 0 has standard error 0; the Wilson interval [0, z^2 / (n + z^2)]
    # keeps the run going until its half-width over z, z / (2 (n + z^2)), is at
    # most the target: n >= 976 for 0.001, reached at the first check (8 batches)
    res = mc.run_until(never_batch, "hit", 0.001, max_trials=10**6, rng=0, batch_size=1000)
    assert res.proportion("hit").value == 0 and res.trials == 8_000
    res = mc.run_until(never_batch, "hit", 0.0001, max_trials=10**6, rng=0, batch_size=1000)
    assert res.trials == 16_000  # n >= 9,796: the second check


def test_no_more_workers_than_batches():
    # the most workers allowed for 3 batches started that many processes; the
    # result never depended on it
    most = mc.LIMITS["workers"].hi
    a = mc.run(coin_batch, trials=3_000, rng=9, batch_size=1_000)
    b = mc.run(coin_batch, trials=3_000, rng=9, batch_size=1_000, workers=most)
    assert a["heads"] == b["heads"] and a["hist"].tolist() == b["hist"].tolist()


def zero_mean_batch(rng, n):
    return {"x": 0, "x_sq": 0}


def test_run_until_does_not_stop_on_a_mean_not_yet_seen_to_vary():
    # a rare non-zero value not seen yet gives a sample variance of 0 and a
    # standard error of 0: that is no precision, so the run goes on to max_trials
    res = mc.run_until(
        zero_mean_batch, "x", 0.01, kind="mean", max_trials=40_000, rng=0, batch_size=1000
    )
    assert res.trials == 40_000


class _Stop(Exception):
    pass


def stop_batch(rng, n):
    raise _Stop


def test_memory_does_not_grow_with_the_trial_count():
    # the list of batches of a run was built before the first batch ran: 10^11
    # trials in batches of 65,536 held 1.5 million (index, size) tuples (~150 MB);
    # a billion batches of one trial would hold a billion
    import tracemalloc

    tracemalloc.start()
    try:
        with pytest.raises(_Stop):  # a billion batches of one trial: the most allowed
            mc.run(stop_batch, trials=mc.LIMITS["trials"].hi, rng=0, batch_size=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5 * 2**20


# ------------------------------------------------------------------ issue 10
def test_one_trial_is_refused_a_mean_needs_two():
    # one trial printed "mean 2.0000 ± 0.0000": a zero-width interval from no spread
    with pytest.raises(InputError, match=r"trials must be an integer in 2\.\.1,000,000,000, got 1"):
        mc.run(coin_batch, trials=1)
    assert mc.run(coin_batch, trials=2, rng=1).trials == 2


def test_trials_are_capped_with_a_reason():
    # run(..., trials=10**400) ran forever
    for trials in (10**400, mc.LIMITS["trials"].hi + 1):
        with pytest.raises(InputError, match="trials must be an integer in 2..1,000,000,000") as e:
            mc.run(coin_batch, trials=trials)
        assert "billion trials" in str(e.value) and len(str(e.value)) < 300
    with pytest.raises(InputError, match="max_trials"):
        mc.run_until(coin_batch, "heads", 0.01, max_trials=10**400)


def test_workers_are_capped_by_the_cpus():
    # --workers 256 on 2 cores started 256 processes
    most = mc.LIMITS["workers"].hi
    assert most == max(8, 4 * _cpus())
    with pytest.raises(InputError, match="CPU") as info:
        mc.run(coin_batch, trials=10, workers=most + 1)
    assert f"1..{most}" in str(info.value)
    with pytest.raises(InputError, match="batch_size"):
        mc.run(coin_batch, trials=10, batch_size=10**8)


def test_totals_take_a_whole_number_of_trials():
    # Totals({'h': 1}, 2.5) was n = 2
    with pytest.raises(InputTypeError, match="trials must be an integer"):
        mc.Totals({"h": 1}, 2.5)
    with pytest.raises(InputError):
        mc.Totals({"h": 1}, 0)
    with pytest.raises(InputTypeError):
        mc.Totals({"h": 1}, True)
    assert mc.Totals({"h": 1}, np.int64(2)).proportion("h").value == 0.5


@pytest.mark.parametrize("scale", [-1, 0, float("nan"), float("inf"), True, "2"])
def test_mean_scale_must_be_positive(scale):
    # scale=-1 printed an interval of negative width, scale=0 raised ZeroDivisionError
    with pytest.raises(InputError, match="scale must be"):
        mc.mean_estimate(10, 30, 4, scale=scale)


def test_numbers_beyond_float64_are_refused():
    # wilson(1, 2, confidence=10**400) raised OverflowError
    with pytest.raises(InputError, match="confidence"):
        mc.wilson(1, 2, confidence=10**400)
    with pytest.raises(InputError, match="total"):
        mc.mean_estimate(10**400, 10**800, 2)
    with pytest.raises(InputError, match="sum_y"):
        mc.ratio_estimate(10**400, 1, 1, 1, 1, 2)
    with pytest.raises(InputTypeError, match="total"):
        mc.mean_estimate(True, 1, 2)


@pytest.mark.parametrize(
    "seed", [True, False, np.True_, [True, 1], np.array([True]), 1.5, [1.5], "7", [-1], []]
)
def test_a_bool_or_a_float_is_never_a_seed(seed):
    with pytest.raises(InputError, match="rng"):
        mc.seed_sequence(seed)
    with pytest.raises(InputError, match="rng"):
        mc.run(coin_batch, trials=10, rng=seed)


def test_an_unknown_statistic_is_a_value_error_and_a_key_error():
    res = mc.run(coin_batch, trials=10, rng=0)
    for bad in ("tails", 5, ["heads"]):
        with pytest.raises(InputError, match="name must be a statistic of this run") as info:
            res.proportion(bad)
        assert isinstance(info.value, KeyError)
    with pytest.raises(InputError, match="index"):
        res.proportion("hist", index=7)


# ------------------------------------------------------------------ executors
def test_trials_and_rng_are_keyword_only():
    with pytest.raises(TypeError):
        mc.run(coin_batch, 10, 1)


def test_any_executor_gives_the_same_bytes():
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    kw = dict(trials=50_000, rng=123, batch_size=5_000)
    one = mc.run(coin_batch, **kw)
    with ThreadPoolExecutor(3) as threads, ProcessPoolExecutor(2) as procs:
        by_threads = mc.run(coin_batch, executor=threads, **kw)
        by_procs = mc.run(coin_batch, executor=procs, **kw)
        again = mc.run(coin_batch, executor=procs, **kw)  # the pool outlives a run
        until = mc.run_until(
            coin_batch, "heads", 0.004, max_trials=10**6, rng=3, batch_size=2_000, executor=threads
        )
    for res in (by_threads, by_procs, again):
        assert res["heads"] == one["heads"] and res["hist"].tolist() == one["hist"].tolist()
        assert res.proportion("heads") == one.proportion("heads")
    ref = mc.run_until(coin_batch, "heads", 0.004, max_trials=10**6, rng=3, batch_size=2_000)
    assert (until.trials, until["heads"]) == (ref.trials, ref["heads"])


class _ClientLike:
    """What the engine needs of a Dask Client: ``get_executor()``."""

    def __init__(self, pool):
        self.pool = pool

    def get_executor(self):
        return self.pool


def test_a_client_is_taken_for_its_executor_and_slots_are_read():
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        a = mc.run(coin_batch, trials=3_000, rng=4, batch_size=500, executor=_ClientLike(pool))
        assert mc.check_executor(_ClientLike(pool)) is pool
        assert mc.executor_slots(pool) == 2
    assert a["heads"] == mc.run(coin_batch, trials=3_000, rng=4, batch_size=500)["heads"]


def test_bad_executors_are_refused_in_one_line():
    from concurrent.futures import ThreadPoolExecutor

    with pytest.raises(InputTypeError, match="executor must be a concurrent.futures.Executor"):
        mc.run(coin_batch, trials=10, executor="tcp://127.0.0.1:8786")
    with ThreadPoolExecutor(1) as pool, pytest.raises(InputError, match="workers must be 1"):
        mc.run(coin_batch, trials=10, workers=2, executor=pool)


def failing_batch(rng, n):
    raise RuntimeError("the batch broke")


def test_a_failing_batch_cancels_the_rest():
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool, pytest.raises(RuntimeError, match="batch broke"):
        mc.run(failing_batch, trials=10_000, rng=0, batch_size=10, executor=pool)
