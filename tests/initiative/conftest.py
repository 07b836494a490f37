"""Fixtures of the initiative tests: exact answers that several modules compare against."""

from __future__ import annotations

import pytest

from dicestats import initiative as ini


@pytest.fixture(scope="session")
def exact_defence():
    """:func:`dicestats.initiative.defence` answered exactly, once per setup in a session:
    the enumeration is what costs, and the API's tests and the command's compare their
    Monte Carlo with the same one. Keyword values must be hashable."""
    answers = {}

    def answer(a, b, **kw):
        key = (tuple(a), tuple(b), tuple(sorted(kw.items())))
        if key not in answers:
            answers[key] = ini.defence(a, b, **kw)
        return answers[key]

    return answer
