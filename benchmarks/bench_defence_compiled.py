"""Benchmark: what a compiled loop per fight would give defence and holding (issue 28's goal).

Issue 28 asks each row of its table within 10× ``simulate`` (the order-only Monte Carlo of
one round). This script measures, in one run of one process, on the same setting (3
heroes of swiftness 3 against 3 foes of swiftness 2, ``--rounds`` fights; CPU seconds,
each call alternated with ``simulate`` as in ``bench_defence.py``, ``--repeat`` pairs):

* ``simulate``: ``initiative.odds`` (who acts when, one round);
* **numpy**: ``initiative.defence`` as shipped (the fast engine, ``VectorEngine``);
* **compiled loop**: the same work written as a loop over fights in `Numba
  <https://numba.pydata.org>`_ (not a dependency of dicestats: ``benchmarks/setup.sh``
  installs it in the benchmark venv). It draws the dice, sorts each participant's, and
  plays every action of every round in turn: the highest die acts (more dice of its value
  first, then the higher roll, then a coin), holding by ``defend`` and ``after-enemy``
  (the everyone-held rule included), each foe's action an attack on a random hero,
  answered by its target with its highest die (slow below the attack's) and, while the
  attack is not answered at full speed, by the companion with the highest die as high
  as the attack's.

The loop is given its best case: a three-instruction generator (xorshift64*, not a
statistical one; Numba's ``np.random`` costs about 30% more here), only five sums kept
(no order statistics, no per-fight counters), and the order within a tier taken again
at every action (the rules' ``order="action"``; dicestats' default settles a tier once).
So it does less than the engine, and its figures are close to the engine's but not
equal: the script prints both (responses and target responses per round), to show the
two play comparable rounds. It is a measurement of the goal, not a second engine.

Run by hand (never from the test suite), after ``benchmarks/setup.sh``::

    benchmarks/.venv/bin/python benchmarks/bench_defence_compiled.py [--rounds 200000]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

import numpy as np
from bench_defence import FOES, HEROES, ROWS, paired

from dicestats import initiative as ini

try:
    import numba as nb
except ImportError:  # pragma: no cover - a hand-run script
    sys.exit("bench_defence_compiled.py needs Numba: run benchmarks/setup.sh first")

NEVER, DEFEND, AFTER_ENEMY = 0, 1, 3


@nb.njit(cache=True, inline="always")
def _draw(state, k):
    """A number in 0..k-1 from the xorshift64* generator ``state`` (one cell)."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return np.int64(((x * np.uint64(2685821657736338717)) >> np.uint64(33)) % np.uint64(k))


@nb.njit(cache=True, inline="always")
def _top(dice, ptr, sw, held, nheld, p):
    """Participant ``p``'s highest unheld die and highest held die (0: none)."""
    u = dice[p, ptr[p]] if ptr[p] < sw[p] else 0
    h = held[p, nheld[p] - 1] if nheld[p] > 0 else 0
    return u, h


@nb.njit(cache=True, inline="always")
def _spend(dice, ptr, sw, held, nheld, p):
    """Participant ``p`` spends its highest die (a held one first among equals); its value."""
    u, h = _top(dice, ptr, sw, held, nheld, p)
    if h >= u:
        nheld[p] -= 1
        return h
    ptr[p] += 1
    return u


@nb.njit(cache=True)
def fights(seed, n, sw, side, policy, rounds):  # noqa: C901 - one fight's rules, in order
    """Play ``n`` fights; the sums (attacks, responses, slow, target responses, all held)."""
    state = np.full(1, np.uint64(seed * 2654435761 + 1))
    P, S = sw.size, 8
    dice = np.zeros((P, S), np.int64)
    held = np.zeros((P, S), np.int64)  # held dice, ascending: the last is the highest
    ptr, nheld, roll = np.zeros(P, np.int64), np.zeros(P, np.int64), np.zeros(P, np.int64)
    ever = np.zeros(P, np.bool_)
    heroes = np.flatnonzero(side == 0)
    out = np.zeros(5, np.int64)
    for _ in range(n):
        forbid = False
        for _r in range(rounds):
            for p in range(P):  # roll, sort high to low, and pack the roll (its rank)
                for i in range(sw[p]):
                    v = 1 + _draw(state, 6)
                    j = i
                    while j > 0 and dice[p, j - 1] < v:
                        dice[p, j] = dice[p, j - 1]
                        j -= 1
                    dice[p, j] = v
                ptr[p], nheld[p], ever[p], roll[p] = 0, 0, False, 0
                for i in range(sw[p]):
                    roll[p] += np.int64(1) << (4 * (dice[p, i] - 1))
            acted = sa0 = sa1 = False
            while True:
                actor, best, count, rank, ties = -1, 0, 0, 0, 0
                for p in range(P):  # the highest die; more dice of it; the higher roll; a coin
                    if ptr[p] >= sw[p] or dice[p, ptr[p]] < best:
                        continue
                    v, c = dice[p, ptr[p]], 1
                    while ptr[p] + c < sw[p] and dice[p, ptr[p] + c] == v:
                        c += 1
                    if v > best or c > count or (c == count and roll[p] > rank):
                        actor, best, count, rank, ties = p, v, c, roll[p], 1
                    elif c == count and roll[p] == rank:
                        ties += 1
                        if _draw(state, ties) == 0:
                            actor = p
                from_hold = False
                for p in range(P):  # a holder that acts now
                    if nheld[p] > 0:
                        enemy = sa1 if side[p] == 0 else sa0
                        if (policy[p] == AFTER_ENEMY and enemy) or (
                            policy[p] == DEFEND and best == 0
                        ):
                            actor, from_hold = p, True
                            break
                if actor < 0:
                    break
                if from_hold:
                    nheld[actor] -= 1
                    value = held[actor, nheld[actor]]
                else:
                    value = dice[actor, ptr[actor]]
                    ptr[actor] += 1
                    enemy = sa1 if side[actor] == 0 else sa0
                    if not forbid and (
                        (policy[actor] == DEFEND and not ever[actor])
                        or (policy[actor] == AFTER_ENEMY and not enemy)
                    ):
                        j = nheld[actor]  # hold it, kept in order
                        while j > 0 and held[actor, j - 1] > value:
                            held[actor, j] = held[actor, j - 1]
                            j -= 1
                        held[actor, j] = value
                        nheld[actor] += 1
                        ever[actor] = True
                        continue
                acted = True
                if side[actor] == 0:
                    sa0 = True
                    continue
                sa1 = True
                t = heroes[_draw(state, heroes.size)]  # an attack on a random hero
                out[0] += 1
                full = False
                u, h = _top(dice, ptr, sw, held, nheld, t)
                if max(u, h) > 0:
                    answer = _spend(dice, ptr, sw, held, nheld, t)
                    out[1] += 1
                    out[3] += 1
                    full = answer >= value
                    out[2] += max(value - answer, 0)
                if not full:  # the companion with the highest die as high as the attack's
                    mate, mate_top = -1, 0
                    for x in range(P):
                        if x != t and side[x] == side[t]:
                            u, h = _top(dice, ptr, sw, held, nheld, x)
                            if max(u, h) >= value and max(u, h) > mate_top:
                                mate, mate_top = x, max(u, h)
                    if mate >= 0:
                        _spend(dice, ptr, sw, held, nheld, mate)
                        out[1] += 1
            out[4] += not acted
            forbid = not acted
    return out


def policies(kw) -> np.ndarray:
    """The loop's policy of each participant for a row's keywords."""
    code = {"never": NEVER, "defend": DEFEND, "after-enemy": AFTER_ENEMY}
    heroes = [code[kw.get("hold", "never")]] * len(HEROES)
    return np.array(heroes + [code[kw.get("versus_hold", "never")]] * len(FOES))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    n, rep = args.rounds, args.repeat
    print(f"# {platform.python_version()}, numba {nb.__version__}, {os.cpu_count()} cpus,", end="")
    print(f" load {os.getloadavg()[0]:.1f}; {HEROES} vs {FOES}, {n:,} fights,", end="")
    print(f" {rep} runs of each call\n")
    sw, side = np.array(HEROES + FOES), np.array([0] * len(HEROES) + [1] * len(FOES))
    t = time.perf_counter()
    fights(1, 10, sw, side, policies(ROWS[-1][1]), 3)
    print(f"The loop's compilation (or load from Numba's cache): {time.perf_counter() - t:.2f} s\n")

    def sim():
        return ini.odds(HEROES, FOES, trials=n, rng=1, progress=False)

    sim()  # warm up
    print("CPU seconds, medians of runs alternated with `simulate`'s; × `simulate`: the ratio")
    print("of medians; per round: responses / target's responses, numpy engine | loop\n")
    print("| call | numpy | × `simulate` | compiled loop | × `simulate` | numpy / loop ", end="")
    print("| per round |\n|---|---:|---:|---:|---:|---:|---|")
    sims = []
    for label, kw in ROWS:
        pol, rounds = policies(kw), kw.get("rounds", 1)

        def numpy_run(kw=kw):
            return ini.defence(HEROES, FOES, trials=n, rng=1, progress=False, **kw)

        def loop_run(pol=pol, rounds=rounds):
            return fights(2, n, sw, side, pol, rounds)

        numpy_run()  # warm up
        a, xa, _, d, s1 = paired(rep, numpy_run, sim)
        b, xb, _, o, s2 = paired(rep, loop_run, sim)
        sims += s1 + s2
        attacks = d.mean_attacks.value
        resp = attacks * sum(k * e.value for k, e in d.responses.items())
        target = attacks * d.p_target_responds.value
        per = n * rounds  # the loop's sums per round, as the engine's means
        figures = f"{resp:.2f} / {target:.2f} \\| {o[1] / per:.2f} / {o[3] / per:.2f}"
        print(
            f"| {label} | {a:.3f} s | {xa:.0f} | {b:.3f} s | {xb:.0f} | {a / b:.1f} | {figures} |"
        )
    lo, med, hi = min(sims), statistics.median(sims), max(sims)
    print(f"\n`simulate`'s {len(sims)} runs: {lo:.3f} s to {hi:.3f} s, median {med:.3f} s")


if __name__ == "__main__":
    main()
