"""The table and chart of any declared question that grows: the question's own answers by the
grown parameter, drawn as the chances wished for."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dicestats import blades, plots, tables


def test_the_table_is_the_questions_own_answers():
    df = tables.chances_by_value(blades.roll, values=[0, 3], exact=True)
    assert list(df.columns) == [
        "dice", "p_success", "p_partial_or_better", "p_critical", "p_full", "p_partial", "p_bad"
    ]  # fmt: skip
    for row in df.itertuples(index=False):
        r = blades.roll(row.dice, exact=True)
        assert (row.p_success, row.p_critical, row.p_bad) == (r.p_success, r.p_critical, r.p_bad)
    assert df["p_success"].tolist() == [Fraction(1, 36), Fraction(91, 216)]


def test_ten_values_around_the_first_sample_by_default():
    assert tables.chances_by_value("blades")["dice"].tolist() == list(range(1, 11))
    with pytest.raises(ValueError, match="^dice must be omitted: give values="):
        tables.chances_by_value("blades", dice=3)


def test_the_chart_draws_the_chances_asked_for():
    df = tables.chances_by_value("blades", values=range(1, 4))
    ax = plots.chances_chart(df, columns=["p_success"])
    (line,) = ax.get_lines()[:1]
    assert list(line.get_ydata()) == df["p_success"].tolist()
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["P(success)"]
    plots.close(ax)


def test_every_familys_pages_draw_from_their_declarations():
    """Each family's pages draw (drawn, not rendered: the booklet test renders the PDF),
    with the setting of its first sample (Year Zero's base dice and push)."""
    from matplotlib.figure import Figure

    from dicestats import systems
    from dicestats.report.page import _Context

    ctx = _Context(seed=1, trials=1000, paper="a4")
    for s in systems():
        if s.booklet:
            continue
        for page in s.pages():
            fig = Figure(figsize=(8.27, 11.69))
            page.draw(fig, ctx)
            assert fig.axes or fig.texts, (s.name, page.title)
    assert tables.sample_setting(blades.roll.question) == {}


def test_the_table_headers_wrap_between_words(monkeypatch):
    """A chance's words longer than a column's line ("P(exceptional)") stay whole: the
    header wraps at spaces only (it read "P(exceptiona" over "l)")."""
    from matplotlib.figure import Figure

    from dicestats import systems
    from dicestats.core.question import chance_words
    from dicestats.report import generic
    from dicestats.report.page import _Context

    headers = []
    real = generic._draw_table

    def recording(ax, df, **kw):
        headers.append((list(df.columns), kw.get("title")))
        return real(ax, df, **kw)

    monkeypatch.setattr(generic, "_draw_table", recording)
    ctx = _Context(seed=1, trials=1000, paper="a4")
    for s in systems():
        if not s.booklet and s.grown is not None:
            s.pages()[0].draw(Figure(figsize=(8.27, 11.69)), ctx)
    shown = {h for columns, _ in headers for h in columns[1:]}
    assert "P(exceptional)" in shown  # CoD's, 14 characters
    words = {chance_words(c) for c in ("p_exceptional", "p_partial_or_better", "p_base_bane")}
    assert {h.replace("\n", " ") for h in shown} >= words
