"""A Dask LocalCluster (two worker processes) gives the bytes of ``workers=1``, even losing one.

The cluster is started once for these tests (``conftest.dask_client``) and closed after.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from functools import partial

import numpy as np
import pandas as pd
import pytest

from dicestats import initiative
from dicestats.cli import main
from dicestats.core import montecarlo as mc
from dicestats.sweep import sweep

from .helpers import COIN, coin_batch

pytest.importorskip("distributed")


def same_totals(a, b) -> bool:
    if a.trials != b.trials or sorted(a.totals) != sorted(b.totals):
        return False
    for k, v in a.totals.items():
        w = b.totals[k]
        if isinstance(v, np.ndarray) or isinstance(w, np.ndarray):
            if not (np.asarray(v).dtype == np.asarray(w).dtype and np.array_equal(v, w)):
                return False
        elif type(v) is not type(w) or v != w:
            return False
    return True


def test_an_initiative_simulation_on_the_cluster_is_byte_identical(dask_client):
    kw = dict(trials=300_000, rng=5, pips=[1, 0])
    ref = initiative.odds([3, 3], [2, 2, 2], **kw)
    got = initiative.odds([3, 3], [2, 2, 2], executor=dask_client, **kw)
    assert got.as_dict() == ref.as_dict()
    assert same_totals(got.raw, ref.raw)


def test_a_sweep_on_the_cluster_is_byte_identical(dask_client, tmp_path):
    kw = dict(swiftness=[1, 2], versus=[1, [2, 2]], pips=[0, 2], trials=20_000, rng=7)
    ref = sweep("initiative", out=tmp_path / "one.parquet", **kw)
    got = sweep("initiative", out=tmp_path / "dask.parquet", executor=dask_client, **kw)
    pd.testing.assert_frame_equal(got, ref)
    assert (tmp_path / "dask.parquet").read_bytes() == (tmp_path / "one.parquet").read_bytes()
    # a question taking executor=: cells run here, their batches on the cluster
    coins = dict(p=[0.1, 0.5], trials=5_000, rng=2)
    pd.testing.assert_frame_equal(sweep(COIN, executor=dask_client, **coins), sweep(COIN, **coins))


def test_the_cli_runs_on_a_scheduler(dask_client, tmp_path, capsys):
    argv = ["sweep", "initiative", "--swiftness", "1-2", "--vs", "2", "--trials", "5000"]
    argv += ["--seed", "4", "--quiet"]
    assert main([*argv, "--out", str(tmp_path / "a.csv")]) == 0
    address = dask_client.scheduler.address
    assert main([*argv, "--scheduler", address, "--out", str(tmp_path / "b.csv")]) == 0
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()


def test_a_lost_worker_changes_nothing(dask_client):
    """Kill a worker process mid-run: its batches are computed again, the sums are the same."""
    kw = dict(trials=40 * 500, rng=11, batch_size=500)
    ref = mc.run(partial(coin_batch, p=0.3), **kw)
    before = dask_client.run(os.getpid)
    out = {}

    def work():
        out["res"] = mc.run(partial(coin_batch, p=0.3, delay=0.1), executor=dask_client, **kw)

    thread = threading.Thread(target=work)
    thread.start()
    time.sleep(0.6)  # a few batches done, others running on both workers
    assert thread.is_alive()
    victim = sorted(before.values())[0]
    os.kill(victim, signal.SIGKILL)
    thread.join(timeout=120)
    assert not thread.is_alive() and same_totals(out["res"], ref)
    deadline = time.monotonic() + 30  # the nanny starts a new worker
    while time.monotonic() < deadline and len(dask_client.scheduler_info()["workers"]) < 2:
        time.sleep(0.1)
    assert victim not in dask_client.run(os.getpid).values()
