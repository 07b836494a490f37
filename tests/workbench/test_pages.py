"""The booklet's calibration page prints the workbench's numbers, as every booklet page does
(:func:`dicestats.i18n.chance`, :func:`dicestats.i18n.ladder`)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from dicestats import fate, i18n, report  # noqa: E402
from dicestats import storyteller as st  # noqa: E402
from dicestats.report.booklet import PAPERS, _frame  # noqa: E402
from dicestats.report.calibration import TITLE, pages  # noqa: E402
from dicestats.report.page import _Context  # noqa: E402


@pytest.fixture(scope="module")
def cells():
    (page,) = pages(["fate", "storyteller"])
    fig = plt.figure(figsize=PAPERS["a4"])
    try:
        _frame(fig, page.title, page.how_to_read, 2, 2)
        page.draw(fig, _Context(seed=1, trials=100, paper="a4"))
        rows = []
        for ax in fig.axes:
            for table in ax.tables:
                cells = table.get_celld()
                nrows = max(r for r, _ in cells) + 1
                ncols = max(c for _, c in cells) + 1
                rows.extend(
                    [cells[(r, c)].get_text().get_text() for c in range(ncols)]
                    for r in range(nrows)
                )
        yield rows
    finally:
        plt.close(fig)


def test_the_page_is_in_the_full_booklet_only():
    assert TITLE in report.page_titles()
    assert TITLE in report.page_titles("fate,storyteller")
    assert TITLE not in report.page_titles("fate") + report.page_titles("storyteller")


def test_storyteller_rows_are_the_smallest_pools(cells):
    by_difficulty = {row[0]: row for row in cells if row[0].isdigit()}
    for d in range(2, 10):
        row = by_difficulty[str(d)]
        pools = []  # P(success) of 1, 2, ... dice, scanned only as far as the answers reach

        def p_success(k, d=d, pools=pools):
            while len(pools) < k:
                pools.append(st.pool(len(pools) + 1, d).p_success)
            return pools[k - 1]

        for i, level in enumerate((0.5, 0.75, 0.9)):
            n = next(k for k in range(1, 101) if p_success(k) >= level)
            assert row[1 + 2 * i] == str(n)
            assert row[2 + 2 * i] == i18n.chance(pools[n - 1])
    assert set(by_difficulty["10"][1:]) == {"—"}


def test_fate_rows_are_the_hardest_difficulties(cells):
    by_rating = {" ".join(row[0].split()): row for row in cells if "(" in row[0]}
    for rating in range(-1, 6):
        row = by_rating[i18n.ladder(rating, order="name")]
        for i, level in enumerate((0.5, 0.75, 0.9)):
            ok = [
                (d, o.p_success_or_better)
                for d in range(rating - 8, rating + 6)
                if (o := fate.outcome_probs(rating, difficulty=d)).p_success_or_better >= level
            ]
            d, p = max(ok)
            assert " ".join(row[1 + 2 * i].split()) == i18n.ladder(d, order="name")
            assert row[2 + 2 * i] == i18n.chance(p)
