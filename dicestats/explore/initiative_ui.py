"""The initiative explorer: Monte Carlo in the background, a quick estimate first.

Every figure is an answer of :mod:`dicestats.initiative` by Monte Carlo:
:func:`~dicestats.initiative.odds` (who acts first, with its interval; actions
before the enemy; participants) and :func:`~dicestats.initiative.defence` (how
slow the answers to side B's attacks are), both seeded. A control change returns
at once: one worker thread first runs a quick estimate (:data:`QUICK_TRIALS`
trials, same seed) and shows it, then the full one; a newer change supersedes
older work, so the controls never freeze and a stale answer is never shown. The
chart is
:func:`dicestats.plots.initiative_actions_before`.
"""

from __future__ import annotations

import shlex
import threading

import ipywidgets as widgets

from ..core.checks import refuse
from ..format import percent
from ..initiative.rules import HOLD_POLICIES, ORDERS, PIP_RULES, TIEBREAKS
from .base import KEEP, Explorer, Panel, html_table

__all__ = ["InitiativeExplorer", "initiative", "QUICK_TRIALS", "int_list"]

#: Trials of the first, quick estimate (shown within half a second).
QUICK_TRIALS = 2_000
FIGURES = {
    "p_first": "side A acts first",
    "p_double": "someone acts twice in a row",
    "p_slow_round": "a round with a slow answer",
}


def int_list(name: str, text: str):
    """``"3,3"`` → ``[3, 3]`` (a bare number stays an int): the digits 0-9 only.

    >>> int_list("swiftness", "3, 2"), int_list("pips", "1")
    ([3, 2], 1)
    >>> int_list("swiftness", "3,x")
    Traceback (most recent call last):
    ...
    dicestats.InputError: swiftness must be comma-separated whole numbers (e.g. 3,3,2), got '3,x'
    """
    parts = [t.strip() for t in str(text).split(",")]
    if not parts or not all(p.isascii() and p.isdigit() for p in parts):
        raise refuse(name, "comma-separated whole numbers (e.g. 3,3,2)", text)
    values = [int(p) for p in parts]
    return values[0] if len(values) == 1 and name.endswith("pips") else values


def _estimate(e) -> str:
    return str(e)


def _share(e) -> str:
    return "…" if e is None else percent(e.value)


class InitiativeExplorer(Explorer):
    """d6 initiative: see :func:`initiative`."""

    title = "Initiative"

    def __init__(self, swiftness="3,3", versus="2,2,2", *, trials: int = 20_000, seed: int = 1):
        text = dict(layout=widgets.Layout(width="230px"), continuous_update=False)
        default = dict(value="never")
        c = {
            "swiftness": widgets.Text(value=swiftness, description="side A", **text),
            "versus": widgets.Text(value=versus, description="side B", **text),
            "pips": widgets.Text(value="0", description="A pips", **text),
            "versus_pips": widgets.Text(value="0", description="B pips", **text),
            "pip_rule": widgets.Dropdown(options=PIP_RULES, value="one-die", description="pips"),
            "tiebreak": widgets.Dropdown(options=TIEBREAKS, value="all", description="tie-break"),
            "order": widgets.Dropdown(options=ORDERS, value="tier", description="order"),
            "hold": widgets.Dropdown(options=HOLD_POLICIES, description="A holds", **default),
            "versus_hold": widgets.Dropdown(
                options=HOLD_POLICIES, description="B holds", **default
            ),
            "rounds": widgets.IntText(value=1, description="rounds", **text),
            "trials": widgets.IntText(value=trials, description="trials", **text),
            "seed": widgets.IntText(value=seed, description="seed", **text),
        }
        for name, w in c.items():
            w.add_class(f"ds-{name.replace('_', '-')}")
        self.status = widgets.HTML(value="").add_class("ds-status")
        rows = [
            widgets.HBox([c["swiftness"], c["pips"], c["hold"]]),
            widgets.HBox([c["versus"], c["versus_pips"], c["versus_hold"]]),
            widgets.HBox([c["pip_rule"], c["tiebreak"], c["order"]]),
            widgets.HBox([c["rounds"], c["trials"], c["seed"]]),
            self.status,
        ]
        self._wanted = None  # (generation, arguments) of the latest change
        self._done = 0  # the generation fully shown (or refused)
        self._cond = threading.Condition()
        self._worker = None
        super().__init__(c, rows)
        self.refresh()

    # -- the arguments and the API calls ----------------------------------------------
    def arguments(self, state: dict) -> dict:
        """The API's keywords for a state (lists parsed; the API checks the ranges)."""
        from ..initiative import Rules

        return dict(
            swiftness=int_list("swiftness", state["swiftness"]),
            versus=int_list("versus", state["versus"]),
            pips=int_list("pips", state["pips"]),
            versus_pips=int_list("versus_pips", state["versus_pips"]),
            rules=Rules(
                tiebreak=state["tiebreak"], order=state["order"], pip_rule=state["pip_rule"]
            ),  # fmt: skip
            hold=state["hold"],
            versus_hold=state["versus_hold"],
            rounds=state["rounds"],
            trials=state["trials"],
            rng=state["seed"],
        )

    def compute(self, state: dict, trials: int | None = None) -> Panel:
        """The view of ``state`` from ``trials`` trials (default: the state's own)."""
        return self.compute_arguments(self.arguments(state), state, trials)

    def compute_arguments(
        self, kw: dict, state: dict, trials: int | None = None, *, quick: bool = False
    ) -> Panel:
        """The view of the API's keywords ``kw``; ``quick``: who acts first only (no
        defences, no chart: they come with the full estimate)."""
        import pandas as pd

        from .. import initiative as ini
        from .. import plots

        kw = {**kw, "trials": kw["trials"] if trials is None else trials}
        a, b = kw.pop("swiftness"), kw.pop("versus")
        r = ini.odds(a, b, **kw)
        d = None if quick else ini.defence(a, b, attackers="versus", respond="every", **kw)

        before = pd.DataFrame.from_records(
            [
                dict(actions=k, p=e.value, lo=e.ci_low, hi=e.ci_high)
                for k, e in r.actions_before.items()
            ]  # fmt: skip
        )
        people = pd.DataFrame.from_records(
            [
                dict(
                    participant=lab,
                    dice=s,
                    p_first=e.value,
                    lo=e.ci_low,
                    hi=e.ci_high,
                    mean_position=None if m is None else m.value,
                )  # fmt: skip
                for lab, s, e, m in zip(
                    r.labels, a + b, r.p_participant_first, r.mean_position, strict=True
                )  # fmt: skip
            ]
        )
        shown = pd.DataFrame(
            {
                "participant": people["participant"],
                "dice": people["dice"],
                "acts first": [str(e) for e in r.p_participant_first],
                "mean position": [
                    "—" if m is None else f"{m:.3f}" for m in people["mean_position"]
                ],
            }
        )
        slow = pd.DataFrame(
            {
                "slow scale": [str(k) if k else "0 (not slow)" for k in d.slow],
                "share of answers": [percent(e.value) for e in d.slow.values()],
            }
        ) if d is not None else None  # fmt: skip
        tempo = pd.DataFrame(
            {
                "A actions before B's first": before["actions"],
                "probability": [str(e) for e in r.actions_before.values()],
            }
        )

        def draw(fig):
            plots.initiative_actions_before(
                before, ax=fig.subplots(), seed=kw["rng"], trials=kw["trials"]
            )

        flags = self.flags(state, kw["trials"])
        cli = [
            shlex.join(["dicestats", "initiative", *flags]),
            shlex.join(["dicestats", "defence", *flags]),
        ]
        opts = ", ".join(
            f"{k}={v!r}"
            for k, v in kw.items()
            if k not in ("rules",) and v != {"pips": 0, "versus_pips": 0, "hold": "never",
                                              "versus_hold": "never", "rounds": 1}.get(k)
        )  # fmt: skip
        rules = f"ini.Rules(tiebreak={state['tiebreak']!r}, order={state['order']!r}, " + (
            f"pip_rule={state['pip_rule']!r})"
        )
        python = "\n".join(
            [
                "from dicestats import initiative as ini",
                f"ini.odds({a}, {b}, {opts}, rules={rules})",
                f"ini.defence({a}, {b}, attackers='versus', respond='every', {opts}, "
                f"rules={rules})",
            ]
        )
        return Panel(
            figures={
                "p_first": r.p_first,
                "p_double": r.p_double,
                "p_slow_round": None if d is None else d.p_slow_round,
            },
            labels={
                "p_first": (FIGURES["p_first"], _estimate),
                "p_double": (FIGURES["p_double"], _share),
                "p_slow_round": (FIGURES["p_slow_round"], _share),
            },
            draw=None if quick else draw,
            chart_key=KEEP if quick else None,
            table=people,
            table_html="<br>".join(html_table(t) for t in (shown, tempo, slow) if t is not None),
            cli="\n".join(cli),
            python=python,
            note=f"A = {a} vs B = {b}; Monte Carlo, {kw['trials']:,} trials, seed {kw['rng']}; "
            "slow: side B attacks, every participant who can answers",
            result=(r, d),
        )

    @staticmethod
    def flags(state: dict, trials: int) -> list[str]:
        """The CLI flags of a state (options left at their default are left out)."""
        out = ["--swiftness", state["swiftness"].replace(" ", "")]
        out += ["--vs", state["versus"].replace(" ", "")]
        for name, flag, default in (
            ("pips", "--pips", "0"), ("versus_pips", "--vs-pips", "0"),
            ("pip_rule", "--pip-rule", "one-die"), ("tiebreak", "--tiebreak", "all"),
            ("order", "--order", "tier"), ("hold", "--hold", "never"),
            ("versus_hold", "--vs-hold", "never"), ("rounds", "--rounds", 1),
        ):  # fmt: skip
            value = state[name].replace(" ", "") if isinstance(state[name], str) else state[name]
            if value != default:
                out += [flag, str(value)]
        return [*out, "--trials", str(trials), "--seed", str(state["seed"])]

    # -- the background worker ---------------------------------------------------------
    def refresh(self) -> None:
        """Queue the current state: a quick estimate first, then the full one (returns at once)."""
        state = self.state()
        try:
            kw = self.arguments(state)
        except (ValueError, TypeError) as exc:
            self.show_error(exc)
            with self._cond:
                self._wanted = (self._wanted[0] + 1 if self._wanted else 1, None, None)
                self._done = self._wanted[0]
                self._cond.notify_all()
            return None
        with self._cond:
            self.status.value = "estimating…"  # before the worker can show anything newer
            generation = self._wanted[0] + 1 if self._wanted else 1
            self._wanted = (generation, kw, state)
            self._cond.notify_all()
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, daemon=True)
                self._worker.start()
        return None

    def _current(self, generation: int) -> bool:
        with self._cond:
            return self._wanted[0] == generation

    def _work(self) -> None:
        while True:
            with self._cond:
                if self._wanted is None or self._done >= self._wanted[0]:
                    self._worker = None
                    return
                generation, kw, state = self._wanted
            stages = [min(QUICK_TRIALS, kw["trials"])]
            if kw["trials"] > QUICK_TRIALS:
                stages.append(kw["trials"])
            for i, trials in enumerate(stages):
                try:
                    quick = i < len(stages) - 1
                    view = self.compute_arguments(kw, state, trials, quick=quick)
                except (ValueError, TypeError, ArithmeticError) as exc:
                    with self._cond:
                        if self._wanted[0] == generation:
                            self.show_error(exc)
                            self.status.value = ""
                            self._done = generation
                            self._cond.notify_all()
                    break
                with self._cond:
                    if self._wanted[0] != generation:
                        break  # superseded: start on the newer state
                    self.show(view)
                    last = i == len(stages) - 1
                    self.status.value = (
                        f"full estimate ({trials:,} trials)" if last
                        else f"quick estimate ({trials:,} trials); refining…"
                    )  # fmt: skip
                    if last:
                        self._done = generation
                        self._cond.notify_all()

    def wait(self, timeout: float = 120.0) -> Panel | None:
        """Block until the latest change is fully shown (or refused); the view on show."""
        with self._cond:
            ok = self._cond.wait_for(
                lambda: self._wanted is not None and self._done >= self._wanted[0], timeout
            )
        if not ok:
            raise TimeoutError(f"the initiative explorer did not finish within {timeout} s")
        return self.view


def initiative(
    swiftness="3,3", versus="2,2,2", *, trials: int = 20_000, seed: int = 1
) -> InitiativeExplorer:
    """A live explorer of d6 initiative (an ``ipywidgets`` widget).

    Controls: both sides' participants (swiftness, comma-separated) and pips,
    the pip rule, the tie-break and order readings, each side's hold policy,
    rounds, trials and seed. Shows P(side A acts first) with its interval,
    P(someone acts twice in a row), the actions side A takes before side B's
    first, each participant's chance to act first and mean position, and the
    slow penalties of the answers to side B's attacks. The Monte Carlo runs in
    a background thread: a quick estimate first, then the full one.

    Examples
    --------
    >>> ex = initiative("2", "1", trials=4_000, seed=7)
    >>> view = ex.wait()
    >>> from dicestats import initiative as ini
    >>> view.result[0].p_first == ini.odds([2], [1], trials=4_000, rng=7).p_first
    True
    """
    return InitiativeExplorer(swiftness, versus, trials=trials, seed=seed)
