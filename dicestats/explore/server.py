"""The process that serves the explorers: Voilà behind a gate, started by
:func:`dicestats.explore.app.serve` as ``python -m dicestats.explore.server``.

What it adds to Voilà (0.5, on Jupyter Server 2):

* **a token**: every request carries the run's token (``?token=``, then a cookie the page
  sets, ``SameSite=Strict``); without it a one-line 403 page. The token comes on the first
  line of standard input (never on the command line, which others on the machine can read);
* **Host and Origin checked**: the ``Host`` header must name a loopback address (or the
  ``--host`` given) and an ``Origin``, when sent, must be the page's own (no DNS rebinding);
* **the kernel WebSocket guarded**: a binary message whose header does not fit inside it is
  refused before Jupyter Server parses it (its v1 header parser loops over a count read from
  the message: one 16-byte frame grew the server by ~60 MB/s), messages are capped at
  :data:`MAX_MESSAGE` bytes and :data:`MAX_RATE` a second per connection;
* **kernels culled and capped**: a page's kernel is stopped once it has been idle and
  unconnected for ``--idle`` seconds; at most ``--max-pages`` pages at once (a 503 page says
  so); one prepared kernel waits with the page already computed (first result at once);
* **nothing left behind**: the server stops (kernels shut down, its temporary folder removed)
  when its standard input closes, that is when the ``dicestats explore`` process ends, SIGKILL
  included; a watchdog kills what is left if that takes longer than :data:`STOP_GRACE` s.
"""

from __future__ import annotations

import argparse
import hmac
import html
import json
import logging
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from .processes import descendants

__all__ = [
    "Gate",
    "LOOPBACK",
    "MAX_MESSAGE",
    "MAX_RATE",
    "frame_fault",
    "main",
    "notebook_text",
]

#: The names a browser may use for this machine's loopback address.
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: The largest WebSocket message the server reads (widget messages are a few kB).
MAX_MESSAGE = 1 << 20
#: Messages a second one connection may send, on average, and in a burst.
MAX_RATE, MAX_BURST = 200.0, 2000.0
#: Seconds the server may take to stop after its parent has gone, before the watchdog kills.
STOP_GRACE = 20.0
#: The cookie that carries the token once the page has been opened with it (per port).
COOKIE = "dicestats-explore-{port}"
#: The JupyterLab extensions the page loads: the widgets' (Voilà loads every installed one by
#: default, each a script to fetch and run before the page shows anything).
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8")
#: The page's template: Voilà's "lab" page without the lines that fetch a stylesheet from a
#: CDN (Font Awesome, which Voilà's own scripts carry already) and without the Mermaid
#: loader (no diagrams here): nothing is fetched off the machine, and no stylesheet from
#: afar holds the page back.
TEMPLATE = """{%- extends 'lab/index.html.j2' -%}
{%- block notebook_css -%}
{%- for line in super().split('\\n') if 'cdn.jsdelivr.net' not in line %}
{{ line }}
{%- endfor %}
{%- endblock notebook_css -%}
{%- block html_head_js_mermaidjs -%}
{%- endblock html_head_js_mermaidjs -%}
"""


def notebook_text() -> str:
    """The one-cell notebook the server runs (nbformat 4 JSON)."""
    source = ["from dicestats.explore.link import served_page\n", "served_page()"]
    cell = dict(cell_type="code", execution_count=None, id="explorers", metadata={}, outputs=[])
    kernel = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb = {"cells": [{**cell, "source": source}], "nbformat": 4, "nbformat_minor": 5}
    nb["metadata"] = {"kernelspec": kernel, "language_info": {"name": "python"}}
    return json.dumps(nb, indent=1)


def _split_host(value: str) -> tuple[str, int | None]:
    """``"name:port"`` (or ``"[::1]:port"``) as ``(name, port)``; port None when absent."""
    parts = urlsplit("//" + value)
    try:
        port = parts.port
    except ValueError:
        return "", None
    return (parts.hostname or ""), port


def frame_fault(message: bytes) -> str | None:
    """Why a binary kernel message cannot be read safely, or None.

    Jupyter's v1 protocol starts with a little-endian count of offsets (8 bytes each)
    followed by the offsets; the legacy one with a big-endian count (4 bytes). A count
    that does not fit inside the message, or offsets out of order or beyond its end,
    make the message malformed.

    >>> frame_fault((2 ** 62).to_bytes(8, "little") + bytes(8))
    'its header counts 4611686018427387904 parts in 16 bytes'
    >>> msg = (3).to_bytes(8, "little") + (32).to_bytes(8, "little")
    >>> frame_fault(msg + (33).to_bytes(8, "little") + (34).to_bytes(8, "little") + b"xy")
    """
    n = len(message)
    if n < 8:
        return f"it is {n} bytes long"
    count = int.from_bytes(message[:8], "little")
    if count < 2 or 8 * (count + 1) > n:
        return f"its header counts {count} parts in {n} bytes"
    offsets = [int.from_bytes(message[8 * i : 8 * i + 8], "little") for i in range(1, count + 1)]
    if offsets[0] < 8 * (count + 1) or any(
        a > b for a, b in zip(offsets, offsets[1:], strict=False)
    ):
        return "its offsets are out of order"
    if offsets[-1] > n:
        return f"its offsets reach past its {n} bytes"
    return None


def _legacy_fault(message: bytes) -> str | None:
    n = len(message)
    if n < 4:
        return f"it is {n} bytes long"
    count = int.from_bytes(message[:4], "big", signed=True)
    if count < 1 or 4 * (count + 1) > n:
        return f"its header counts {count} parts in {n} bytes"
    return None


class QuietClosedPages(logging.Filter):
    """Drop what the server logs when a browser closes a page mid-write.

    A tab closed while the kernel's answer is on its way leaves a write that fails with
    Tornado's ``WebSocketClosedError`` (or ``StreamClosedError``); asyncio then logs the
    never-awaited failure with a traceback. Nothing went wrong and the user can do nothing
    about it, so it is not relayed; every other record passes.
    """

    CLOSED = ("WebSocketClosedError", "StreamClosedError")

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if exc is None and record.args and isinstance(record.args, dict):
            exc = record.args.get("exception")
        if exc is None:
            ctx = getattr(record, "msg", "")
            return not (isinstance(ctx, str) and "websocket_ping_timeout" in ctx)
        return type(exc).__name__ not in self.CLOSED


def _quiet_closed_pages() -> None:
    quiet = QuietClosedPages()
    for name in ("asyncio", "tornado.general", "tornado.application"):
        logging.getLogger(name).addFilter(quiet)


def _guard_jupyter_parsers() -> None:
    """Check the header of every binary message before Jupyter Server's parsers read it
    (they trust the count it holds: see :func:`frame_fault`)."""
    from jupyter_server.services.kernels.connection import channels

    v1, legacy = channels.deserialize_msg_from_ws_v1, channels.deserialize_binary_message
    if getattr(v1, "dicestats_guarded", False):
        return

    def checked_v1(ws_msg):
        fault = frame_fault(ws_msg)
        if fault:
            raise ValueError(f"a malformed kernel message: {fault}")
        return v1(ws_msg)

    def checked_legacy(bmsg):
        fault = _legacy_fault(bmsg)
        if fault:
            raise ValueError(f"a malformed kernel message: {fault}")
        return legacy(bmsg)

    checked_v1.dicestats_guarded = True
    channels.deserialize_msg_from_ws_v1 = checked_v1
    channels.deserialize_binary_message = checked_legacy


@dataclass
class Gate:
    """Who may use the server: the token, and the names the page may be reached by.

    ``names`` are the host names accepted in ``Host`` (the loopback ones, and ``--host``);
    None accepts any (a server bound to every interface), the token still required.

    >>> g = Gate("s3cret", 8866)
    >>> g.refusal("127.0.0.1:8866", None, {"token": "s3cret"}, {})
    >>> g.refusal("evil.example:8866", None, {"token": "s3cret"}, {})
    'the address evil.example:8866 is not this server’s'
    >>> g.refusal("localhost:8866", "http://evil.example", {}, {"dicestats-explore-8866": "s3cret"})
    'a page from http://evil.example may not use this server'
    >>> g.refusal("localhost:8866", "http://localhost:8866", {}, {})
    'the address lacks this run’s token'
    """

    token: str
    port: int
    names: tuple | None = LOOPBACK
    cookie: str = field(init=False)

    def __post_init__(self):
        self.cookie = COOKIE.format(port=self.port)

    def host_ok(self, host: str) -> bool:
        name, port = _split_host(host)
        if not name or port not in (None, self.port):
            return False
        return self.names is None or name.lower() in self.names

    def token_ok(self, given) -> bool:
        return isinstance(given, str) and hmac.compare_digest(
            given.encode("utf-8", "replace"), self.token.encode("utf-8")
        )

    def refusal(self, host: str, origin: str | None, query: dict, cookies: dict) -> str | None:
        """Why a request with these headers is refused, or None. ``query`` maps the query
        string's ``token`` (a str), ``cookies`` the cookies' names to values."""
        if not self.host_ok(host or ""):
            return f"the address {host} is not this server’s"
        if origin is not None:
            parts = urlsplit(origin)
            if parts.scheme != "http" or parts.netloc.lower() != host.lower():
                return f"a page from {origin} may not use this server"
        if self.token_ok(query.get("token")) or self.token_ok(cookies.get(self.cookie)):
            return None
        return "the address lacks this run’s token"


def _page(title: str, text: str) -> str:
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        "</head><body style='font-family: sans-serif; max-width: 40em; margin: 3em auto'>"
        f"<h1>{html.escape(title)}</h1><p>{html.escape(text)}</p></body></html>"
    )


def _tornado_parts():
    """The tornado and Voilà classes the server builds on (imported when it starts)."""
    import tornado.web
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from voila.app import Voila
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    class Refused(tornado.web.RequestHandler):
        def initialize(self, status, title, text):
            self._answer = (status, title, text)

        def prepare(self):
            status, title, text = self._answer
            self.set_status(status)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(_page(title, text))

    class TokenCookie(tornado.web.OutputTransform):
        """Sets the token's cookie on the answer to a request that brought it in its query."""

        def __init__(self, request):
            self._cookie = getattr(request, "dicestats_cookie", None)

        def transform_first_chunk(self, status_code, headers, chunk, finishing):
            if self._cookie:
                headers.add("Set-Cookie", self._cookie)
            return status_code, headers, chunk

    class GatedApplication(tornado.web.Application):
        """Voilà's application with the :class:`Gate` in front of every handler."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.transforms.append(TokenCookie)

        def find_handler(self, request, **kwargs):
            gate: Gate = self.settings["dicestats_gate"]
            args = request.query_arguments.items()
            query = {k: v[-1].decode("utf-8", "replace") for k, v in args}
            cookies = {}
            try:
                cookies = {k: m.value for k, m in request.cookies.items()}
            except Exception:  # an unreadable Cookie header counts as none
                pass
            why = gate.refusal(request.host, request.headers.get("Origin"), query, cookies)
            if why:
                text = (
                    f"dicestats explore refused this request: {why}. Open the address that "
                    "`dicestats explore` printed, token included."
                )
                args = {"status": 403, "title": "Not this server’s page", "text": text}
                return self.get_handler_delegate(request, Refused, args)
            if gate.token_ok(query.get("token")) and not gate.token_ok(cookies.get(gate.cookie)):
                request.dicestats_cookie = (
                    f"{gate.cookie}={gate.token}; Path=/; HttpOnly; SameSite=Strict"
                )
            path = request.path
            if not path.startswith(("/voila/", "/api/", "/login", "/logout")):
                for name in ("template", "theme"):  # the prepared page is the one page
                    request.query_arguments.pop(name, None)
                    request.arguments.pop(name, None)
                km = self.settings["kernel_manager"]
                pages, cap = km.dicestats_pages(), self.settings["dicestats_max_pages"]
                if pages >= cap:
                    idle = km.cull_idle_timeout
                    text = (
                        f"This explorer already serves {pages} open pages, the most it "
                        f"allows (dicestats explore --max-pages {cap}). Close one of them, or "
                        f"try again later: a closed page's kernel stops after {idle} s idle."
                    )
                    args = {"status": 503, "title": "Too many pages open", "text": text}
                    return self.get_handler_delegate(request, Refused, args)
            return super().find_handler(request, **kwargs)

    class GuardedKernelWebsocket(VoilaKernelWebsocketHandler):
        """The kernel channel: malformed, oversized or too frequent messages close it."""

        def open(self, *args, **kwargs):
            self._allowance, self._last = MAX_BURST, time.monotonic()
            return super().open(*args, **kwargs)

        def on_message(self, ws_message):
            now = time.monotonic()
            allowance = getattr(self, "_allowance", MAX_BURST)
            last = getattr(self, "_last", now)
            self._allowance = min(MAX_BURST, allowance + (now - last) * MAX_RATE) - 1
            self._last = now
            if self._allowance < 0:
                self.close(1008, "too many messages")
                return None
            if isinstance(ws_message, bytes):
                fault = frame_fault(ws_message)
                if fault:
                    self.close(1007, "a malformed message")
                    return None
            return super().on_message(ws_message)

    class PageKernelManager(AsyncMappingKernelManager):
        """Jupyter's kernel manager, telling the kernels being prepared (started by Voilà to
        compute the page ahead) from those serving a page (handed to
        one, or started for one when none was ready): only the latter are counted against
        the cap and culled."""

        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.prepared_ids: set = set()

        async def start_kernel(self, *args, **kwargs):
            kernel_id = await super().start_kernel(*args, **kwargs)
            if (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True":  # Voilà's mark
                self.prepared_ids.add(kernel_id)
            return kernel_id

        def dicestats_pages(self) -> int:
            """Kernels serving a page now."""
            self.prepared_ids &= set(self._kernels)
            return len(set(self._kernels) - self.prepared_ids)

        async def cull_kernel_if_idle(self, kernel_id):
            if kernel_id in self.prepared_ids:
                return None
            return await super().cull_kernel_if_idle(kernel_id)

    class ExploreVoila(Voila):
        """Voilà serving the one notebook, with the gate and the guarded kernel channel."""

        gate: Gate | None = None
        max_pages = 8
        dicestats_fd = -1

        def init_handlers(self):
            handlers = super().init_handlers()
            return [
                (h[0], GuardedKernelWebsocket, *h[2:])
                if len(h) > 1 and h[1] is VoilaKernelWebsocketHandler
                else h
                for h in handlers
            ]

        def init_settings(self):
            settings = super().init_settings()
            km = self.kernel_manager
            if hasattr(km, "get_rendered_notebook"):  # Voilà prepares kernels ahead
                hand = km.get_rendered_notebook

                async def handed(*args, **kwargs):
                    from jupyter_server._tz import utcnow

                    task, cache, kernel_id = await hand(*args, **kwargs)
                    km.prepared_ids.discard(kernel_id)
                    # its idle time starts now: a kernel prepared longer ago than the idle
                    # timeout was culled before its page could connect ("Loading widget…")
                    km.get_kernel(kernel_id).last_activity = utcnow()
                    return task, cache, kernel_id

                km.get_rendered_notebook = handed
            return settings

        def listen(self):  # on the socket the parent bound (Voila.listen binds its own)
            import socket

            import tornado.ioloop
            from tornado.httpserver import HTTPServer

            sock = socket.socket(fileno=self.dicestats_fd)
            sock.setblocking(False)
            HTTPServer(self.app).add_sockets([sock])
            self.ioloop = tornado.ioloop.IOLoop.current()
            try:
                self.ioloop.start()
            except KeyboardInterrupt:
                pass
            finally:
                self.stop()

        def start(self):  # Voila.start, with the gated application
            self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
            settings = self.init_settings()
            settings["dicestats_gate"] = self.gate
            settings["dicestats_max_pages"] = self.max_pages
            settings["websocket_max_message_size"] = MAX_MESSAGE
            self.app = GatedApplication(**settings)
            self.app.settings.update(self.tornado_settings)
            self.app.add_handlers(".*$", self.init_handlers())
            self.listen()

    return ExploreVoila, PageKernelManager


def _kill_all_below() -> None:
    for pid in descendants(os.getpid()):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def _watch_parent(app, tmp: str) -> None:
    """Block until standard input closes (the parent has gone), then stop the server; kill
    what is left after :data:`STOP_GRACE` seconds."""
    try:
        while sys.stdin.buffer.read(4096):
            pass
    except (OSError, ValueError):
        pass

    def hard_stop():
        time.sleep(STOP_GRACE)
        _kill_all_below()
        shutil.rmtree(tmp, ignore_errors=True)
        os._exit(1)

    threading.Thread(target=hard_stop, daemon=True).start()
    loop = getattr(app, "ioloop", None)
    while loop is None:  # still starting: wait for its loop
        time.sleep(0.05)
        loop = getattr(app, "ioloop", None)
    loop.add_callback(loop.stop)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m dicestats.explore.server")
    p.add_argument("--port", type=int, required=True)
    p.add_argument(
        "--fd", type=int, required=True, help="the listening socket, bound by the parent"
    )
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--idle", type=int, default=300, help="seconds before an idle page's kernel")
    p.add_argument("--max-pages", type=int, default=8)
    p.add_argument("--prepared", type=int, default=1, help="kernels kept ready with the page")
    args = p.parse_args(argv)
    token = sys.stdin.readline().strip()
    if not token:
        print("dicestats explore server: no token on standard input", file=sys.stderr)
        return 2
    if args.host in ("0.0.0.0", "::"):  # every interface: any name, the token still needed
        names = None
    else:
        names = tuple(dict.fromkeys((*LOOPBACK, args.host.lower())))
    _guard_jupyter_parsers()
    _quiet_closed_pages()
    from .link import HOST_ENV, TOKEN_ENV

    os.environ[TOKEN_ENV], os.environ[HOST_ENV] = token, args.host  # for the kernels (0400)
    ExploreVoila, PageKernelManager = _tornado_parts()
    tmp = tempfile.mkdtemp(prefix="dicestats-explore-")
    try:
        nb = os.path.join(tmp, "dicestats.ipynb")
        with open(nb, "w", encoding="utf-8") as fh:
            fh.write(notebook_text())
        template = os.path.join(tmp, "template")
        os.mkdir(template)
        with open(os.path.join(template, "index.html.j2"), "w", encoding="utf-8") as fh:
            fh.write(TEMPLATE)
        os.chdir(tmp)
        app = ExploreVoila()
        app.gate = Gate(token, args.port, names)
        app.max_pages = args.max_pages
        app.dicestats_fd = args.fd
        prepared = max(0, args.prepared)
        app.initialize(
            [
                nb,
                f"--port={args.port}",
                "--Voila.port_retries=0",
                "--no-browser",
                f"--Voila.ip={args.host}",
                "--theme=light",
                "--Voila.log_level=ERROR",
                f"--Voila.connection_dir_root={tmp}",
                f"--VoilaConfiguration.preheat_kernel={prepared > 0}",
                f"--VoilaConfiguration.default_pool_size={prepared}",
                f"--MappingKernelManager.cull_idle_timeout={args.idle}",
                f"--MappingKernelManager.cull_interval={max(1, min(60, args.idle // 2))}",
                "--MappingKernelManager.cull_connected=False",
                # kernels talk over sockets in the server's own folder (0700), not TCP ports
                "--KernelManager.transport=ipc",
            ]
        )
        app.template_paths.insert(0, template)  # its index.html.j2 before Voilà's
        app.voila_configuration.multi_kernel_manager_class = PageKernelManager
        app.voila_configuration.extension_allowlist = list(EXTENSIONS)
        watcher = threading.Thread(target=_watch_parent, args=(app, tmp), daemon=True)
        watcher.start()
        app.start()  # returns once its loop stops: kernels shut down, voila_* removed
        return 0
    finally:
        _kill_all_below()
        os.chdir("/")
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
