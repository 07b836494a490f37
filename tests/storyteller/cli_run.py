"""Running a CLI command in the Storyteller tests: exit status, stdout, stderr."""

from __future__ import annotations

import json

from dicestats.cli import main


def run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def run_json(argv, capsys):
    code, out, err = run(argv, capsys)
    assert code == 0, err
    return json.loads(out)
