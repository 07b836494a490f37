"""The success-pool families, each through the workbench its declaration gives it: solved for a
wish, valued, compared with itself and lined up across families on the command line."""

from __future__ import annotations

import json

import pytest

from dicestats import systems
from dicestats.cli import main

FAMILIES = [s for s in systems() if not s.booklet]
#: One setting per family a designer would line up (its grown parameter given).
SIDES = {
    "cod": "cod --dice 6",
    "v5": "v5 --dice 6 --difficulty 2",
    "shadowrun": "shadowrun --dice 6",
    "yearzero": "yearzero --base 3 --skill 3",
    "exalted": "exalted --dice 6",
    "blades": "blades --dice 3",
    "pbta": "pbta --stat 1",
}
#: What else a solve needs (Year Zero's base dice).
OTHERS = {"yearzero": ["--base", "2"]}


def test_the_seven_families_are_registered_outside_the_default_booklet():
    assert [s.name for s in FAMILIES] == [
        "cod", "v5", "shadowrun", "yearzero", "exalted", "blades", "pbta"
    ]  # fmt: skip


@pytest.mark.parametrize("s", FAMILIES, ids=lambda s: s.name)
def test_each_family_is_solved_on_the_command_line(s, capsys):
    q = next(q for q in s.questions if q.grows)
    argv = ["solve", s.name, "--at-least", "3/4", "--exact", "--json", *OTHERS.get(s.name, [])]
    assert main(argv) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["reached"] and got[q.grows] == got["value"] and got["of"] == q.wishes[0]
    below = got["previous"]
    if below is not None:  # the least value: the one below falls short
        from fractions import Fraction

        assert Fraction(got["p_previous"]) < Fraction(3, 4) <= Fraction(got["p_reached"])


def test_every_family_lined_up_side_by_side(capsys):
    sides = ["storyteller --dice 6 --difficulty 6", *(SIDES[s.name] for s in FAMILIES)]
    assert main(["compare", "across", *sides, "--json", "--up-to", "3"]) == 0
    got = json.loads(capsys.readouterr().out)
    names = ["storyteller", *(s.name for s in FAMILIES)]
    assert [side.split(" ")[0] for side in got["sides"]] == names
    assert got["success"][2] == "p_win" and len(got["p_success"]) == 8
    assert main(["compare", "across", *sides, "blades --dice 1", "--up-to", "3"]) == 2
    assert "sides must be 2 to 8" in capsys.readouterr().err
    assert all(row["p_ge_0"] == 1 for row in got["rows"] if row["k"] == 0)


def test_each_familys_booklet_pages_when_asked_and_not_by_default():
    from dicestats import report

    default = report.page_titles()
    for s in FAMILIES:
        assert not any(t.startswith(s.title) for t in default), s.name
        by = f"{s.title}: chances by {s.grown.grows}"
        assert report.page_titles(s.name) == ["Contents", by, f"{s.title}: sample answers"]


@pytest.mark.parametrize(
    "names, lang",
    [
        (",".join(s.name for s in FAMILIES), "en"),
        (",".join(s.name for s in systems()), "en"),
        (",".join(s.name for s in systems()), "zh-Hant"),
        (None, "de"),
    ],
)
def test_the_cover_of_a_booklet_of_families_lays_out(names, lang):
    """Asked for the seven families (or every system), the cover's line of system names
    wraps inside the margins and its contents stay above the notes (the names ran off both
    edges of the page, and the last entries over the notes)."""
    import io

    from dicestats.report import page_figure

    from .layout import problems

    fig = page_figure(1, names, lang=lang)
    seen = []
    fig.canvas.mpl_connect("draw_event", lambda event: seen.append(problems(fig, event.renderer)))
    fig.savefig(io.BytesIO(), format="pdf")
    assert seen == [[]]


@pytest.mark.parametrize("s", FAMILIES, ids=lambda s: s.name)
def test_the_command_a_familys_page_quotes_gives_the_pages_numbers(s, capsys):
    """The chances page's note quotes a command for its exact values; Year Zero's left out
    its base dice (refused: 'base is required') and V5's its Hunger (other numbers)."""
    import re
    import shlex
    from fractions import Fraction

    from dicestats.core.question import default_values
    from dicestats.report import page_figure
    from dicestats.tables import chances_by_value, sample_setting

    fig = page_figure(2, s.name)
    note = " ".join(
        next(t.get_text() for t in fig.texts if "Exact values:" in t.get_text()).split()
    )
    command = re.search(r"Exact values: dicestats (.*? --exact)\.", note).group(1)
    q = s.grown
    n = default_values(q)[-1]
    assert main([*shlex.split(command.replace(" N ", f" {n} ")), "--json"]) == 0, command
    got = json.loads(capsys.readouterr().out)
    page = chances_by_value(q.function, [n], exact=True, **sample_setting(q))
    assert {c: Fraction(got[c]) for c in q.wishes} == {c: page[c].iloc[0] for c in q.wishes}
