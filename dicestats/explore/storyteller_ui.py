"""The Storyteller explorer: a d10 pool, every rule flag, and extended actions.

The pool tab shows :func:`dicestats.storyteller.pool` (success, failure, botch,
the degrees), the odds across neighbouring pools
(:func:`dicestats.tables.storyteller_odds`) with the cells where one more die is
worse highlighted (:func:`dicestats.tables.storyteller_anomalies`), and the chart
:func:`dicestats.plots.storyteller_anomalies`. The extended tab shows
:func:`dicestats.storyteller.extended` and :func:`dicestats.plots.storyteller_extended`.
A rule flag that cannot apply to the current roll is greyed out (and left out of
the command and the call), as the CLI refuses it.
"""

from __future__ import annotations

import shlex

import ipywidgets as widgets

from ..format import percent
from ..storyteller.limits import LIMITS
from ..storyteller.rules import BOTCH_RULES, ON_BOTCH, ONE_CANCELS, PRESETS, SPECIALTY_RULES
from .base import Explorer, Panel, html_table

__all__ = ["StorytellerExplorer", "storyteller", "rules_of", "pool_span"]

#: The figures of the pool tab, in order: (label, formatter).
POOL_FIGURES = {
    "p_success": "success",
    "p_fail": "failure",
    "p_botch": "botch",
    "mean_net": "mean net",
    "p_marginal": "marginal (1)",
    "p_moderate": "moderate (2)",
    "p_complete": "complete (3)",
    "p_exceptional": "exceptional (4)",
    "p_phenomenal": "phenomenal (5+)",
}
EXTENDED_FIGURES = {
    "p_success": "done",
    "p_failed": "a botch ended it",
    "p_timeout": "out of rounds",
    "mean_rolls": "mean rolls",
}
#: The columns of the odds table, as shown.
TABLE = {
    "dice": "dice",
    "p_success": "success",
    "p_fail": "failure",
    "p_botch": "botch",
    "mean_net": "mean net",
    "p_ge_2": "2+",
    "p_ge_3": "3+",
    "p_ge_4": "4+",
    "p_ge_5": "5+",
}
#: The chart's metric choices (the anomaly metrics of the API).
METRICS = ("p_botch", "p_success", "p_ge_2", "p_ge_3", "p_ge_4", "p_ge_5")
#: Rule flags as (control, CLI flag when the value differs from the preset).
_BOOL_FLAGS = {
    "rule_of_one": "--no-rule-of-one",
    "ten_again": "--ten-again",
    "chain": "--no-chain",
    "reroll_ones_cancel": "--reroll-ones-cancel",
    "willpower": "--willpower",
}
_CHOICE_FLAGS = {"botch_rule": "--botch-rule", "specialty_rule": "--specialty-rule",
                 "one_cancels": "--one-cancels"}  # fmt: skip


def _mean(x) -> str:
    return f"{float(x):.2f}"


def _fmt(key: str):
    return _mean if key.startswith("mean_") else percent


def pool_span(dice: int) -> range:
    """The pools the table and chart show around ``dice``: at most 30, 1..10 at least,
    none above the pool limit.

    >>> pool_span(5), pool_span(40), pool_span(1000)
    (range(1, 11), range(13, 43), range(971, 1001))
    """
    top = min(max(10, dice + 2), LIMITS["dice"].hi)
    return range(max(1, top - 29), top + 1)


def applies(state: dict) -> dict:
    """``{control: bool}``: whether each rule control can apply to this roll (as the CLI says)."""
    rerolls = state["ten_again"] or (state["specialty"] and state["specialty_rule"] == "reroll")
    doubles = state["specialty"] and state["specialty_rule"] == "double"
    high = isinstance(state["difficulty"], int) and state["difficulty"] > 10
    return {
        "chain": rerolls,
        "reroll_ones_cancel": rerolls,
        "specialty_rule": state["specialty"],
        "one_cancels": doubles and state["rule_of_one"],
        "ordinary_willpower": state["willpower"],
        "clamp": high,
    }


def rules_of(state: dict):
    """``(rules, specialty, cli_flags, python_rules)`` of a state: the rule set the controls
    ask for, the CLI flags that say it, and the Python argument that builds it (``", st.Rules
    ..."``, empty for the default rules)."""
    from ..storyteller import Rules

    preset = PRESETS[state["preset"]]
    ok = applies(state)
    changes, flags = {}, ["--preset", state["preset"]] if state["preset"] != "revised" else []
    for name, flag in _BOOL_FLAGS.items():
        if ok.get(name, True) and state[name] != getattr(preset, name):
            changes[name] = state[name]
            flags.append(flag)
    for name, flag in _CHOICE_FLAGS.items():
        if ok.get(name, True) and state[name] != getattr(preset, name):
            changes[name] = state[name]
            flags += [flag, state[name]]
    if ok["ordinary_willpower"] and state["ordinary_willpower"]:
        changes["willpower_success"] = "ordinary"
        flags += ["--willpower-success", "ordinary"]
    if ok["clamp"] and state["clamp"]:
        changes["above_ten"] = "clamp"
        flags += ["--above-ten", "clamp"]
    specialty = bool(state["specialty"])
    if specialty:
        flags.insert(flags.index("--specialty-rule") if "--specialty-rule" in flags else
                     len(flags), "--specialty")  # fmt: skip
    rules = Rules.preset(state["preset"]).replace(**changes)
    python = f", st.Rules.preset({state['preset']!r})"
    if changes:
        python += ".replace(" + ", ".join(f"{k}={v!r}" for k, v in changes.items()) + ")"
    elif state["preset"] == "revised":
        python = ""  # the default rules
    return rules, specialty, flags, python


class StorytellerExplorer(Explorer):
    """Storyteller d10 pools: see :func:`storyteller`."""

    title = "Storyteller"

    def __init__(self, dice: int = 5, difficulty: int = 6, preset: str = "revised"):
        r = PRESETS[preset]
        text = dict(layout=widgets.Layout(width="190px"), continuous_update=False)
        c = {
            "dice": widgets.IntText(value=dice, description="pool", **text),
            "difficulty": widgets.IntText(value=difficulty, description="difficulty", **text),
            "preset": widgets.Dropdown(options=list(PRESETS), value=preset, description="preset"),
            "rule_of_one": widgets.Checkbox(value=r.rule_of_one, description="rule of one"),
            "botch_rule": widgets.Dropdown(options=BOTCH_RULES, value=r.botch_rule,
                                           description="botch rule"),  # fmt: skip
            "ten_again": widgets.Checkbox(value=r.ten_again, description="ten-again"),
            "chain": widgets.Checkbox(value=r.chain, description="chain (10s on extra dice)"),
            "reroll_ones_cancel": widgets.Checkbox(value=r.reroll_ones_cancel,
                                                   description="1s on extra dice cancel"),
            "specialty": widgets.Checkbox(value=False, description="specialty"),
            "specialty_rule": widgets.Dropdown(options=SPECIALTY_RULES, value=r.specialty_rule,
                                               description="specialty rule"),
            "one_cancels": widgets.Dropdown(options=ONE_CANCELS, value=r.one_cancels,
                                            description="a 1 cancels"),
            "willpower": widgets.Checkbox(value=False, description="Willpower"),
            "ordinary_willpower": widgets.Checkbox(value=False,
                                                   description="1s can cancel it"),
            "clamp": widgets.Checkbox(value=False, description="difficulty above 10 rolled at 10"),
            "metric": widgets.Dropdown(options=METRICS, value="p_botch", description="chart"),
            "target": widgets.IntText(value=10, description="target", **text),
            "rounds": widgets.IntText(value=0, description="rounds (0: no limit)", **text),
            "on_botch": widgets.Dropdown(options=ON_BOTCH, value="resets", description="a botch"),
        }  # fmt: skip
        for name, w in c.items():
            w.add_class(f"ds-{name.replace('_', '-')}")
        self.tabs = widgets.Tab(
            children=[
                widgets.HBox([c["metric"]]),
                widgets.HBox([c["target"], c["rounds"], c["on_botch"]]),
            ]
        )
        self.tabs.set_title(0, "pool")
        self.tabs.set_title(1, "extended action")
        rows = [
            widgets.HBox([c["dice"], c["difficulty"], c["preset"]]),
            widgets.HBox([c["rule_of_one"], c["botch_rule"], c["ten_again"], c["chain"]]),
            widgets.HBox(
                [c["reroll_ones_cancel"], c["specialty"], c["specialty_rule"], c["one_cancels"]]
            ),  # fmt: skip
            widgets.HBox([c["willpower"], c["ordinary_willpower"], c["clamp"]]),
            self.tabs,
        ]
        super().__init__(c, rows)
        self.tabs.observe(self._changed, names="selected_index")
        self.refresh()

    def _changed(self, change=None) -> None:
        """A new preset first resets the rule flags to its own (then one re-draw)."""
        c = self.controls
        if change is not None and change.get("owner") is c["preset"]:
            with self.muted():
                for name in (*_BOOL_FLAGS, *_CHOICE_FLAGS):
                    c[name].value = getattr(PRESETS[change["new"]], name)
        super()._changed(change)

    def state(self) -> dict:
        """The controls' values and ``tab`` (0: pool, 1: extended action)."""
        c = self.controls
        state = super().state()
        for name, ok in applies(state).items():
            c[name].disabled = not ok
        state["tab"] = self.tabs.selected_index or 0
        return state

    def compute(self, state: dict) -> Panel:
        rules, specialty, flags, rules_py = rules_of(state)
        if state["tab"] == 1:
            return self._extended(state, rules, specialty, flags, rules_py)
        return self._pool(state, rules, specialty, flags, rules_py)

    def _pool(self, state, rules, specialty, flags, rules_py) -> Panel:
        from .. import plots, storyteller, tables

        n, d, metric = state["dice"], state["difficulty"], state["metric"]
        r = storyteller.pool(n, d, rules, specialty=specialty)
        span = pool_span(n)
        odds = tables.storyteller_odds(span, [d], rules, specialty=specialty)
        found = tables.storyteller_anomalies(rules, span, [d], specialty=specialty, exact=False)
        shown = odds[list(TABLE)].copy()
        for col in TABLE:
            if col != "dice":
                shown[col] = shown[col].map(_fmt(col))
        shown.columns = list(TABLE.values())
        marked = [(n2 - span.start, TABLE[m]) for m, n2 in zip(found["metric"], found["dice"],
                                                                 strict=True)]  # fmt: skip

        def draw(fig):
            ax = fig.subplots()
            plots.storyteller_anomalies(odds, found, metric=metric, ax=ax)
            ax.axvline(n, color="#999999", linewidth=0.8, linestyle="--")

        spec = ", specialty=True" if specialty else ""
        return Panel(
            figures={k: getattr(r, k) for k in POOL_FIGURES},
            labels={k: (v, _fmt(k)) for k, v in POOL_FIGURES.items()},
            draw=draw,
            chart_key=("pool", rules, specialty, span, d, metric, n),
            table=odds,
            table_html=html_table(shown, marked=marked, current=n - span.start),
            cli=shlex.join(["dicestats", "pool", str(n), "--difficulty", str(d), *flags]),
            python=(f"from dicestats import storyteller as st\nst.pool({n}, {d}{rules_py}{spec})"),
            note=f"{n} dice at difficulty {d}, {rules.describe(specialty=specialty)}; "
            "highlighted: one more die is worse",
            result=r,
        )

    def _extended(self, state, rules, specialty, flags, rules_py) -> Panel:
        from .. import plots, storyteller, tables

        n, d, target = state["dice"], state["difficulty"], state["target"]
        rounds = state["rounds"] or None
        on_botch = state["on_botch"]
        r = storyteller.extended(
            n, d, target, rules, on_botch=on_botch, rounds=rounds, specialty=specialty
        )
        curve = tables.storyteller_extended(
            [n], d, target, rules, on_botch=on_botch, rounds=rounds, max_round=rounds or 20,
            specialty=specialty,
        )  # fmt: skip
        shown = curve[["round", "p_done"]].copy()
        shown["p_done"] = shown["p_done"].map(percent)
        shown.columns = ["rounds rolled", "done by then"]

        def draw(fig):
            plots.storyteller_extended(curve, ax=fig.subplots())

        cli = ["dicestats", "extended", "--dice", str(n), "--difficulty", str(d)]
        cli += ["--target", str(target)]
        cli += ["--on-botch", on_botch] if on_botch != "resets" else []
        cli += ["--rounds", str(rounds)] if rounds else []
        extra = f", on_botch={on_botch!r}" + (f", rounds={rounds}" if rounds else "")
        extra += ", specialty=True" if specialty else ""
        return Panel(
            figures={k: getattr(r, k) for k in EXTENDED_FIGURES},
            labels={k: (v, _fmt(k)) for k, v in EXTENDED_FIGURES.items()},
            draw=draw,
            table=curve,
            table_html=html_table(shown),
            cli=shlex.join([*cli, *flags]),
            python=(
                "from dicestats import storyteller as st\n"
                f"st.extended({n}, {d}, {target}{rules_py}{extra})"
            ),
            note=f"extended action: {n} dice at difficulty {d}, target {target}, "
            f"a botch {on_botch}; {rules.describe(specialty=specialty)}",
            result=r,
        )


def storyteller(dice: int = 5, difficulty: int = 6, preset: str = "revised") -> StorytellerExplorer:
    """A live explorer of a Storyteller d10 pool (an ``ipywidgets`` widget).

    Controls: the pool, the difficulty, the preset and every rule flag,
    Willpower, a specialty; the chart's metric; a tab for extended actions
    (target, round limit, what a botch does). Shows success, failure, botch and
    the degrees, the odds across neighbouring pools with the anomaly cells
    highlighted, the chart, the equivalent CLI command and Python call, and
    exports the chart (PNG/SVG) and the table (CSV). A refused state shows the
    one-line error instead of raising.

    Examples
    --------
    >>> ex = storyteller(5, 9)
    >>> ex.summary.value.count('class="ds-p_botch">16.0%')
    1
    >>> import dicestats.storyteller
    >>> ex.controls["dice"].value = 6
    >>> ex.view.result.p_botch == dicestats.storyteller.pool(6, 9).p_botch
    True
    >>> ex.controls["dice"].value = 1001
    >>> ex.error.value
    'dice must be an integer in 1..1000, got 1001 (far beyond any character&#x27;s pool)'
    """
    return StorytellerExplorer(dice, difficulty, preset)
