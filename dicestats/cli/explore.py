"""``dicestats explore``: the live explorers as a web page on localhost.

Serves :func:`dicestats.explore.page` with Voilà (:func:`dicestats.explore.app.serve`),
prints the address (with this run's token: the page works only with it), opens a browser
unless ``--no-browser``, and stops on Ctrl-C (exit status 130, as every command stopped by
SIGINT). It listens on 127.0.0.1 unless ``--host`` says otherwise (with a warning). Needs
the ``explore`` extra; Voilà is imported by the server's own process
(:mod:`dicestats.explore.server`), so ``dicestats --help`` stays light.
"""

from __future__ import annotations

import sys

from ..explore.app import DEFAULT_PORT, IDLE_TIMEOUT, MAX_PAGES
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
            "dicestats command and Python call. The printed address holds this run's token: "
            "the page works only with it. Each open page runs a Python kernel (about 200 MB), "
            "stopped once its page has been closed for --idle seconds. Ctrl-C stops the server."
        ),
    )
    p.add_argument(
        "--port",
        type=int_arg,
        default=DEFAULT_PORT,
        help=f"port on 127.0.0.1 (1..65535; default {DEFAULT_PORT})",
    )
    p.add_argument(
        "--host",
        default=None,
        help="listen on this address instead of 127.0.0.1 (anyone who reaches the port and "
        "has the printed address, token included, can use the page)",
    )
    p.add_argument(
        "--idle",
        type=int_arg,
        default=IDLE_TIMEOUT,
        help="seconds a closed page's kernel is kept before it is stopped "
        f"(default {IDLE_TIMEOUT})",
    )
    p.add_argument(
        "--max-pages",
        type=int_arg,
        default=MAX_PAGES,
        help=f"pages served at once, each a kernel of about 200 MB (default {MAX_PAGES})",
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

    host = "127.0.0.1" if args.host is None else args.host
    warned = host in ("127.0.0.1", "localhost", "::1")

    def echo(line: str) -> None:
        # the warning once the server has taken its arguments (a refused port is one line)
        nonlocal warned
        if not warned:
            warned = True
            print(
                f"dicestats explore: warning: listening on {host}: anyone who can reach this "
                "port and has the address with its token can use the page",
                file=sys.stderr,
            )
        print(line, flush=True)

    try:
        status = serve(
            args.port,
            host=host,
            open_browser=args.browser,
            echo=echo,
            idle=args.idle,
            max_pages=args.max_pages,
        )
    except RuntimeError as exc:
        raise CLIError(str(exc)) from None
    print(f"dicestats explore: the server stopped (status {status})", file=sys.stderr)
    return 0 if status == 0 else 1
