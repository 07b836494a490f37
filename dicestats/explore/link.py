"""A view as an address (issue 24, item 4): the state of the page's tabs in a query string,
and back. ``?tab=storyteller&storyteller.dice=7&storyteller.difficulty=8`` opens the
Storyteller's tab with 7 dice at difficulty 8; every control a tab has can be named so
(``<tab>.<control>``, the tab by its explorer's CSS name), only those that differ from
the page's opening state are written.

The served page (:func:`served_page`) reads its own address once the page is requested
(Voilà's prepared kernel learns it from the server) and shows a "link to this view"
that follows every change (:func:`link_to_view`); a small script in the page
(:data:`FOLLOW_ADDRESS`) puts that link in the browser's address bar as it changes, so
copying the address shares the view.

Examples
--------
>>> parse_query("tab=fate&fate.invokes=2&x=1")
('fate', {'fate': {'invokes': '2'}})
"""

from __future__ import annotations

import gc
import html
import json
import os
import threading
from urllib.parse import parse_qsl, urlencode

__all__ = [
    "tab_name",
    "state_query",
    "parse_query",
    "link_to_view",
    "apply",
    "served_page",
    "TOKEN_ENV",
    "FOLLOW_ADDRESS",
]

#: The environment variables that hand the run's token and address to the server's kernels.
TOKEN_ENV, HOST_ENV = "DICESTATS_EXPLORE_TOKEN", "DICESTATS_EXPLORE_HOST"

#: The served page's script: the address bar follows the "link to this view" (replaced, not
#: pushed: the browser's Back button still leaves the page rather than undoing a control).
FOLLOW_ADDRESS = """<script>
(() => {
  const follow = () => {
    const link = document.querySelector('.ds-served a.ds-link-to-view');
    const href = link && link.getAttribute('href');
    if (href && href.startsWith('?') && href !== window.location.search) {
      window.history.replaceState(window.history.state, '', href);
    }
  };
  new MutationObserver(follow).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['href'],
  });
  follow();
})();
</script>"""


def tab_name(ex) -> str:
    """A tab's name in an address: its explorer's CSS name (``storyteller``, ``cod``)."""
    return ex._slug()


def _text(value) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return "" if value is None else str(value)


def _tabs(tabs) -> tuple[list, object, object]:
    """``(names, explorer, built)`` of a page's tabs: their names, ``explorer(i)`` (made
    if need be) and ``built(i)`` (None while a :class:`~dicestats.explore.base.LazyTabs`
    has not made it: it is then in its opening state)."""
    if hasattr(tabs, "built"):
        return tabs.names, tabs.explorer, tabs.built
    children = list(tabs.children)
    return [tab_name(ex) for ex in children], children.__getitem__, children.__getitem__


def state_query(tabs, opening: dict | None = None, *, token: str | None = None) -> str:
    """The query string of the page's state: the selected tab, then every control that
    differs from ``opening`` (``{tab name: {control: value}}``; every control when None)."""
    names, _explorer, built = _tabs(tabs)
    parts = {}
    for i, name in enumerate(names):
        ex = built(i)
        if ex is not None:  # else not made yet: as it opens
            parts[name] = _pairs(name, ex.state(), None if opening is None else opening.get(name))
    return _query(names, tabs.selected_index, parts, token)


def _pairs(name: str, state: dict, start: dict | None) -> list:
    """The query's pairs of tab ``name`` in ``state``: the controls that differ from ``start``
    (every control when None)."""
    return [
        (f"{name}.{key}", _text(value))
        for key, value in state.items()
        if start is None or key not in start or start[key] != value
    ]


def _query(names, selected, parts: dict, token: str | None) -> str:
    """The query string: the token, the selected tab, then each tab's ``parts[name]``."""
    pairs = [("token", token)] if token else []
    pairs.append(("tab", names[selected or 0]))
    for name in names:
        pairs += parts.get(name, [])
    return urlencode(pairs)


def link_to_view(tabs, *, token: str | None = None):
    """A "link to this view" (an ``ipywidgets.HTML``) that follows the page's tabs (a
    :class:`~dicestats.explore.base.LazyTabs`): its address is :func:`state_query` of the
    page against the state each tab opened in. A change reads the state of its own tab only
    (the others' parts of the address are kept), whatever control made it, those a new
    question makes included.

    Examples
    --------
    >>> from dicestats.explore import page
    >>> tabs = page(lazy=True)
    >>> link = link_to_view(tabs)
    >>> tabs.explorer(0).controls["difficulty"].value = "4"
    >>> parse_query(link.value.split('href="?')[1].split('"')[0].replace("&amp;", "&"))
    ('fate', {'fate': {'difficulty': '4'}})
    """
    import ipywidgets as widgets

    names, opening, parts = tabs.names, {}, {}
    link = widgets.HTML(value="").add_class("ds-link")

    def show(_change=None):
        href = "?" + _query(names, tabs.selected_index, parts, token)
        link.value = (
            f'<a class="ds-link-to-view" href="{html.escape(href)}">link to this view</a> '
            "<span style='color:#666'>(copy it: it opens this tab with these controls)</span>"
        )

    def made(i, ex):
        name = names[i]
        opening[name], parts[name] = ex.state(), []

        def changed(ex):
            parts[name] = _pairs(name, ex.state(), opening[name])
            show()

        ex.on_change(changed)

    tabs.on_build(made)
    tabs.observe(show, names="selected_index")
    show()
    return link


def parse_query(query: str) -> tuple[str | None, dict]:
    """``(tab, {tab: {control: text}})`` of a query string (other keys are ignored)."""
    tab, values = None, {}
    for key, value in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        if key == "tab":
            tab = value
        elif "." in key:
            name, control = key.split(".", 1)
            values.setdefault(name, {})[control] = value
    return tab, values


def _value(widget, text: str):
    """The value of ``widget`` that ``text`` spells (a ValueError when none)."""
    import ipywidgets as widgets

    if isinstance(widget, (widgets.Checkbox, widgets.ToggleButton)):
        if text not in ("0", "1", "true", "false"):
            raise ValueError(f"{text!r} is not 0 or 1")
        return text in ("1", "true")
    if hasattr(widget, "options"):
        for option in widget.options:
            value = option[1] if isinstance(option, tuple) else option
            if _text(value) == text:
                return value
        raise ValueError(f"{text!r} is not one of its choices")
    if isinstance(widget.value, bool):
        return text in ("1", "true")
    if isinstance(widget.value, int):
        return int(text)
    if isinstance(widget.value, float):
        return float(text)
    return text


def apply(tabs, query: str) -> list[str]:
    """Set the page's controls and tab from ``query``; what could not be read (a control
    that is not there, a value its control cannot take) is left as it was and listed."""
    tab, values = parse_query(query)
    skipped = []
    names, explorer, _built = _tabs(tabs)
    by_name = {name: i for i, name in enumerate(names)}
    for name, controls in values.items():
        if name not in by_name:
            skipped.append(f"there is no tab {name!r}")
            continue
        ex = explorer(by_name[name])
        with ex.muted():
            for key in _ordered(ex, controls):  # a question first: it makes the others
                if key not in ex.controls:
                    skipped.append(f"{name} has no control {key!r}")
                    continue
                try:
                    ex.controls[key].value = _value(ex.controls[key], controls[key])
                except (ValueError, TypeError) as exc:
                    skipped.append(f"{name}.{key}: {exc}")
        ex.refresh()
    if tab in by_name:
        tabs.selected_index = by_name[tab]
    elif tab is not None:
        skipped.append(f"there is no tab {tab!r}")
    return skipped


def _ordered(ex, controls: dict) -> list[str]:
    first = [k for k in ("question", "method") if k in controls]
    return first + [k for k in controls if k not in first]


def served_page():
    """:func:`~dicestats.explore.page` as the server shows it: with a "link to this view"
    that follows every change, the state of the address it was opened with restored."""
    import ipywidgets as widgets
    from IPython.display import HTML, display

    from .app import page

    display(HTML(FOLLOW_ADDRESS))
    tabs = page(lazy=True)  # a tab's explorer is made when the tab is first opened
    link = link_to_view(tabs, token=os.environ.get(TOKEN_ENV))
    try:  # the kernel's loop (a cell runs on it): the controls are set there, not in a thread
        import asyncio

        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    threading.Thread(target=_restore_when_asked, args=(tabs, loop), daemon=True).start()
    # what the kernel holds by now (its imports, the first tab) stays to the end: out of the
    # garbage collector's sight, a full collection no longer walks it (80 ms, one change in
    # a few dozen, before)
    gc.freeze()
    return widgets.VBox([link, tabs]).add_class("ds-served")


def _restore_when_asked(tabs, loop=None) -> None:
    """In a prepared kernel, wait for the page's request (Voilà sends its query string to
    ``/voila/query/<kernel>``) and restore the state it names (on ``loop`` when given: the
    kernel's, where every other change of the widgets happens)."""
    query = os.environ.get("QUERY_STRING")
    if query is None and os.environ.get("VOILA_PREHEAT") == "True":
        query = _request_query()
    if not query:
        return
    if loop is not None and not loop.is_closed():
        loop.call_soon_threadsafe(apply, tabs, query)
    else:
        apply(tabs, query)


def _request_query(timeout: float = 3600.0) -> str | None:
    import asyncio

    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    port, kernel = os.environ.get("VOILA_APP_PORT"), os.environ.get("VOILA_KERNEL_ID")
    token = os.environ.get(TOKEN_ENV, "")
    if not (port and kernel):
        return None
    host = os.environ.get(HOST_ENV, "127.0.0.1")
    host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    host = f"[{host}]" if ":" in host else host
    url = f"ws://{host}:{port}/voila/query/{kernel}?token={token}"

    async def ask():
        ws = await websocket_connect(HTTPRequest(url, connect_timeout=30))
        try:
            return await asyncio.wait_for(ws.read_message(), timeout)
        finally:
            ws.close()

    try:
        message = asyncio.new_event_loop().run_until_complete(ask())
    except Exception:  # no address to read: the page opens as it was prepared
        return None
    if not message:
        return None
    return json.loads(message).get("QUERY_STRING")
