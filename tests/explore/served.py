"""A real ``dicestats explore`` for the tests that probe it (``tests/explore/test_server.py``,
the fuzz harness's server probe): the process and its address, GETs and the kernel channel,
the processes below it, and the SIGKILL scenario both run."""

from __future__ import annotations

import asyncio
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dicestats.explore.processes import descendants, kernels

WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"
#: What a page with the explorers holds: the widget view of the tabs.
VIEW = "application/vnd.jupyter.widget-view+json"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """``dicestats explore --no-browser`` running: its process, address, token and server."""

    def __init__(self, *args: str):
        pytest.importorskip("voila")
        self.port = free_port()
        cmd = [sys.executable, "-m", "dicestats", "explore", "--no-browser"]
        cmd += ["--port", str(self.port), *args]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        )
        self.lines: list[str] = []
        threading.Thread(target=lambda: self.lines.extend(self.proc.stdout), daemon=True).start()
        deadline = time.monotonic() + 60
        while not any("?token=" in ln for ln in self.lines):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.proc.kill()
                pytest.fail(f"no address printed: {self.lines} {self.proc.stderr.read()}")
            time.sleep(0.05)
        self.url = re.search(r"http://\S+", "".join(self.lines)).group(0)
        self.token = self.url.split("?token=")[1]
        self.server = descendants(self.proc.pid)[0]

    def get(self, path="/", *, token=True, headers=(), timeout=60.0):
        """``(status, body)`` of a GET of ``path`` (with the token unless told not)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            url = f"{path}?token={self.token}" if token else path
            conn.request("GET", url, headers=dict(headers))
            resp = conn.getresponse()
            return resp.status, resp.read().decode("utf-8", "replace")
        finally:
            conn.close()

    def kernels(self) -> list[int]:
        return kernels(self.server)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(40)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def wait_for(predicate, timeout: float, step: float = 0.25) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def kernel_id(body: str) -> str:
    return re.search(r'"kernelId": *"([0-9a-f-]{36})"', body).group(1)


async def ws(served: Served, kernel_id: str, *, host=None, origin=None, send=None):
    """Open the kernel channel (with the token); send ``send``; the close code, or the
    handshake's HTTP status when refused."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    headers = {}
    if host:
        headers["Host"] = host
    if origin:
        headers["Origin"] = origin
    url = (
        f"ws://127.0.0.1:{served.port}/api/kernels/{kernel_id}/channels"
        f"?session_id=probe&token={served.token}"
    )
    try:
        ws = await websocket_connect(
            HTTPRequest(url, headers=headers, connect_timeout=20, request_timeout=20),
            subprotocols=[WS_PROTOCOL],
        )
    except HTTPClientError as exc:
        return ("refused", exc.code)
    if send is None:
        ws.close()
        return ("open", None)
    await ws.write_message(send, binary=True)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        msg = await asyncio.wait_for(ws.read_message(), 10)
        if msg is None:
            return ("closed", ws.close_code)
    ws.close()
    return ("still open", None)


def port_free(port: int) -> bool:
    """Whether a new server could listen on ``port`` (as ``dicestats explore`` binds it:
    connections of the old one in TIME_WAIT do not count)."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def sigkill_leaves_nothing_behind() -> None:
    """Pages culled once idle, then SIGKILL of the command: no process, folder or port left."""
    s = Served("--idle", "2")
    try:
        # a page opened at once (no kernel ready: one is started for it), then another
        # (handed the prepared one); nobody connects to either
        for _ in range(2):
            status, body = s.get("/")
            assert status == 200 and VIEW in body
        # both pages' kernels are stopped after 2 s idle; the prepared one (for the next
        # page) stays
        assert wait_for(lambda: len(s.kernels()) == 1, 60), s.kernels()
        time.sleep(3)
        assert len(s.kernels()) == 1
        files = b" ".join(cmdline(k) for k in s.kernels()).replace(b"\0", b" ").decode()
        tmp = {Path(p) for p in re.findall(r"(/\S*/dicestats-explore-\w+)/", files)}
        assert tmp and all(t.is_dir() for t in tmp)
        everything = [s.server, *descendants(s.server)]
        os.kill(s.proc.pid, signal.SIGKILL)
        s.proc.wait()
        assert wait_for(lambda: not any(map(alive, everything)), 30), [
            (p, cmdline(p)) for p in everything if alive(p)
        ]
        assert not any(t.exists() for t in tmp)
        assert wait_for(lambda: port_free(s.port), 5)
    finally:
        s.stop()
        for p in [s.server, *descendants(s.server)]:
            if alive(p):
                os.kill(p, signal.SIGKILL)
