"""Tidy on the page (issue 24, item 3): no chart text cut by the image's edge, no tick
labels on top of each other, and words, not field names, in every menu and label, for
every explorer on the page (one per registered system, then Compare)."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from dicestats import explore


@pytest.fixture(scope="module")
def tabs():
    return explore.page()


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def test_every_menu_and_label_on_the_page_is_words(tabs):
    for ex in tabs.children:
        for w in _walk(ex):
            assert "_" not in getattr(w, "description", ""), (ex.title, w.description)
            if isinstance(w, widgets.Dropdown):
                names = [label for label in w._options_labels if "_" in label]
                assert not names, (ex.title, w.description, names)
    titles = [tabs.get_title(i) for i in range(len(tabs.children))]
    assert all(t[:1].isupper() or t[:1].isdigit() for t in titles), titles


def test_every_chart_on_the_page_is_whole_and_its_tick_labels_apart(tabs):
    drawn = 0
    for ex in tabs.children:
        view = ex.view  # (a Monte Carlo tab still estimating is left out: not worth the CPU)
        if not ex.busy and view is not None and view.draw is not None:
            assert ex.layout_faults() == [], ex.title
            drawn += 1
    assert drawn >= 3


def test_the_fate_ladder_labels_stay_apart():
    assert explore.fate(-2, 6).layout_faults() == []


def test_the_compare_legend_of_six_lines_is_whole():
    ex = explore.compare(
        {"dice": 6, "difficulty": 7, "preset": "revised"},
        {"dice": 6, "difficulty": 7, "preset": "v20", "specialty": True},
    )
    assert ex.controls["metric"].value == "differ"
    assert ex.layout_faults() == []


def test_a_tab_without_a_chart_offers_no_chart_to_export(tabs):
    for ex in tabs.children:
        ex.wait()
        offered = {
            b.description
            for b in _walk(ex)
            if isinstance(b, widgets.Button) and b.layout.display != "none"
        }
        assert ("export chart PNG" in offered) == (ex.view.draw is not None), ex.title
        assert "export table CSV" in offered, ex.title
