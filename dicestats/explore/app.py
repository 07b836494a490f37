"""Every registered system's explorer on one page (:func:`page`), served on 127.0.0.1 by Voilà
from a temporary one-cell notebook (:func:`serve`, in :mod:`~dicestats.explore.server`'s process;
no internet needed)."""

from __future__ import annotations

import contextlib
import errno
import importlib
import importlib.util
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading

__all__ = ["page", "explorer", "serve", "port_free", "DEFAULT_PORT", "IDLE_TIMEOUT", "MAX_PAGES"]

#: Voilà's own default port.
DEFAULT_PORT = 8866
#: How long the server may take to stop (kernels shut down) before it is killed.
STOP_TIMEOUT = 25.0
#: Seconds a page's kernel may stay idle, its page closed, before it is stopped.
IDLE_TIMEOUT = 300
#: Pages (kernels, ~200 MB each) served at once.
MAX_PAGES = 8


def explorer(system):
    """The explorer of a registered system (a name or a :class:`~dicestats.registry.System`):
    its own, ``dicestats.explore.<name>_ui.<name>()``, where this package has one; else
    :func:`~dicestats.explore.generic` of its declared questions.

    Examples
    --------
    >>> type(explorer("storyteller")).__name__
    'StorytellerExplorer'
    """
    from ..registry import system as find

    s = find(system) if isinstance(system, str) else system
    own = f"{__package__}.{s.name}_ui"
    if importlib.util.find_spec(own) is not None:
        return getattr(importlib.import_module(own), s.name)()
    from .generic_ui import generic

    return generic(s)


def _tab(system) -> tuple:
    """``(title, name, make)`` of a registered system's tab, without making its explorer
    (see :func:`explorer`)."""
    from .base import Explorer
    from .generic_ui import generic, tab_title

    own = f"{__package__}.{system.name}_ui"
    if importlib.util.find_spec(own) is not None:
        module = importlib.import_module(own)
        kinds = [
            k
            for k in vars(module).values()
            if isinstance(k, type) and issubclass(k, Explorer) and k.__module__ == own
        ]
        title = kinds[0].title if kinds and kinds[0].title != Explorer.title else None
        return title or tab_title(system), system.name, getattr(module, system.name)
    return tab_title(system), system.name, lambda: generic(system)


def page(*, lazy: bool = False):
    """Every registered system's explorer in the registry's order, then Compare, in tabs.

    ``lazy``: each explorer is made when its tab is first opened (a
    :class:`~dicestats.explore.base.LazyTabs`, as the server shows the page), the first at
    once; else all of them now.

    Examples
    --------
    >>> from dicestats import systems
    >>> tabs = page()
    >>> titles = [tabs.get_title(i) for i in range(len(tabs.children))]
    >>> titles == [explorer.title for explorer in tabs.children]
    True
    >>> len(titles) == len(systems()) + 1 and titles[-1] == "Compare"
    True
    >>> lazy = page(lazy=True)
    >>> [lazy.get_title(i) for i in range(len(lazy.children))] == titles
    True
    >>> lazy.built(1) is None and lazy.explorer(1).title == titles[1]
    True
    """
    import ipywidgets as widgets

    from ..registry import systems
    from .compare_ui import compare

    if lazy:
        from .base import LazyTabs

        tabs = LazyTabs([_tab(s) for s in systems()] + [("Compare", "compare", compare)])
    else:
        explorers = [explorer(s) for s in systems()] + [compare()]
        tabs = widgets.Tab(children=explorers)
        for i, ex in enumerate(explorers):
            tabs.set_title(i, ex.title)
    tabs.add_class("ds-page")
    return tabs


def port_free(port: int, host: str = "127.0.0.1") -> bool:
    """Whether ``host:port`` can be bound now."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def _stop(proc: subprocess.Popen) -> None:
    """Stop the server: close its standard input (it stops its kernels and removes its
    temporary folder), then SIGKILL its process group after :data:`STOP_TIMEOUT` s."""
    with contextlib.suppress(OSError, ValueError):
        proc.stdin.close()
    try:
        proc.wait(STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def serve(
    port: int = DEFAULT_PORT,
    *,
    host: str = "127.0.0.1",
    open_browser: bool = True,
    echo=print,
    idle: int = IDLE_TIMEOUT,
    max_pages: int = MAX_PAGES,
) -> int:
    """Serve :func:`page` at ``http://<host>:<port>/?token=…`` until Ctrl-C (or SIGTERM).

    The server (:mod:`dicestats.explore.server`, its own process) answers only requests
    that carry this run's token and name this machine (or ``host``); a page's kernel stops
    after ``idle`` seconds idle with the page closed, and at most ``max_pages`` pages are
    served at once. ``echo`` receives the line with the address at once: this process binds
    the port and hands it to the server, so a browser opened on it waits for the page while
    the server starts.
    Returns the server's exit status when it stops by itself; Ctrl-C stops it and raises
    ``KeyboardInterrupt`` once it has gone (kernels shut down, temporary folder removed).
    Should this process die without a word (SIGKILL), the server notices its standard
    input closing and stops the same way.
    """
    from ..core.checks import check_int, refuse

    port = check_int("port", port, 1, 65535)
    idle = check_int("idle", idle, 1, 7 * 24 * 3600)
    max_pages = check_int("max_pages", max_pages, 1, 1000)
    if not isinstance(host, str) or not host.strip():
        raise refuse("host", "a host name or address", host)
    for module in ("ipywidgets", "voila"):
        if importlib.util.find_spec(module) is None:
            raise RuntimeError(
                f"the explorers need ipywidgets and voila ({module} is missing): "
                'pip install "dicestats[explore]"'
            )
    # This process binds the port (the address can be printed at once: connections wait in
    # the socket's queue while the server starts) and hands the socket to the server.
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(128)
    except OSError as exc:
        listener.close()
        why = "it is in use" if exc.errno == errno.EADDRINUSE else exc.strerror
        raise refuse(
            "port", f"a free port on {host}", port, why=why, instead="pass --port with another"
        ) from None
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env.setdefault("MPLBACKEND", "Agg")
    token = secrets.token_urlsafe(24)
    cmd = [
        sys.executable,
        "-m",
        "dicestats.explore.server",
        f"--port={port}",
        f"--fd={listener.fileno()}",
        f"--host={host}",
        f"--idle={idle}",
        f"--max-pages={max_pages}",
    ]
    # Its own session: the terminal's Ctrl-C reaches this process only, which stops the
    # server by closing its standard input (the token's channel, then its life line).
    with listener:
        proc = subprocess.Popen(
            cmd,
            env=env,
            stdin=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            pass_fds=(listener.fileno(),),
        )
    # The server's (and its kernels') messages reach this stderr while it serves; once it
    # is told to stop, what they print while shutting down (a kernel's request cut short)
    # is not the user's business: the stop is one line.
    stopping = threading.Event()
    relay = threading.Thread(target=_relay, args=(proc.stderr, stopping), daemon=True)
    relay.start()
    previous = signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        proc.stdin.write(token.encode("ascii") + b"\n")
        proc.stdin.flush()
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        shown = f"[{shown}]" if ":" in shown else shown
        url = f"http://{shown}:{port}/?token={token}"
        echo(f"dicestats explore: serving the explorers at {url} (Ctrl-C stops)")
        if open_browser:
            import webbrowser

            webbrowser.open(url)
        return proc.wait()
    except KeyboardInterrupt:
        raise KeyboardInterrupt("stopped") from None
    finally:
        stopping.set()
        _stop(proc)
        relay.join(1)
        signal.signal(signal.SIGTERM, previous)


def _relay(stream, stopping: threading.Event) -> None:
    """Copy the server's stderr to this one, line by line, until ``stopping``; then drain
    it unseen (a writer must never block on a full pipe)."""
    with contextlib.suppress(OSError, ValueError):
        for line in stream:
            if not stopping.is_set():
                sys.stderr.buffer.write(line)
                sys.stderr.buffer.flush()


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt("stopped")
