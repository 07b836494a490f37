"""``dicestats explore``: the live explorers as a web page on localhost.

Serves :func:`dicestats.explore.page` with Voilà (:func:`dicestats.explore.app.serve`),
prints the address, opens a browser unless ``--no-browser``, and stops on Ctrl-C (exit
status 130, as every command stopped by SIGINT). Needs the ``explore`` extra; ipywidgets
and Voilà are imported when the command runs (``dicestats --help`` stays light).
"""

from __future__ import annotations

import sys

from ..explore.app import DEFAULT_PORT
from . import CLIError
from ._common import int_arg

__all__ = ["register"]


def register(subparsers) -> None:
    """Add the ``explore`` sub-command."""
    p = subparsers.add_parser(
        "explore",
        help="live odds explorers (Storyteller, Fate, initiative, compare) as a local web page",
        description=(
            "Serve the live explorers on http://127.0.0.1:PORT/ (Voila; no internet needed): "
            "move a control and the odds, chart and table re-draw, with the equivalent "
            "dicestats command and Python call. Ctrl-C stops the server."
        ),
    )
    p.add_argument(
        "--port",
        type=int_arg,
        default=DEFAULT_PORT,
        help=f"port on 127.0.0.1 (1..65535; default {DEFAULT_PORT})",
    )
    p.add_argument(
        "--no-browser",
        dest="browser",
        action="store_false",
        help="do not open a browser (print the address only)",
    )
    p.set_defaults(func=_cmd_explore)


def _cmd_explore(args) -> int:
    from ..explore.app import serve

    try:
        status = serve(
            args.port, open_browser=args.browser, echo=lambda line: print(line, flush=True)
        )
    except RuntimeError as exc:
        raise CLIError(str(exc)) from None
    print(f"dicestats explore: the server stopped (status {status})", file=sys.stderr)
    return 0 if status == 0 else 1
