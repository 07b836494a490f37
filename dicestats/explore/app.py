"""Every registered system's explorer on one page (:func:`page`), served on 127.0.0.1 by Voilà
from a temporary one-cell notebook (:func:`serve`; no internet needed)."""

from __future__ import annotations

import importlib
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["page", "explorer", "serve", "notebook_text", "port_free", "DEFAULT_PORT"]

#: Voilà's own default port.
DEFAULT_PORT = 8866
#: How long the server may take to answer before it counts as failed to start.
START_TIMEOUT = 60.0
VOILA_FLAGS = ("--no-browser", "--Voila.ip=127.0.0.1", "--theme=light", "--Voila.log_level=ERROR")


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


def page():
    """Every registered system's explorer in the registry's order, then Compare, in tabs.

    Examples
    --------
    >>> from dicestats import systems
    >>> tabs = page()
    >>> titles = [tabs.get_title(i) for i in range(len(tabs.children))]
    >>> titles == [explorer.title for explorer in tabs.children]
    True
    >>> len(titles) == len(systems()) + 1 and titles[-1] == "Compare"
    True
    """
    import ipywidgets as widgets

    from ..registry import systems
    from .compare_ui import compare

    explorers = [explorer(s) for s in systems()] + [compare()]
    tabs = widgets.Tab(children=explorers)
    for i, ex in enumerate(explorers):
        tabs.set_title(i, ex.title)
    tabs.add_class("ds-page")
    return tabs


def notebook_text() -> str:
    """The one-cell notebook the server runs (nbformat 4 JSON)."""
    import json

    source = ["from dicestats.explore import page\n", "page()"]
    cell = dict(cell_type="code", execution_count=None, id="explorers", metadata={}, outputs=[])
    kernel = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb = {"cells": [{**cell, "source": source}], "nbformat": 4, "nbformat_minor": 5}
    nb["metadata"] = {"kernelspec": kernel, "language_info": {"name": "python"}}
    return json.dumps(nb, indent=1)


def port_free(port: int, host: str = "127.0.0.1") -> bool:
    """Whether ``host:port`` can be bound now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def _answers(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def _stop(proc: subprocess.Popen) -> None:
    """Stop the server and its kernels: SIGTERM, then SIGKILL after 10 s."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def serve(port: int = DEFAULT_PORT, *, open_browser: bool = True, echo=print) -> int:
    """Serve :func:`page` at ``http://127.0.0.1:<port>/`` until Ctrl-C (or SIGTERM).

    ``echo`` receives the line with the address once the server answers.
    Returns the server's exit status when it stops by itself; Ctrl-C stops it
    and raises ``KeyboardInterrupt`` once it has gone (kernels shut down,
    temporary notebook removed).
    """
    from ..core.checks import check_int, refuse

    port = check_int("port", port, 1, 65535)
    try:
        import ipywidgets  # noqa: F401
        import voila  # noqa: F401
    except ImportError as exc:
        raise RuntimeError(
            f"the explorers need ipywidgets and voila ({exc.name} is missing): "
            'pip install "dicestats[explore]"'
        ) from None
    if not port_free(port):
        raise refuse(
            "port",
            "a free port on 127.0.0.1",
            port,
            why="it is in use",
            instead="pass --port with another",
        )
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env.setdefault("MPLBACKEND", "Agg")
    with tempfile.TemporaryDirectory(prefix="dicestats-explore-") as tmp:
        nb = Path(tmp) / "dicestats.ipynb"
        nb.write_text(notebook_text(), encoding="utf-8")
        cmd = [sys.executable, "-m", "voila", str(nb), f"--port={port}", *VOILA_FLAGS]
        # Its own session: the terminal's Ctrl-C reaches this process, which stops the
        # server (a Jupyter server asks "Shutdown?" on a first Ctrl-C of its own).
        proc = subprocess.Popen(
            cmd, cwd=tmp, env=env, stdin=subprocess.DEVNULL, start_new_session=True
        )
        previous = signal.signal(signal.SIGTERM, _raise_interrupt)
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while not _answers(port):
                if proc.poll() is not None:
                    raise RuntimeError(
                        f"the Voilà server stopped at start (status {proc.returncode})"
                    )
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"the Voilà server did not answer within {START_TIMEOUT:.0f} s"
                    )
                time.sleep(0.1)
            url = f"http://127.0.0.1:{port}/"
            echo(f"dicestats explore: serving the explorers at {url} (Ctrl-C stops)")
            if open_browser:
                import webbrowser

                webbrowser.open(url)
            return proc.wait()
        except KeyboardInterrupt:
            raise KeyboardInterrupt("stopped") from None
        finally:
            _stop(proc)
            signal.signal(signal.SIGTERM, previous)


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt("stopped")
