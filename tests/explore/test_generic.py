"""The generic explorer asks a system's declared questions with controls from the declarations.

Driven on the Storyteller (set the widgets' values, as a person would): every
question answers, the view on show is the text the command on show prints
(``dicestats.cli.main``), the Python call on show gives the same result, a bad
value is its one-line error. The page has a tab per registered system (a
system's own explorer, else the generic one) and Compare.
"""

from __future__ import annotations

import html
import re
import shlex
import sys
import time
import types
from dataclasses import dataclass
from fractions import Fraction
from importlib.machinery import ModuleSpec

import pytest

pytest.importorskip("ipywidgets")

from dicestats import explore, registry  # noqa: E402
from dicestats import storyteller as st  # noqa: E402
from dicestats.cli import main  # noqa: E402
from dicestats.core.question import Sample, question  # noqa: E402
from dicestats.core.results import Result  # noqa: E402


def view_on_show(ex) -> str:
    """The result's view as the page shows it (the text in ``pre.ds-view``)."""
    m = re.search(r"<pre class='ds-view'>(.*)</pre>", ex.table.value, re.S)
    assert m, "no view on show"
    return html.unescape(m.group(1))


def printed(cmd: str, capsys) -> str:
    """What the command on show prints."""
    argv = shlex.split(cmd)
    assert argv[0] == "dicestats"
    capsys.readouterr()
    assert main(argv[1:]) == 0, capsys.readouterr().err
    return capsys.readouterr().out.rstrip("\n")


def called(code: str):
    """The value of the Python call on show (an import line, then the call)."""
    ns: dict = {}
    setup, last = code.splitlines()
    exec(setup, ns)
    return eval(last, ns)


def test_every_storyteller_question_answers_and_its_command_prints_the_same(capsys):
    ex = explore.generic("storyteller")
    options = ex.controls["question"].options  # (words, name): no field name on the page
    assert [name for _, name in options] == [
        q.name for q in registry.system("storyteller").questions
    ]
    assert all(label == name.replace("_", " ") for label, name in options)
    assert list(ex.questions) == [name for _, name in options] and not ex.left_out
    for _, name in options:
        ex.controls["question"].value = name
        assert ex.error.value == "", name
        q = ex.question
        assert ex.controls["method"].options == q.methods
        assert {p.name for p in q.parameters} == {k.split(".")[0] for k in ex.controls} - {
            "question",
            "method",
            "trials",
            "seed",
        }
        assert ex.view.result == q.function(**ex.call(ex.state()).kwargs)
        assert view_on_show(ex) == printed(ex.view.cli, capsys), name
        assert called(ex.view.python) == ex.view.result, name
    assert ex.view.cli == "dicestats storyteller teamwork 3,2 --difficulty 7 --spoil"


# The Storyteller's every question, with its Python call, is the test above: the others here.
@pytest.mark.parametrize(
    "system", [s for s in registry.systems() if s.name != "storyteller"], ids=lambda s: s.name
)
def test_every_declared_system_is_explored_and_its_python_call_gives_the_answer(system):
    ex = explore.generic(system)
    assert set(ex.questions) | set(ex.left_out) == {q.name for q in system.questions}
    for name in ex.questions:
        ex.controls["question"].value = name
        assert ex.error.value == "", (name, ex.error.value)
        assert called(ex.view.python) == ex.view.result, name


def test_rule_controls_reach_the_call_and_the_command(capsys):
    ex = explore.generic("storyteller", "pool", dice=5, difficulty=7)
    with ex.muted():
        ex.controls["rules.preset"].value = "v20"
        ex.controls["specialty"].value = True
        ex.controls["method"].value = "exact"
    ex.controls["rules.one_cancels"].value = "highest"
    want = st.pool(5, 7, st.Rules.preset("v20").replace(one_cancels="highest"), specialty=True,
                   exact=True)  # fmt: skip
    assert ex.view.result == want
    assert ex.view.cli == (
        "dicestats storyteller pool 5 --difficulty 7 --preset v20 --one-cancels highest "
        "--specialty --exact"
    )
    assert view_on_show(ex) == printed(ex.view.cli, capsys)
    assert view_on_show(ex).splitlines()[1].split()[-1] == "exact"  # the p/q column
    assert called(ex.view.python) == want
    # A new preset starts from its own flags; a flag that changes nothing is left out, and said.
    ex.controls["rules.preset"].value = "revised"
    assert ex.controls["rules.one_cancels"].value == "success"
    with ex.muted():
        ex.controls["specialty"].value = False
    ex.controls["rules.chain"].value = False
    assert ex.view.result == st.pool(5, 7, exact=True)
    assert "--no-chain" not in ex.view.cli and "chain left out" in ex.view.note


def test_a_bad_value_is_its_one_line_error_and_the_last_answer_stays():
    ex = explore.generic("storyteller", "multiple_actions")
    good = ex.view
    ex.controls["pools"].value = "7,,6"
    assert ex.error.value.startswith("pools must be comma-separated whole numbers")
    assert ex.view is good
    ex.controls["pools"].value = "7,6,6"
    good = ex.view
    ex.controls["difficulty"].value = "6,8"  # two difficulties for three actions
    assert ex.error.value.startswith("difficulty must be")
    assert "\n" not in ex.error.value and ex.view is good
    assert "ds-stale" in ex.table._dom_classes
    ex.controls["difficulty"].value = "6"
    assert ex.error.value == "" and "ds-stale" not in ex.table._dom_classes


def test_monte_carlo_runs_in_the_background_and_matches_the_command(capsys):
    ex = explore.generic("storyteller", "pool", dice=5, difficulty=7)
    with ex.muted():
        ex.controls["trials"].value = 5_000
        ex.controls["seed"].value = 3
    ex.controls["method"].value = "montecarlo"  # returns at once: the answer comes later
    panel = ex.wait()
    assert ex.status.value == "full estimate (5,000 trials)"
    assert panel.result.to_json() == st.pool(5, 7, trials=5_000, rng=3).to_json()
    assert panel.cli.endswith("--trials 5000 --seed 3")
    assert view_on_show(ex) == printed(panel.cli, capsys)
    ex.controls["trials"].value = 0  # refused at once, no estimate needed
    assert ex.error.value.startswith("trials must be an integer in 2..")
    ex.show_json.value = True
    ex.controls["trials"].value = 2_000
    ex.wait()
    assert html.unescape(ex.json.value).count(ex.view.result.to_json()) == 1
    # A billion trials, then another method: the run stops at its next batch.
    ex.controls["trials"].value = 1_000_000_000
    assert ex.busy
    ex.controls["method"].value = "float"
    assert ex.view.result == st.pool(5, 7) and ex.status.value == ""
    deadline = time.monotonic() + 30
    while ex.busy and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not ex.busy and ex.view.result == st.pool(5, 7)


# --------------------------------------------------------------------------- the page
@dataclass(frozen=True)
class Heads(Result):
    coins: int
    need: int
    p_enough: object
    exact: bool


def _heads(coins: int = 2, *, need: int | None = None, side: str = "heads", method):
    """The chance that at least ``need`` of ``coins`` coins show ``side``.

    Parameters
    ----------
    coins : int
        1..20 coins.
    need : int, optional
        How many must show it (default: every coin).
    side : {"heads", "tails"}
        The side wanted.
    """
    from dicestats.core.checks import check_choice, check_int
    from dicestats.core.question import Setup

    coins = check_int("coins", coins, 1, 20)
    need = coins if need is None else check_int("need", need, 0, coins)
    return Setup(coins=coins, need=need, side=check_choice("side", side, ("heads", "tails")))


_heads.__module__ = "dicestats.coin.questions"


def _enough(s, exact):
    from math import comb

    p = Fraction(sum(comb(s.coins, k) for k in range(s.need, s.coins + 1)), 2**s.coins)
    return Heads(s.coins, s.need, p if exact else float(p), exact)


@pytest.fixture
def coin(monkeypatch):
    """A small system registered for the test: one declared question, no explorer of its own."""
    heads = question(result=Heads, compute=_enough, headline="p_enough",
                     samples=(Sample("3 coins", (3,)),), name="heads")(_heads)  # fmt: skip
    package = types.ModuleType("dicestats.coin")
    package.__path__ = []
    package.__spec__ = ModuleSpec("dicestats.coin", None, is_package=True)
    questions = types.ModuleType("dicestats.coin.questions")
    questions.__spec__ = ModuleSpec("dicestats.coin.questions", None)
    questions.__all__ = ["heads"]
    package.heads = questions.heads = heads
    monkeypatch.setitem(sys.modules, "dicestats.coin", package)
    monkeypatch.setitem(sys.modules, "dicestats.coin.questions", questions)
    system = registry.System("coin", "Coins", "enough heads")
    monkeypatch.setattr(registry, "_SYSTEMS", (registry.system("storyteller"), system))
    return system


def test_the_page_has_a_tab_per_registered_system_then_compare(coin, capsys):
    tabs = explore.page()
    titles = [tabs.get_title(i) for i in range(len(tabs.children))]
    assert titles == ["Storyteller", "Coins", "Compare"]  # the registered title's words
    own, ex, _ = tabs.children
    assert type(own).__name__ == "StorytellerExplorer"  # dicestats.explore.storyteller_ui
    assert isinstance(ex, explore.GenericExplorer) and ex.error.value == ""
    # Its controls come from the declaration: an integer, an integer or none, a choice.
    c = ex.controls
    assert (c["coins"].value, c["need"].value, c["side"].options) == (3, "", ("heads", "tails"))
    assert ex.view.cli == "dicestats coin heads --coins 3"
    assert view_on_show(ex) == printed(ex.view.cli, capsys) == "heads\nenough  12.50%"
    with ex.muted():
        c["need"].value = "2"
        c["side"].value = "tails"
    c["method"].value = "exact"
    assert ex.view.cli == "dicestats coin heads --coins 3 --need 2 --side tails --exact"
    assert ex.view.result.p_enough == Fraction(1, 2) == called(ex.view.python).p_enough
    assert view_on_show(ex) == printed(ex.view.cli, capsys)
    c["need"].value = "two"
    assert ex.error.value == "need must be a whole number, or empty for none, got &#x27;two&#x27;"
    c["need"].value = "4"
    assert ex.error.value == "need must be an integer in 0..3, got 4"
