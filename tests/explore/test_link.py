"""A view as an address (issue 24, item 4): the state of the page's tabs in a query string,
restored exactly on another page, for every tab the registry gives."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs

from dicestats import explore
from dicestats import storyteller as st
from dicestats.explore.link import apply, link_to_view, parse_query, state_query, tab_name

from .helpers import shown


def _changed(ex) -> dict:
    """A state of ``ex`` other than its opening one: its first number box up by one, its
    first tick box flipped (where it has them)."""
    import ipywidgets as widgets

    change = {}
    for key, w in ex.controls.items():
        if isinstance(w, widgets.IntText) and "int" not in change:
            change["int"] = (key, w.value + 1)
        if isinstance(w, widgets.Checkbox) and "bool" not in change:
            change["bool"] = (key, not w.value)
    return dict(change.values())


def test_every_tab_state_goes_into_the_address_and_comes_back_on_another_page():
    first = explore.page()
    opening = {tab_name(ex): ex.state() for ex in first.children}
    for ex in first.children:
        with ex.muted():
            for key, value in _changed(ex).items():
                ex.controls[key].value = value
        ex.refresh()
    first.selected_index = 1
    query = state_query(first, opening, token="t0k")
    assert parse_qs(query)["token"] == ["t0k"]
    tab, values = parse_query(query)
    assert tab == tab_name(first.children[1])
    assert len(values) >= len(first.children) - 1  # (a tab without boxes has nothing to say)
    second = explore.page()
    assert apply(second, query) == []
    assert second.selected_index == 1
    for a, b in zip(first.children, second.children, strict=True):
        assert a.state() == b.state(), a.title
        assert a.error.value == b.error.value
    s = second.children[[tab_name(ex) for ex in second.children].index("storyteller")]
    assert s.view.result == st.pool(s.state()["dice"], s.state()["difficulty"], s.view.result.rules)


def test_what_an_address_cannot_say_is_left_as_it_was_and_listed():
    ex = explore.storyteller(5, 9)

    class One:  # a page of one tab
        children = [ex]
        selected_index = 0

    skipped = apply(One, "tab=storyteller&storyteller.dice=x&storyteller.nope=1&elsewhere.a=1")
    assert ex.state()["dice"] == 5 and shown(ex, "p_botch") == "16.0%"
    assert any("dice" in s for s in skipped) and any("nope" in s for s in skipped)
    assert any("elsewhere" in s for s in skipped)


def test_the_served_page_makes_a_tab_when_it_is_opened_and_a_link_still_restores_it():
    tabs = explore.page(lazy=True)
    names = tabs.names
    assert tabs.built(0) is not None
    assert all(tabs.built(i) is None for i in range(1, len(names)))
    tab, values = parse_query(state_query(tabs))  # every control of the tabs made
    assert tab == names[0] and list(values) == [names[0]]
    s = names.index("storyteller")
    assert apply(tabs, "tab=storyteller&storyteller.dice=7&storyteller.difficulty=8") == []
    ex = tabs.built(s)
    assert tabs.selected_index == s and tabs.children[s].children == (ex,)
    assert (ex.state()["dice"], ex.state()["difficulty"]) == (7, 8)
    assert ex.view.result == st.pool(7, 8, ex.view.result.rules)
    built = [i for i in range(len(names)) if tabs.built(i) is not None]
    assert built == sorted({0, s})  # the others are still to be made
    tabs.selected_index = names.index("compare")  # opening a tab makes its explorer
    assert tabs.built(names.index("compare")).title == "Compare"


def test_the_link_to_view_follows_a_change_in_its_own_tab_and_the_controls_a_new_question_makes():
    tabs = explore.page(lazy=True)
    link = link_to_view(tabs, token="t0k")

    def shown_query():
        href = re.search(r'href="\?([^"]*)"', link.value).group(1)
        return parse_qs(html.unescape(href))

    assert shown_query() == {"token": ["t0k"], "tab": [tabs.names[0]]}
    fate = tabs.explorer(tabs.names.index("fate"))
    fate.controls["difficulty"].value = "4"
    assert shown_query()["fate.difficulty"] == ["4"]
    fate.controls["question"].value = "contest"  # new controls: the link follows them too
    fate.controls["bonus"].value = "3"
    query = shown_query()
    assert query["fate.question"] == ["contest"] and query["fate.bonus"] == ["3"]
    assert query["tab"] == [tabs.names[0]]  # the tab on show has not changed
