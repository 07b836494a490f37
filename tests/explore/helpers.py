"""Helpers of the explorer tests: read a figure off the page, set controls as a person
would, and run the command and the Python call an explorer shows."""

from __future__ import annotations

import json
import re
import shlex

from dicestats.cli import main


def shown(ex, key: str) -> str:
    """The text of the headline figure ``key`` on the page."""
    m = re.search(rf'class="ds-{key}">([^<]*)<', ex.summary.value)
    assert m, f"{key} is not on show"
    return m.group(1)


def set_controls(ex, **values):
    with ex.muted():
        for name, v in values.items():
            ex.controls[name].value = v
    ex.refresh()


def run_cli(cmd: str, capsys) -> dict:
    argv = shlex.split(cmd)
    assert argv[0] == "dicestats"
    capsys.readouterr()
    assert main([*argv[1:], "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def run_python(code: str):
    ns: dict = {}
    *setup, last = code.splitlines()
    exec("\n".join(setup), ns)
    return eval(last, ns)
