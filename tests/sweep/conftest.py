"""A Dask LocalCluster of two worker processes, started once for the sweep tests."""

from __future__ import annotations

import logging

import pytest

from . import helpers  # noqa: F401  (registers the test questions)


@pytest.fixture(scope="package")
def dask_client():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    client = distributed.Client(cluster, set_as_default=False)
    try:
        yield client
    finally:
        client.close()
        cluster.close()
