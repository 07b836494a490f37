"""The ``dicestats`` command line.

Each registered dice system (:func:`dicestats.systems`) adds its own
sub-commands from the module of this package named after it (``fate``,
``storyteller``, ``initiative``), then ``report`` adds the booklet; this module
owns the parser, the error policy and nothing else:

* bad input is one line on stderr and exit status 2, never a traceback;
* every command prints a readable table by default and JSON with ``--json``.

Examples
--------
>>> main(["--version"])
dicestats 0.1.0
0
"""

from __future__ import annotations

import argparse
import importlib
import sys

__all__ = ["main", "build_parser", "CLIError"]



class CLIError(Exception):
    """A user error detected by a command: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit status 2."""

    def error(self, message):  # noqa: D102 - argparse API
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The full ``dicestats`` argument parser."""
    parser = _Parser(
        prog="dicestats",
        description="Exact odds and honest Monte Carlo for tabletop dice mechanics.",
    )
    from .. import __version__

    parser.add_argument("--version", action="version", version=f"dicestats {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    from ..registry import systems

    for system in systems():
        system.register_commands(sub)
    importlib.import_module(".report", __name__).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the CLI with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return int(exc.code or 0)
    if getattr(args, "func", None) is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.func(args) or 0)
    except (CLIError, ValueError, TypeError) as exc:
        msg = " ".join(str(exc).split())
        print(f"dicestats {args.command}: error: {msg}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("dicestats: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``dicestats table | head``): not an error of ours.
        # Point stdout at devnull so the interpreter's final flush stays quiet.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
