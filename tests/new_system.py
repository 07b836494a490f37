"""A small dice system written from scratch, as a contributor adds one: one package, one line.

:func:`write_package` writes the package ``dicestats.yz`` (a Year Zero pool: roll d6, each
6 a success) into a folder, and its rules page; :func:`register` puts it on the package's
path and adds its one registry line. ``tests/test_adding_a_system.py`` then checks that the
command line, sweeps, the contract test, the booklet and the docs' limits table pick it up
with nothing else edited; as a pytest plugin (``-p tests.new_system``, the folder in
``DICESTATS_NEW_SYSTEM``) it registers the system before the contract test collects.
"""

from __future__ import annotations

import os
from pathlib import Path

NAME = "yz"

FILES = {
    "__init__.py": '''
"""A Year Zero pool: roll d6, each 6 a success (a system written for the tests)."""

from ..core.lazy import lazy_package

__getattr__, __dir__, __all__ = lazy_package(
    __name__, {"questions": ("pool",), "rules": ("Rules",), "limits": ("LIMITS",)}
)
''',
    "rules.py": '''
"""The rules of a Year Zero pool."""

from dataclasses import dataclass

from ..core.checks import check_int


@dataclass(frozen=True)
class Rules:
    """A Year Zero pool's rules.

    Parameters
    ----------
    success : int, default 6
        The face a die must show (or beat) to succeed.
    """

    success: int = 6

    def __post_init__(self):
        check_int("success", self.success, 2, 6)
''',
    "limits.py": '''
"""The caps of a Year Zero pool."""

from ..core.limits import Limit, Limits

LIMITS = Limits(
    Limit("dice", 1, 100, why="a pool beyond any character's"),
    Limit("need", 1, 100, why="successes a task may need"),
)
''',
    "questions.py": '''
"""The Year Zero pool's one question."""

from ..core.question import Sample, Setup, question
from .limits import LIMITS
from .rules import Rules


@question(
    result="pools:Pool",
    compute="pools",
    montecarlo="pools",
    headline=("p_success", "mean_successes"),
    samples=(
        Sample("4 dice", (4,)),
        Sample("6 dice, 2 successes", (6,), {"need": 2}, bad=({"need": 0},)),
        Sample("3 dice, 5+ succeeds", (3, Rules(success=5)), bad=({"dice": 0},)),
        Sample("10 dice, 3 successes", (10,), {"need": 3}),
    ),
)
def pool(dice: int, rules: Rules = Rules(), *, need: int = 1, method):
    """The chance that ``dice`` d6 show at least ``need`` successes (one die: 16.7%).

    Parameters
    ----------
    dice : int
        The pool (1..100).
    rules : Rules
        The rules (the face that succeeds).
    need : int, default 1
        Successes needed (1..100; 100% of rolls show 0 or more).

    Examples
    --------
    >>> pool(1, exact=True).p_success
    Fraction(1, 6)
    """
    return Setup(dice=LIMITS["dice"].check(dice), need=LIMITS["need"].check(need), rules=rules)
''',
    "pools.py": '''
"""A Year Zero pool, computed and simulated."""

from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from ..core.results import Result


@dataclass(frozen=True)
class Pool(Result):
    """The odds of one pool."""

    dice: int
    need: int
    p_success: object
    mean_successes: object
    exact: bool
    trials: int | None = None


def compute_pool(s, exact):
    p = Fraction(7 - s.rules.success, 6)
    if not exact:
        p = float(p)
    tail = sum(comb(s.dice, k) * p**k * (1 - p) ** (s.dice - k) for k in range(s.need, s.dice + 1))
    return Pool(s.dice, s.need, tail, s.dice * p, exact)


def batch_pool(s):
    return _Roll(s.dice, s.need, s.rules.success)


class _Roll:
    def __init__(self, dice, need, success):
        self.dice, self.need, self.success = dice, need, success

    def __call__(self, rng, n):
        hits = (rng.integers(1, 7, size=(n, self.dice)) >= self.success).sum(axis=1)
        return {"ok": int(np.count_nonzero(hits >= self.need)), "hits": int(hits.sum()),
                "hits_sq": int((hits * hits).sum())}


def reduce_pool(s, res):
    return Pool(s.dice, s.need, res.proportion("ok"), res.mean("hits"), False, res.trials)
''',
}

DOC = "# Year Zero test pool\n\nRoll d6; each 6 succeeds.\n\n## Limits\n\n{table}\n"


def write_package(folder: Path) -> Path:
    """The package ``yz`` in ``folder`` (a folder to add to ``dicestats.__path__``)."""
    pkg = folder / NAME
    pkg.mkdir(parents=True, exist_ok=True)
    for name, text in FILES.items():
        (pkg / name).write_text(text.lstrip(), encoding="utf-8")
    return pkg


def register(folder: Path):
    """Put ``folder`` on ``dicestats``'s path and add the system's one registry line; returns
    the registered :class:`~dicestats.registry.System`. Writes its rules page's limits table
    from its ``LIMITS``, as ``scripts/make_limits_tables.py`` does."""
    import dicestats
    from dicestats import registry
    from dicestats.format import limits_table

    if str(folder) not in dicestats.__path__:
        dicestats.__path__.append(str(folder))
    doc = folder / f"{NAME}.md"
    system = registry.System(NAME, "Year Zero test pool", "roll d6, each 6 a success", str(doc))
    registry._SYSTEMS = (*registry._SYSTEMS, system)
    doc.write_text(DOC.format(table=limits_table(system.package.LIMITS)), encoding="utf-8")
    return system


def pytest_configure(config):  # a plugin: -p tests.new_system, the folder in the environment
    folder = os.environ.get("DICESTATS_NEW_SYSTEM")
    if folder:
        register(Path(folder))
