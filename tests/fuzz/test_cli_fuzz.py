"""Every CLI command, with generated argument lists, ends in exit 0 or 2 and in time.

The commands and their options are read from ``dicestats.cli.build_parser()``, so a
command added later is fuzzed without a change here. For each generated argv:

* exit status 0 or 2 (``sweep``: also 1, a failed cell), never an exception out of
  ``main`` and never "Traceback" on stderr;
* on exit 2, exactly one line on stderr;
* an answer within the harness' time bound (``DICESTATS_FUZZ_TIMEOUT``, 20 s), enforced
  by killing the worker process: the failing example names the argv that hung.

The profiles (``DICESTATS_FUZZ=deep`` for the deep one) are described in
:mod:`tests.fuzz.harness`.
"""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .harness import (
    DEEP,
    commands,
    expect,
    fuzz_settings,
    monte_carlo_questions,
    sweep_parameters,
    trial,
)
from .strategies import WEIRD, argv

COMMANDS = commands()
BY_NAME = {c.name: c for c in COMMANDS}
MONTE_CARLO = monte_carlo_questions()
SWEEP = sweep_parameters()


def cheap(cmd: str, words: list[str]) -> list[str]:
    """``words`` made cheap to run where a valid call would legitimately take long."""
    if cmd == "explore":
        # A valid call serves the page until Ctrl-C (the browser test covers that): every
        # example ends with an invalid port, so its argument checks run and no server starts.
        return [*words, "--port", "0"]
    if cmd == "report" and not DEEP:
        # A booklet takes seconds to build: in the quick profile every report example
        # ends with an invalid value, so its argument checks run and the build does not.
        return [*words, "--trials", "0"]
    if cmd == "report":  # deep: the booklet is built, one system's pages, few trials
        extra = [] if any(w.startswith("--systems") for w in words) else ["--systems", "fate"]
        extra += [] if any(w.startswith("--trials") for w in words) else ["--trials", "100"]
        return [*words, "--quiet", *extra]
    if cmd == "sweep":  # exact questions take no trials
        takes_trials = len(words) > 1 and words[1] in MONTE_CARLO
    else:
        takes_trials = any(o.dest == "trials" for o in BY_NAME[cmd].options)
    if not takes_trials or any(w.startswith(("--trials", "--exact")) for w in words):
        return words
    # Monte Carlo runs 100,000 trials by default (per cell in a sweep): seconds each, and
    # up to 20 s for big rounds on a loaded machine (legitimately: the user can lower it).
    n = len(cmd.split())  # after the command's words (``solve initiative``)
    return [*words[:n], "--trials", "100", *words[n:]]


def run(worker, words: list[str]) -> dict:
    """Run ``dicestats words`` in the worker and check the CLI's promises."""
    what = "dicestats " + shlex.join(words)
    ans = worker.call({"kind": "cli", "argv": words}, what)
    err = ans["stderr"]
    expect("tracebacks", ans["error"] is None, f"{what}\n{ans['error']}")
    expect("tracebacks", "Traceback" not in err + ans["stray"], f"{what}\n{err}{ans['stray']}")
    allowed = {0, 1, 2} if words and words[0] == "sweep" else {0, 2}
    assert ans["code"] in allowed, f"{what}: exit {ans['code']}\n{err}"
    if ans["code"] == 2:
        lines = err.splitlines()
        assert len(lines) == 1, f"{what}: exit 2 with {len(lines)} lines on stderr\n{err}"
    return ans


# dask and scheduler start or wait for a Dask cluster (seconds each): deep profile only.
SLOW_OPTIONS = () if DEEP else ("dask", "scheduler")


@pytest.mark.parametrize("cmd", COMMANDS, ids=[c.name for c in COMMANDS])
@fuzz_settings(quick=8, deep=300)
@given(data=st.data())
def test_every_command_ends_cleanly(worker, cmd, data):
    cmd.options = [o for o in cmd.options if o.dest not in SLOW_OPTIONS]
    words = cheap(cmd.name, data.draw(argv(cmd, SWEEP), label="argv"))
    with trial("CLI commands"):
        run(worker, words)


@fuzz_settings(quick=6, deep=100)
@given(
    words=st.lists(
        st.sampled_from(["--version", "-h", "--help", "--json", *WEIRD[:20]]),
        min_size=1,
        max_size=2,
    )
)
def test_words_before_any_command(worker, words):
    with trial("CLI commands"):
        run(worker, words)
