"""Limits as data: what a system caps, at what, and why (each system's ``LIMITS``).

A limit is a **range** on one parameter (``dice`` in 1..1000: :meth:`Limit.check`) or a
**work cap** on a product of parameters (exact ``dice × rolls`` at most 200,000:
:meth:`Limit.check_work` names the parameter to lower and how far).

Examples
--------
>>> LIMITS = Limits(
...     Limit("dice", 1, 1000, why="a pool bigger than any table"),
...     Limit("dice × rolls", hi=200_000, when="exact",
...           why="exact numerators grow with dice and rolls", instead="use exact=False"),
... )
>>> LIMITS["dice"].check(12)
12
>>> LIMITS["dice"].help
'1..1000'
>>> LIMITS["dice × rolls"].check_work(1000 * 300, name="rolls", value=300, per=1000,
...                                     per_name="dice")
Traceback (most recent call last):
...
dicestats.InputError: rolls must be at most 200 in exact mode with 1000 dice, got 300 \
(dice × rolls <= 200,000: exact numerators grow with dice and rolls); use exact=False
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from .checks import (
    _range_text,
    check_int,
    check_real,
    int_range_text,
    refuse,
)

__all__ = ["Limit", "Limits"]

_WHEN = {"": "", "exact": " in exact mode", "float": " in float mode"}


@dataclass(frozen=True)
class Limit:
    """One capped quantity.

    Attributes
    ----------
    name : str
        The parameter (``"dice"``) or the product of parameters
        (``"dice × rolls"``) the limit bounds; the key in :class:`Limits`.
    lo, hi : int or float or None
        Inclusive bounds (``None``: unbounded on that side).
    why : str
        Why the limit exists, in a few words (printed in refusals and docs).
    when : {"", "exact", "float"}
        Whether the limit applies always, in exact mode only or in float mode only.
    instead : str
        What to do when it is exceeded (``"use exact=False"``).
    real : bool
        True for a real-valued parameter (a probability, a point value).
    """

    name: str
    lo: int | float | None = None
    hi: int | float | None = None
    why: str = ""
    when: str = ""
    instead: str = ""
    real: bool = False

    def __post_init__(self):
        if self.when not in _WHEN:
            raise ValueError(f"when must be one of {tuple(_WHEN)}, got {self.when!r}")

    @property
    def help(self) -> str:
        """The range for help text, as refusals word it: ``'1..1000'``, ``'<= 200,000'``."""
        return _range_text(self.lo, self.hi) or "any"

    def applies(self, exact: bool) -> bool:
        """Whether the limit is in force in exact (True) or float (False) mode."""
        return self.when == "" or (self.when == "exact") == bool(exact)

    def check(self, value, *, name: str | None = None, exact: bool | None = None):
        """Return ``value`` (an ``int``, or a ``float`` for a real limit) if it is in range.

        ``name`` is the parameter as the caller spells it (default: the limit's
        name); ``exact`` skips a limit that does not apply to that mode.
        """
        name = self.name if name is None else name
        if exact is not None and not self.applies(exact):
            return check_real(name, value) if self.real else check_int(name, value)
        if self.real:
            return check_real(name, value, self.lo, self.hi)
        if not self.why and not self.when:  # a plain range: its words in every refusal
            return check_int(name, value, self.lo, self.hi)
        v = check_int(name, value)
        if self.lo is not None and v < self.lo and self.hi is not None:
            # the reason explains the cap (as in check_int): a value below the range is told
            # the range only, never judged by words about the other end ("0 dice ... far
            # beyond any pool")
            raise refuse(name, int_range_text(self.lo, self.hi) + _WHEN[self.when], v)
        if self.hi is not None and v > self.hi:
            raise refuse(
                name,
                int_range_text(self.lo, self.hi) + _WHEN[self.when],
                v,
                why=self.why or None,
                instead=self.instead or None,
            )
        return v

    def check_work(
        self,
        work: int,
        *,
        name: str,
        value,
        per: int | None = None,
        per_name: str | None = None,
        exact: bool | None = None,
    ) -> None:
        """Refuse when ``work`` (the product this limit caps) exceeds ``hi``.

        The refusal names ``name`` (the parameter to lower) and, when the work
        is ``value × per``, the largest allowed ``value`` given ``per``.
        """
        if exact is not None and not self.applies(exact):
            return
        if work <= self.hi:
            return
        if per:
            most = max(int(self.hi // per), 1)
            allowed = f"at most {most}{_WHEN[self.when]} with {per} {per_name}"
            why = f"{self.name} <= {self.hi:,}"
        else:
            allowed = f"small enough that {self.name} <= {self.hi:,}{_WHEN[self.when]}"
            why = f"{self.name} = {work:,}"
        why += f": {self.why}" if self.why else ""
        raise refuse(name, allowed, value, why=why, instead=self.instead or None)

    def most(self, work) -> int:
        """The largest ``n >= 0`` whose ``work(n)``, growing with ``n``, is at most ``hi``.

        >>> Limit("steps × 3", hi=100).most(lambda n: 3 * n)
        33
        """
        lo, hi = 0, 1
        while work(hi) <= self.hi:
            lo, hi = hi, 2 * hi
        while hi - lo > 1:  # work(lo) fits, work(hi) does not
            mid = (lo + hi) // 2
            lo, hi = (mid, hi) if work(mid) <= self.hi else (lo, mid)
        return lo


class Limits(Mapping):
    """A system's table of limits, keyed by :attr:`Limit.name` (read-only).

    Examples
    --------
    >>> t = Limits(Limit("dice", 1, 10, why="a sample"))
    >>> list(t), t["dice"].hi
    (['dice'], 10)
    >>> t.rows()[0]["allowed"]
    '1..10'
    """

    def __init__(self, *limits: Limit):
        self._by_name = {}
        for lim in limits:
            if lim.name in self._by_name:
                raise ValueError(f"two limits named {lim.name!r}")
            self._by_name[lim.name] = lim

    def __getitem__(self, name: str) -> Limit:
        return self._by_name[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)

    def __repr__(self) -> str:
        return f"Limits({', '.join(repr(v) for v in self._by_name.values())})"

    def rows(self) -> list[dict]:
        """One dict per limit (``what``, ``allowed``, ``when``, ``why``): for docs and help."""
        return [
            {"what": lim.name, "allowed": lim.help, "when": lim.when or "always", "why": lim.why}
            for lim in self._by_name.values()
        ]
