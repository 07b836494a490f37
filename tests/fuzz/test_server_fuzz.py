"""The explore server probed as a stranger would (issue 25, item 6; item 1's defects: no
token, a forged ``Host``/``Origin`` accepted, one malformed WebSocket frame growing the
server by ~60 MB/s).

Quick profile, in this process (cheap): the server's gate (:class:`Gate`) against generated
requests (tokens off by a character, in the wrong cookie; hosts that only look like the
loopback; origins of other pages) — a stranger let in is *silently wrong*, the owner shut
out a broken promise; and the kernel channel's frame check against generated frames
(counts and offsets past the message, truncations of well-formed ones) — the guarded parser
answers each within a tenth of a second.

Deep profile: a real ``dicestats explore`` (the helpers of ``tests/explore/served.py``)
gets generated requests (paths, token, Host, Origin) and malformed frames on its kernel
channel: a refusal unless every part is right, the server's memory flat and still answering;
then SIGKILL of the command leaves no process, folder or port behind.
"""

from __future__ import annotations

import asyncio
import re
import time
from urllib.parse import urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicestats.explore.server import COOKIE, LOOPBACK, Gate, frame_fault

from .harness import DEEP, Finding, expect, fuzz_settings, trial

TOKEN, PORT = "Zq3-tok_en9", 9000


def _near(text: str) -> st.SearchStrategy[str]:
    """``text`` and strings one edit away from it (a character changed, added, dropped, cased)."""
    edits = st.sampled_from(["same", "upper", "drop", "add", "change", "space", "prefix"])

    def edit(e, i):
        i = i % (len(text) + 1)
        return {
            "same": text,
            "upper": text.upper(),
            "drop": text[:i] + text[i + 1 :],
            "add": text[:i] + "x" + text[i:],
            "change": text[:i] + ("y" if text[i : i + 1] != "y" else "z") + text[i + 1 :],
            "space": f" {text} ",
            "prefix": "evil." + text,
        }[e]

    return st.builds(edit, edits, st.integers(0, 64))


NAMES = [*LOOPBACK, "[::1]", "LOCALHOST", "127.0.0.2", "127.1", "0.0.0.0", "localhost.",
         "127.0.0.1.nip.io", "evil.example", "[::ffff:127.0.0.1]", "evil@127.0.0.1",
         "127.0.0.1@evil", "127.0.0.1#x", "127.0.0.1/x", "", "localhost\x00.evil"]  # fmt: skip
PORTS = ["", f":{PORT}", f":{PORT + 1}", ":0", ":", f":{PORT}0", ":x", f": {PORT}"]


@st.composite
def requests(draw):
    host = draw(st.sampled_from(NAMES)) + draw(st.sampled_from(PORTS))
    schemes = st.sampled_from(["http", "https", "ws"])
    hosts = st.one_of(st.just(host), st.sampled_from(NAMES).map(lambda n: f"{n}:{PORT}"))
    odd = st.sampled_from(["null", "", "file://", f"http://{host}/", f"HTTP://{host}"])
    origin = draw(st.one_of(st.none(), st.builds(lambda s, h: f"{s}://{h}", schemes, hosts), odd))
    token = draw(st.one_of(st.none(), _near(TOKEN), st.sampled_from(["", "\x00", TOKEN * 2])))
    where = draw(st.sampled_from(["query", "cookie", "other cookie", "both"]))
    query, cookies = {}, {}
    if token is not None:
        if where in ("query", "both"):
            query["token"] = token
        if where in ("cookie", "both"):
            cookies[COOKIE.format(port=PORT)] = token
        if where == "other cookie":
            cookies[COOKIE.format(port=PORT + 1)] = token
    return host, origin, query, cookies


def _owner(host: str) -> bool:
    """Whether ``host`` is one of the loopback names this server answers to. A user part or
    a path (``evil@127.0.0.1``, ``127.0.0.1#x``: the gate reads 127.0.0.1) is no way in: a
    browser never sends them, and any other client may send the plain name as well."""
    canonical = {f"{n}:{PORT}" for n in ("127.0.0.1", "localhost", "[::1]")}
    name = re.split(r"[/#?]", host.rsplit("@", 1)[-1])[0].lower().removesuffix(":")
    return name in canonical | {h.rsplit(":", 1)[0] for h in canonical}


def _gate_example(host, origin, query, cookies) -> None:
    what = f"Host {host!r}, Origin {origin!r}, query {query!r}, cookies {cookies!r}"
    why = Gate(TOKEN, PORT).refusal(host, origin, query, cookies)
    token = TOKEN in (query.get("token"), cookies.get(COOKIE.format(port=PORT)))
    # no page of another site (a path or case in the page's own origin is no way in)
    parts = urlsplit(origin or "")
    same_page = origin is None or parts.scheme == "http" and _owner(parts.netloc)
    exact_page = origin is None or origin.lower() == f"http://{host}".lower()
    # the token, where the page's address or its cookie holds it
    if why is None:  # let in: only with the token, a loopback name and the page's own origin
        expect("silent wrong", token and _owner(host) and same_page, f"let in: {what}")
    elif token and _owner(host) and host == re.split(r"[/#?@]", host)[0] and exact_page:
        raise Finding("other", f"the owner refused ({why}): {what}")
    expect("other", why is None or "\n" not in why, f"{what}: {why!r}")


QUICK_GATE = [  # issue 25: no token, a forged Host, a forged Origin; and the owner
    (f"127.0.0.1:{PORT}", None, {}, {}),
    (f"rebound.example:{PORT}", None, {"token": TOKEN}, {}),
    (f"127.0.0.1:{PORT}", "http://evil.example", {"token": TOKEN}, {}),
    (f"localhost:{PORT}", f"http://localhost:{PORT}", {}, {COOKIE.format(port=PORT): TOKEN}),
]


@pytest.mark.parametrize("host, origin, query, cookies", QUICK_GATE)
def test_issue_25s_strangers_at_the_gate(host, origin, query, cookies):
    with trial("explore server"):
        _gate_example(host, origin, query, cookies)


@fuzz_settings(quick=25, deep=3000)
@given(request=requests())
def test_strangers_at_the_gate(request):
    with trial("explore server"):
        _gate_example(*request)


# ------------------------------------------------------------------------- frames
def _parts(n: int) -> list[bytes]:
    return [b'{"msg_type": "x"}', b"{}", b"{}", b"{}", *[b"buf"] * max(0, n - 4)]


@st.composite
def frames(draw):
    from jupyter_server.services.kernels.connection import channels

    good = channels.serialize_msg_to_ws_v1(_parts(draw(st.integers(4, 6))), "shell")
    how = draw(st.sampled_from(["count", "offset", "truncate", "random", "good", "huge"]))
    if how == "good":
        return good
    if how == "random":
        return draw(st.binary(max_size=64))
    if how == "truncate":
        return good[: draw(st.integers(0, len(good)))]
    if how == "huge":  # the reported frame and its kin
        return draw(st.sampled_from([2**62, 2**63 - 1, 2**64 - 1, 10**6])).to_bytes(8, "little") + (
            bytes(draw(st.integers(0, 40)))
        )
    data = bytearray(good)
    count = int.from_bytes(good[:8], "little")
    if how == "count":
        data[:8] = draw(st.integers(0, 2**64 - 1)).to_bytes(8, "little")
    else:
        i = draw(st.integers(1, count))
        value = draw(st.one_of(st.integers(0, 2**64 - 1), st.integers(0, len(good) + 8)))
        data[8 * i : 8 * i + 8] = value.to_bytes(8, "little")
    return bytes(data)


def _frame_example(frame: bytes) -> None:
    pytest.importorskip("jupyter_server")
    from jupyter_server.services.kernels.connection import channels

    from dicestats.explore.server import _guard_jupyter_parsers

    _guard_jupyter_parsers()
    what = f"frame {frame[:48]!r}… ({len(frame)} bytes; fault: {frame_fault(frame)})"
    start = time.process_time()
    try:
        channels.deserialize_msg_from_ws_v1(frame)
    except MemoryError:
        raise Finding("memory", what) from None
    except (ValueError, TypeError, IndexError, KeyError, UnicodeDecodeError):
        pass  # refused, or a message Jupyter cannot read: the channel closes
    spent = time.process_time() - start
    expect("hangs", spent < 0.1, f"{what}: {spent:.2f} s to read")


QUICK_FRAMES = [(2**62).to_bytes(8, "little") + bytes(8), b"\x7f\xff\xff\xff" + bytes(4), b""]


@pytest.mark.parametrize("frame", QUICK_FRAMES, ids=["reported", "legacy", "empty"])
def test_issue_25s_malformed_frame(frame):
    with trial("explore server"):
        _frame_example(frame)


@fuzz_settings(quick=15, deep=2000)
@given(data=st.data())
def test_malformed_frames(data):
    pytest.importorskip("jupyter_server")
    frame = data.draw(frames(), label="frame")
    with trial("explore server"):
        _frame_example(frame)


# ------------------------------------------------------------------------- a real server (deep)
PATHS = ("/", "/voila/static/voila.js", "/api/kernels", "/api/sessions", "/favicon.ico",
         "/tree", "/login", "/api/contents", "/api/terminals", "/voila/render/x.ipynb",
         "/api/kernelspecs", "/files/etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
         "/static/x")  # fmt: skip


@pytest.fixture(scope="module")
def server():
    from tests.explore.served import Served, wait_for

    s = Served("--max-pages", "2", "--idle", "3600")
    assert wait_for(lambda: len(s.kernels()) >= 1, 60)
    status, s.kernel = s.get("/")  # the page: its kernel's id
    assert status == 200
    yield s
    s.stop()


@pytest.mark.skipif(not DEEP, reason="deep profile")
@fuzz_settings(quick=1, deep=150)
@given(
    path=st.sampled_from(PATHS),
    token=st.sampled_from(["right", "none", "wrong", "cookie", "other cookie"]),
    host=st.sampled_from(["right", "forged", "no port", "other port"]),
    origin=st.sampled_from(["none", "own", "forged", "null"]),
)
def test_a_real_server_refuses_strangers(server, path, token, host, origin):
    s = server
    headers = {}
    name = f"127.0.0.1:{s.port}"
    headers["Host"] = {
        "right": name,
        "forged": f"rebound.example:{s.port}",
        "no port": "127.0.0.1",
        "other port": f"127.0.0.1:{s.port + 1}",
    }[host]
    if origin != "none":
        headers["Origin"] = {
            "own": f"http://{headers['Host']}",
            "forged": "http://evil.example",
        }.get(origin, "null")
    cookie = COOKIE.format(port=s.port)
    if token == "cookie":
        headers["Cookie"] = f"{cookie}={s.token}"
    elif token == "other cookie":
        headers["Cookie"] = f"{COOKIE.format(port=s.port + 1)}={s.token}"
    url = path + (
        f"?token={s.token}" if token == "right" else "?token=x" if token == "wrong" else ""
    )
    what = f"GET {url} {headers}"
    with trial("explore server"):
        status, _ = s.get(url, token=False, headers=tuple(headers.items()), timeout=30)
        allowed = token in ("right", "cookie") and host in ("right", "no port")
        allowed = allowed and origin in ("none", "own")
        if not allowed:
            expect("silent wrong", status == 403, f"{what}: {status}, not refused")
        else:
            expect("other", status != 403, f"{what}: the owner refused")
        expect("tracebacks", status != 500, f"{what}: 500")


@pytest.mark.skipif(not DEEP, reason="deep profile")
@fuzz_settings(quick=1, deep=60)
@given(data=st.data())
def test_a_real_servers_kernel_channel_takes_malformed_frames(server, data):
    from tests.explore.served import kernel_id, rss_mb, ws

    frame = data.draw(frames(), label="frame")
    what = f"frame {frame[:32]!r}… ({len(frame)} bytes)"
    with trial("explore server"):
        before = rss_mb(server.server)
        try:
            got = asyncio.run(ws(server, kernel_id(server.kernel), send=frame))
        except TimeoutError:  # the helper's read gave up: no answer, the channel still open
            got = ("still open", None)
        expect("other", got[0] in ("closed", "still open"), f"{what}: {got}")
        time.sleep(0.3)
        grown = rss_mb(server.server) - before
        expect("memory", grown < 50, f"{what}: the server grew {grown:.0f} MB")
        status, _ = server.get("/voila/static/voila.js", timeout=10)
        expect("hangs", status == 200, f"{what}: then {status}")


@pytest.mark.skipif(not DEEP, reason="deep profile")
@pytest.mark.parametrize("attempt", range(2))
def test_sigkill_of_explore_leaves_nothing(attempt):
    """The explore tests' scenario (pages culled, SIGKILL, nothing left), run again."""
    from tests.explore.served import sigkill_leaves_nothing_behind

    with trial("explore server"):
        try:
            sigkill_leaves_nothing_behind()
        except AssertionError as exc:
            raise Finding("leftovers", str(exc)) from None
