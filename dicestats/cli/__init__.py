"""The ``dicestats`` command line.

Each registered dice system (:func:`dicestats.systems`) adds its own
sub-commands from the module of this package named after it (``fate``,
``storyteller``, ``initiative``), then ``report`` adds the booklet; this module
owns the parser, the error policy and nothing else:

* bad input is one line on stderr and exit status 2, never a traceback;
* every command prints a readable table by default and JSON with ``--json``;
* a command stopped by SIGINT, SIGTERM or SIGHUP (where it takes them over, as
  the booklet does to remove its temporary file) prints one line and exits with
  ``128 + signal``: 130, 143, 129;
* bare ``dicestats`` (no command) follows git's convention: the short usage
  and the list of commands, one line each, rather than the full help. As a
  usage error of this CLI it goes to stderr with exit status 2 (git uses
  stdout and 1; POSIX utilities and argparse use 2 for usage errors, and so
  does every other usage error here). ``dicestats --help`` prints the full
  help on stdout with exit status 0.

Examples
--------
>>> main(["--version"])
dicestats 0.1.0
0
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys

__all__ = ["main", "build_parser", "CLIError"]


class CLIError(Exception):
    """A user error detected by a command: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit status 2."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # argparse takes "-1e-3", "-inf" or "-1_000" for an unknown option, so that
        # "--bonus -inf" said "expected one argument". No option here starts with a digit,
        # so every word that starts like a negative number is a value, for its parser
        # to read or refuse (as Python 3.13's argparse does for "-1e-3").
        self._negative_number_matcher = re.compile(r"^-(?:\.?\d|inf|nan)", re.IGNORECASE)

    def error(self, message):  # noqa: D102 - argparse API
        # argparse echoes words as typed ("unrecognized arguments: a<newline>b"): escape
        # what is not printable, so that the error stays one line
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
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
    importlib.import_module(".sweep", __name__).register(sub)
    importlib.import_module(".workbench", __name__).register(sub)
    importlib.import_module(".compare", __name__).register(sub)
    importlib.import_module(".explore", __name__).register(sub)
    parser.set_defaults(_commands=sub)
    return parser


def short_help(parser: argparse.ArgumentParser) -> str:
    """The usage line and one line per command: what bare ``dicestats`` prints.

    Examples
    --------
    >>> text = short_help(build_parser())
    >>> text.splitlines()[0], "  report " in text
    ('usage: dicestats [-h] [--version] COMMAND ...', True)
    """
    sub = parser.get_default("_commands")
    rows = [(a.dest, " ".join((a.help or "").split())) for a in sub._choices_actions]
    width = max(len(name) for name, _ in rows)
    lines = [parser.format_usage().strip(), "", "commands:"]
    lines += [f"  {name:<{width}}  {text}" for name, text in rows]
    lines += ["", f"'{parser.prog} COMMAND --help' shows a command's options."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Run the CLI with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return int(exc.code or 0)
    if getattr(args, "func", None) is None:  # bare dicestats: see the module docstring
        sys.stderr.write(short_help(parser))
        return 2
    try:
        return int(args.func(args) or 0)
    except (CLIError, ValueError, TypeError) as exc:
        msg = " ".join(str(exc).split())
        print(f"dicestats {args.command}: error: {msg}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:  # Ctrl-C, or a signal taken over (core.files)
        status = getattr(exc, "exit_status", 130)
        print(f"dicestats {args.command}: {exc or 'interrupted'}", file=sys.stderr)
        return status
    except BrokenPipeError:
        # The reader went away (``dicestats table | head``): not an error of ours.
        # Point stdout at devnull so the interpreter's final flush stays quiet.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
