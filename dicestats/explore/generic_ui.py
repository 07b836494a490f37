"""The generic explorer (:func:`generic`): any system's declared questions, a control per
parameter read as the command line reads its options (:func:`control_kind`). A system's own
explorer (``<system>_ui``) is a :class:`GenericExplorer` configured.

Examples
--------
>>> ex = generic("storyteller", "resisted")
>>> ex.controls["versus"].value
'5'
>>> ex.view.cli
'dicestats storyteller resisted 6 --vs 5 --vs-difficulty 6'
"""

from __future__ import annotations

import dataclasses
import functools
import html
import importlib
import inspect
import numbers
import re
import shlex
from fractions import Fraction
from types import SimpleNamespace

import ipywidgets as widgets
import traitlets

from ..core.checks import check_int, refuse
from ..core.question import (
    annotation_text,
    doc_choices,
    documented,
    option,
    parameter_docs,
    rules_class,
    rules_from,
    rules_presets,
    unmarked,
)
from ..core.results import Table
from ..format import percent, view_text
from .base import KEEP, REFUSALS, Explorer, Panel, chart_axes

__all__ = [
    "GenericExplorer",
    "generic",
    "control_kind",
    "view_html",
    "tab_title",
    "words",
    "QUICK_TRIALS",
    "TRIALS",
]

#: Trials of the first, quick Monte Carlo estimate (shown within a fraction of a second).
QUICK_TRIALS = 2_000
#: The trials a Monte Carlo answer starts with.
TRIALS = 20_000
#: The most values a range ``A-B`` of a list box spells.
RANGE_MAX = 100_000
_STYLE = {"description_width": "initial"}


def _box() -> dict:
    """A text box's layout (a widget of its own: none is made at import)."""
    return dict(layout=widgets.Layout(width="230px"), continuous_update=False)


def words(name: str) -> str:
    """A declared name as words on the page: ``"dark_ages"`` → ``"dark ages"``."""
    return name.replace("_", " ")


def tab_title(system) -> str:
    """A system's tab: how people call it (its registered title) up to its first
    parenthesis, colon or semicolon.

    >>> from dicestats.registry import system
    >>> tab_title(system("cod")), tab_title(system("v5")), tab_title(system("pbta"))
    ('Chronicles of Darkness', 'Vampire', 'Powered by the Apocalypse')
    """
    title = re.split(r" \(|[:;]", system.title, maxsplit=1)[0].strip()
    return title or system.name.replace("_", " ").capitalize()


# --------------------------------------------------------------------------- kinds of control
def control_kind(param: inspect.Parameter, doc_kind: str = "", *, rules=None) -> str | None:
    """The kind of control of a parameter, by its annotation and its numpydoc type (as the
    command line reads them), or None for a value no control can spell (the API's default).

    ``"rules"`` (a ``rules``/``versus_rules`` parameter of a system with ``Rules``),
    ``"choice"``, ``"bool"``, ``"int"``, ``"float"`` (a box each), or a text box:
    ``"int_list"``, ``"int_or_list"``, ``"int_or_word"``, ``"word_list"``,
    ``"word_or_list"`` (integers or words: ``1,Fair,+3``), ``"text"``, and
    ``"optional_int"``, ``"optional_float"`` (an integer or a number, empty for
    None). A text box of a parameter that defaults to None reads empty as None.

    >>> import inspect
    >>> P = inspect.Parameter
    >>> def f(dice: int, pools: list[int] = (), rounds: int | None = None, how="a",
    ...       bonuses: int | list[int] | None = None): ...
    >>> [control_kind(p) for p in inspect.signature(f).parameters.values()]
    ['int', 'int_list', 'optional_int', 'text', 'int_or_list']
    >>> control_kind(P("on_botch", P.KEYWORD_ONLY, default="resets"), '{"resets", "ends"}')
    'choice'
    """
    default = None if param.default is inspect.Parameter.empty else param.default
    if param.name in ("rules", "versus_rules") and rules is not None:
        return "rules"
    a = annotation_text(param.annotation).replace(" ", "")
    if a.startswith("Optional[") and a.endswith("]"):
        a = a[len("Optional[") : -1]
    a = "|".join(t for t in a.split("|") if t != "None")  # None: an empty box, or "(none)"
    if a == "bool" or isinstance(default, bool):
        return "bool"
    if doc_choices(doc_kind):
        return "choice"
    if a.startswith(("list[int|str]", "list[str|int]")):
        return "word_list"
    if a.startswith(("int|str|list[int|str]", "str|int|list[str|int]")):
        return "word_or_list"
    if a.startswith(("list[int]", "Sequence[int]", "tuple[int")):
        return "int_list"
    if a in ("int|list[int]", "list[int]|int", "int|Sequence[int]"):
        return "int_or_list"
    if a.startswith(("int|str", "str|int")):
        return "int_or_word"
    if "str" in a.split("|"):  # a value the API also reads from its text ("1/4", "OAO")
        return "text"
    if a.startswith("int") or (not a and isinstance(default, int)):
        return "optional_int" if param.default is None else "int"
    if a.startswith("float") or (not a and isinstance(default, float)):
        return "optional_float" if param.default is None else "float"
    if a.startswith("str") or isinstance(default, str):
        return "text"
    return None


def _rule_fields(q, cls) -> list:
    """The fields of ``cls`` that get a control (a flag on the command line): a bool, an
    int or a word, and not a parameter of ``q`` (its own ``tiebreak=`` says that rule)."""
    names, default = {p.name for p in q.parameters}, cls()
    return [
        f
        for f in dataclasses.fields(cls)
        if f.name not in names and isinstance(getattr(default, f.name), (bool, int, str))
    ]  # other values (a tuple of pairs, say) are the API's to give, as on the command line


def int_list(name: str, text: str, *, one: bool = False):
    """Comma-separated integers (``"7,6,6"``) or a range (``"1-10"``), as a list; with
    ``one``, a single integer stays an int (a parameter that takes an int or a list).

    >>> int_list("pools", "7, 6,6"), int_list("dice", "1-4"), int_list("difficulty", "6", one=True)
    ([7, 6, 6], [1, 2, 3, 4], 6)
    >>> int_list("pools", "7,,6")
    Traceback (most recent call last):
    ...
    dicestats.InputError: pools must be comma-separated whole numbers (e.g. 3,3,2) or a range \
(1-10), got '7,,6'
    """
    t = str(text).strip()
    m = re.fullmatch(r"(\d+)\s*-\s*(\d+)", t)
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        if a > b:
            raise refuse(name, "a range low-high", text, why="it is reversed")
        if b - a >= RANGE_MAX:
            raise refuse(name, f"a range of at most {RANGE_MAX:,} values", text)
        return list(range(a, b + 1))
    parts = [p.strip() for p in t.split(",")]
    if not all(re.fullmatch(r"[+-]?\d+", p) for p in parts):
        raise refuse(name, "comma-separated whole numbers (e.g. 3,3,2) or a range (1-10)", text)
    values = [int(p) for p in parts]
    return values[0] if one and len(values) == 1 else values


def _list_text(values) -> str:
    """A list as its box shows it: ``"1-30"`` for a run of 3 or more, else ``"7,6,6"``."""
    values = [values] if isinstance(values, numbers.Integral) else list(values)
    run = len(values) >= 3 and values == list(range(values[0], values[0] + len(values)))
    if run and values[0] >= 0:
        return f"{values[0]}-{values[-1]}"
    return ",".join(str(v) for v in values)


def _same(value, default) -> bool:
    """Whether a control's value is the parameter's default (a range is its list)."""
    if isinstance(default, (range, list, tuple)) and isinstance(value, list):
        return list(default) == value
    if isinstance(value, str) and default is not None and not isinstance(default, str):
        return value == str(default)  # a text box showing the default (point_value "0")
    return type(value) is type(default) and value == default


# --------------------------------------------------------------------------- one call
@dataclasses.dataclass
class Call:
    """What a state of the controls asks: the question, the API's keywords and method
    keywords (``how``), how the command line and Python spell them, notes, and the state."""

    question: object
    kwargs: dict
    method: str
    how: dict
    cli_args: list
    py_args: list
    notes: list
    state: dict

    @property
    def cli(self) -> str:
        """The equivalent ``dicestats ...`` command."""
        how = []
        if self.method == "exact":
            how = ["--exact"]
        elif self.method == "montecarlo":
            how = ["--trials", str(self.how["trials"]), "--seed", str(self.how["rng"])]
        elif "method" in self.how:
            how = ["--method", self.method]
        return shlex.join([*self.cli_args, *how])

    @property
    def python(self) -> str:
        """The equivalent Python call (an import line, then the call)."""
        q = self.question
        args = ", ".join([*self.py_args, *(f"{k}={v!r}" for k, v in self.how.items())])
        return f"from dicestats import {q.system}\n{q.system}.{q.name}({args})"


def figure_text(key: str, x) -> str:
    """A headline figure as shown: a probability (``p_...``) as a percentage."""
    if hasattr(x, "stderr") and hasattr(x, "value"):  # an Estimate
        if key.startswith("p_"):
            return f"{percent(x.value)} ± {percent(x.stderr)}"
        return f"{x.value:.2f} ± {x.stderr:.2f}"
    if isinstance(x, (tuple, list)):
        return str(len(x))
    if isinstance(x, numbers.Real) and not isinstance(x, (bool, numbers.Integral)):
        return percent(x) if key.startswith("p_") else f"{float(x):.2f}"
    return str(x)


def view_html(result, exact: bool = False) -> str:
    """A result's view as the page shows it: the text the command line prints."""
    return f"<pre class='ds-view'>{html.escape(view_text(result.view(), exact=exact))}</pre>"


# --------------------------------------------------------------------------- the explorer
class _Choice(widgets.Dropdown):
    """A menu in which None is a choice, shown "(none)": ipywidgets reads a value of None as
    no choice at all (a blank menu), set at the start or later (a link, a preset).

    Examples
    --------
    >>> menu = _Choice(options=[("(none)", None), ("all", "all")], index=0)
    >>> menu.value = "all"
    >>> menu.value = None
    >>> menu.index, menu.label
    (0, '(none)')
    """

    @traitlets.observe("value")
    def _propagate_value(self, change):
        if change.new is None and None in self._options_values:
            index = self._options_values.index(None)
            if self.index != index:
                self.index = index
            return
        super()._propagate_value(change)


class GenericExplorer(Explorer):
    """A system's declared questions, with controls from their declarations: see
    :func:`generic`. A system's own explorer sets the class attributes below and adds to
    :meth:`panel`.

    Attributes
    ----------
    system, question : dicestats.registry.System, dicestats.core.question.Question
        The system, and the question on show.
    questions, left_out : dict
        The questions of the picker by name; those left out, with why.
    controls : dict
        ``question``, ``method``, ``trials``, ``seed``, those of
        :meth:`extra_controls`, one per parameter of the question (its name), and
        the rule set's ``rules.preset`` and ``rules.<field>`` (``versus_rules.…``
        for the other side's). A new question keeps the values of the controls it
        shares with the last.
    short : bool
        Spell commands by their short names (``dicestats pool``; the system's name
        alone for its first question), not ``dicestats <system> <question>``.
    headline : dict
        ``{question: keys}``: headline figures other than the declared ones.
    """

    short = False
    headline: dict = {}

    def __init__(self, system, question=None, *, values: dict | None = None, trials=TRIALS, seed=1):
        self.system, self.questions, self.left_out, self._read_cache = system, {}, {}, {}
        self._rules = next(filter(None, map(rules_class, system.questions)), None)
        for q in system.questions:  # a required parameter no control can spell: left out
            spelled = {p.name for p, _kind in self._read(q)[1]}
            missing = [
                p.name for p in q.parameters if p.default is p.empty and p.name not in spelled
            ]
            if missing:
                self.left_out[q.name] = f"no control can spell {', '.join(missing)}"
            else:
                self.questions[q.name] = q
        if not self.questions:
            raise refuse(
                "system",
                "a system with a question its controls can ask",
                system.name,
                why="; ".join(f"{k}: {v}" for k, v in self.left_out.items()),
            )
        name = question or next(iter(self.questions))
        if name not in self.questions:
            why = self.left_out.get(name)
            raise refuse(
                "question", "one of " + ", ".join(map(repr, self.questions)), name, why=why
            )
        self.question, self._home = self.questions[name], name
        if type(self).title == Explorer.title:  # a system's own explorer may name its tab
            self.title = tab_title(system)
        self.css_name = system.name
        fixed = {
            "question": widgets.Dropdown(
                options=[(words(q), q) for q in self.questions], value=name, description="question"
            ),
            "method": widgets.Dropdown(description="method"),
            "trials": widgets.IntText(value=trials, description="trials", **_box()),
            "seed": widgets.IntText(value=seed, description="seed", **_box()),
        }
        self.describe = widgets.HTML(value="").add_class("ds-question-summary")
        self.params = widgets.VBox([]).add_class("ds-parameters")
        self.extras = widgets.HBox([]).add_class("ds-extras")
        self.json = widgets.HTML(value="").add_class("ds-json")
        self.show_json = widgets.ToggleButton(description="JSON", layout={"width": "auto"})
        self.show_json.observe(lambda _c: self._show_json(), names="value")
        how = widgets.HBox([fixed["method"], fixed["trials"], fixed["seed"], self.show_json])
        rows = [widgets.HBox([fixed["question"], self.describe]), self.params, self.extras, how]
        super().__init__({}, rows)
        self.add_class("ds-generic")
        self.children = (*self.children, self.json)
        for key, w in {**fixed, **self.extra_controls(values or {})}.items():
            self._add(key, w)
        self.extras.children = [w for key, w in self.controls.items() if key not in fixed]
        self._fixed = set(self.controls)
        self._build(values or {})
        self.refresh()

    def extra_controls(self, values: dict) -> dict:
        """``{name: widget}``: a system's own controls, shown with the question it starts
        on (``values``: the starting values given by name)."""
        return {}

    # -- the controls of a question ------------------------------------------------------
    def _read(self, q) -> tuple[dict, list]:
        """``(docs, [(parameter, kind), ...])``: question ``q``'s numpydoc entries and the kind
        of control of each parameter a control can spell."""
        if q.name not in self._read_cache:
            docs, kinds = documented(q.setup), []
            for p in q.parameters:
                kind = control_kind(p, docs.get(p.name, ("", ""))[0], rules=self._rules)
                if kind == "rules" and not (
                    rules_presets(self._rules) or _rule_fields(q, self._rules)
                ):
                    kind = None  # every rule is a parameter of its own: the API's default
                if kind is not None:  # else the API's default: a value no control can spell
                    kinds.append((p, kind))
            self._read_cache[q.name] = docs, kinds
        return self._read_cache[q.name]

    def _build(self, values: dict) -> None:
        """The controls of :attr:`question`, from ``values`` by name, else its first sample's
        arguments, else the defaults; and its methods."""
        q = self.question
        for key in [k for k in self.controls if k not in self._fixed]:
            self.controls.pop(key).unobserve(self._changed, names="value")
        start = {**self._sample_values(), **values}
        rows, row = [], []  # three controls a row, a rule set's box a row of its own
        for param, kind in self._read(q)[1]:
            value = start.get(param.name, param.default)
            if kind == "rules" or len(row) == 3:
                rows += [widgets.HBox(row)] if row else []
                row = []
            if kind == "rules":
                rows.append(self._rules_box(param, value, values))
            else:
                doc = self._read(q)[0].get(param.name, ("", ""))
                w = self._control(param.name, kind, value, doc, param.default)
                row.append(self._add(param.name, w))
        self.params.children = [*rows, *([widgets.HBox(row)] if row else [])]
        self.extras.layout.display = None if q.name == self._home else "none"
        m = self.controls["method"]
        method = values.get("method", m.value)
        with self.muted():
            m.options = list(q.methods)
            m.value = method if method in q.methods else q.default
        text = f"<i>{html.escape(unmarked(q.summary))}</i>"
        if self.left_out:  # said once, beside the picker
            gone = "; ".join(f"{k} ({v})" for k, v in self.left_out.items())
            text += f"<br><small>not asked here: {html.escape(gone)}</small>"
        self.describe.value = text

    def _sample_values(self) -> dict:
        """The first sample's arguments by parameter name (where the question has samples)."""
        q = self.question
        try:
            s = q.samples[0]
            return dict(inspect.signature(q.setup).bind_partial(*s.args, **s.kwargs).arguments)
        except (IndexError, TypeError):
            return {}

    def _add(self, key: str, w):
        w.add_class("ds-" + re.sub(r"[._]", "-", key))
        self.controls[key] = w
        w.observe(self._changed, names="value")
        return w

    def _control(self, name: str, kind: str, value, doc=("", ""), default=None):
        """The control of parameter (or rule field) ``name`` showing ``value``; ``doc``: its
        numpydoc ``(type, text)``; a choice whose ``default`` is None offers ``(none)``."""
        label = name.replace("_", " ")
        if kind == "bool":
            w = widgets.Checkbox(value=value is True, description=label)
        elif kind == "choice":
            options = allowed = list(doc_choices(doc[0]))
            if default is None:  # the parameter's default, None, is a choice too
                options, allowed = [("(none)", None), *((c, c) for c in options)], [None, *options]
            value = value if value in allowed else allowed[0]
            w = _Choice(options=options, index=allowed.index(value), description=label)
        elif kind in ("int", "float"):
            box, number = (widgets.IntText, int) if kind == "int" else (widgets.FloatText, float)
            ok = isinstance(value, number) and not isinstance(value, bool)
            w = box(value=value if ok else number(kind == "int"), description=label, **_box())
        else:  # a text box: lists, optional integers, words
            if value is None or value is inspect.Parameter.empty:
                value = ""
            elif kind in ("int_list", "int_or_list") and not isinstance(value, str):
                value = _list_text(value)
            elif isinstance(value, (list, tuple)):
                value = ",".join(str(v) for v in value)
            w = widgets.Text(value=str(value), description=label, **_box())
        w.style = _STYLE
        if doc[1]:
            w.tooltip = doc[1]
        return w

    def _rules_box(self, param, value, values: dict):
        """The rule set's controls: its preset (``versus_rules``: also "same as yours") and
        one control per field (fields that are parameters of the question are theirs)."""
        cls, key = self._rules, param.name
        fields_doc, presets = parameter_docs(cls.__doc__), rules_presets(cls)
        start = value if isinstance(value, cls) else None
        shown = start if start is not None else cls()
        controls = []
        if presets:
            options = [(words(p), p) for p in presets]
            if key == "versus_rules":
                options = [("same as yours", ""), *options]
            chosen = self._preset_of(start) if start is not None else ""
            chosen = values.get(f"{key}.preset", chosen or (presets[0] if key == "rules" else ""))
            w = widgets.Dropdown(options=options, value=chosen, description="preset")
            controls.append(self._add(f"{key}.preset", w))
        for f in _rule_fields(self.question, cls):
            v = values.get(f"{key}.{f.name}", getattr(shown, f.name))
            doc = fields_doc.get(f.name, ("", ""))
            kind = {bool: "bool", int: "int"}.get(type(v), "text")  # a bool, an int or a word
            kind = "choice" if doc_choices(doc[0]) else kind
            w = self._control(f.name, kind, v, doc, default=getattr(shown, f.name))
            controls.append(self._add(f"{key}.{f.name}", w))
        rows = [widgets.HBox(controls[i : i + 4]) for i in range(0, len(controls), 4)]
        head = "the other side's rules" if key == "versus_rules" else "rules"
        return widgets.VBox([widgets.HTML(f"<b>{head}</b>"), *rows]).add_class(f"ds-{key}")

    def _preset_of(self, rules) -> str:
        """The name of the preset ``rules`` is (or came from, or equals), else ``""``."""
        presets = importlib.import_module(self._rules.__module__).PRESETS
        same = next((n for n, r in presets.items() if r is rules), getattr(rules, "_name", None))
        return same if same in presets else next((n for n, r in presets.items() if r == rules), "")

    # -- the re-draw -----------------------------------------------------------------------
    def _changed(self, change=None) -> None:
        """A new question builds its controls (keeping the values of those it shares with the
        last); a new preset resets its fields; then one re-draw."""
        owner = change.get("owner") if change is not None else None
        key = next((k for k, w in self.controls.items() if w is owner), "")
        if key == "question":
            kinds = {p.name: k for p, k in self._read(self.question)[1]}
            self.question = self.questions[change["new"]]
            now = {p.name: k for p, k in self._read(self.question)[1]}
            kept = {
                k: v
                for k, v in self.state().items()
                if k not in self._fixed and now.get(k.split(".")[0]) == kinds[k.split(".")[0]]
            }
            with self.muted():
                self._build(kept)
        elif key.endswith(".preset"):
            prefix = key[: -len("preset")]
            base = self._rules.preset(change["new"]) if change["new"] else self._rules()
            with self.muted():
                for f in dataclasses.fields(self._rules):
                    if prefix + f.name in self.controls:
                        self.controls[prefix + f.name].value = getattr(base, f.name)
        super()._changed(change)

    def state(self) -> dict:
        """The controls' values (trials and seed greyed out but for Monte Carlo, the other
        side's rule fields while it has yours, a rule flag that cannot apply to the roll)."""
        state = super().state()
        mc = dict.fromkeys(("trials", "seed"), state["method"] != "montecarlo")
        for key, w in self.controls.items():
            if key.startswith("versus_rules.") and not key.endswith(".preset"):
                w.disabled = not state.get("versus_rules.preset", "x")
        # each control set once (a control greyed, then not, sent the page two messages)
        for key, off in {**mc, **self._vain_rules(state), **self.greyed(state)}.items():
            self.controls[key].disabled = off
        return state

    def greyed(self, state: dict) -> dict:
        """``{control: disabled}`` a system's own explorer adds for ``state`` (over trials and
        seed, greyed but for Monte Carlo, and the rule flags that cannot apply to the roll);
        :meth:`state` sets each control once.

        Examples
        --------
        >>> from dicestats import explore
        >>> ex = explore.storyteller(5, 9)  # "above ten" says what a difficulty over 10 is
        >>> ex.greyed(ex.state()), ex.controls["rules.above_ten"].disabled
        ({'rules.above_ten': True}, True)
        """
        return {}

    def _vain_rules(self, state: dict) -> dict:
        """``{"rules.<field>": disabled}``: a rule flag is greyed out when no value of it would
        change this roll (``Rules.cannot_apply``); empty when the rules cannot be read."""
        fields = {
            k[6:]: v for k, v in state.items() if k.startswith("rules.") and k != "rules.preset"
        }
        if not fields or not hasattr(self._rules, "cannot_apply"):
            return {}
        preset = state.get("rules.preset") or None
        try:
            rules = rules_from(SimpleNamespace(preset=preset, **fields), self._rules)
        except REFUSALS:
            return {}
        specialty = state.get("specialty") is True
        vain = {}
        for name, v in fields.items():
            w = self.controls[f"rules.{name}"]
            tried = (True, False) if isinstance(v, bool) else getattr(w, "options", (v,))
            vain[f"rules.{name}"] = any(_vain(rules, name, x, specialty) for x in tried)
        return vain

    # -- the call a state asks ---------------------------------------------------------------
    def _command(self, q) -> tuple[list, bool]:
        """The command's words, and whether it reads required parameters positionally."""
        if self.short and q.command and q.command != self.system.name:
            return ["dicestats", q.command], True
        if self.short and q.name == self.system.questions[0].name:
            return ["dicestats", self.system.name], False  # its options only
        return ["dicestats", self.system.name, q.name.replace("_", "-")], True

    def call(self, state: dict, q=None) -> Call:
        """What ``state`` asks of question ``q`` (default: the one on show): the API's keywords,
        the command and the Python call (a value a box cannot read is refused here, naming its
        parameter; a parameter ``state`` lacks is left at its default)."""
        q = q or self.question
        kwargs, notes, options, py_args = {}, [], [], []
        cli, positional = self._command(q)
        in_order = True  # the Python call: positionally while none is left out
        for param, kind in self._read(q)[1]:
            required = param.default is inspect.Parameter.empty
            if kind == "rules":
                value, flags, text, left_out = self._rules_of(param, state)
                notes += left_out
                options += flags
                if not flags and (value is None or param.default in (None, value)):
                    in_order = False  # the API's default (the command line's rules equal it)
                    continue
            elif param.name not in state:
                in_order = False
                continue
            else:
                value = self._value(param, kind, state[param.name])
                if not required and (value is None or _same(value, param.default)):
                    in_order = False
                    continue
                text = ",".join(map(str, value)) if isinstance(value, list) else str(value)
                if kind in ("int_list", "int_or_list") and not isinstance(value, numbers.Integral):
                    text = _list_text(value)  # a range "1-30"
                if kind == "bool":
                    default = False if required else bool(param.default)
                    if value != default:
                        flag = option(param.name)
                        options.append("--no-" + flag[2:] if default else flag)
                elif required and positional and not text.startswith("-"):
                    cli.append(text)
                else:  # --name=-1: a value that starts with "-" is not an option
                    spelled = option(param.name)
                    options += [f"{spelled}={text}"] if text.startswith("-") else [spelled, text]
                    positional = positional and not required
                text = repr(value)
            kwargs[param.name] = value
            if in_order and param.kind is param.POSITIONAL_OR_KEYWORD:
                py_args.append(text)
            else:
                in_order = False
                py_args.append(f"{param.name}={text}")
        method = state["method"]
        how = {}
        if method == "exact":
            how["exact"] = True
        elif method == "montecarlo":
            from ..core.montecarlo import LIMITS as MC

            how["trials"] = MC["trials"].check(state["trials"], name="trials")
            how["rng"] = check_int("seed", state["seed"], 0)
        elif method != q.default:
            how["method"] = method
        return Call(q, kwargs, method, how, [*cli, *options], py_args, notes, state)

    @staticmethod
    def _value(param, kind: str, raw):
        name = param.name
        if kind in ("bool", "choice", "int", "float"):
            return raw
        text = str(raw).strip()
        if not text and param.default is None:
            return None  # an empty box: the parameter's default, None
        if kind == "text":
            return raw
        if kind == "optional_float":
            try:
                return float(text)
            except ValueError:
                raise refuse(name, "a number, or empty for none", raw) from None
        if kind in ("word_list", "word_or_list"):
            parts = [p.strip() for p in text.split(",")]
            if not all(parts):
                raise refuse(name, "integers or words separated by commas (e.g. 1,Fair,+3)", raw)
            words = [int(p) if re.fullmatch(r"[+-]?\d+", p) else p for p in parts]
            return words[0] if kind == "word_or_list" and len(words) == 1 else words
        if kind in ("int_list", "int_or_list"):
            return int_list(name, text, one=kind == "int_or_list")
        if kind == "optional_int":
            if not re.fullmatch(r"[+-]?\d+", text):
                raise refuse(name, "a whole number, or empty for none", raw)
            return int(text)
        # int_or_word: a number, or a word (a rating's name)
        return int(text) if re.fullmatch(r"[+-]?\d+", text) else text

    def _rules_of(self, param, state: dict):
        """``(rules or None, CLI flags, Python text, notes)`` of a rule set's controls, read
        by :func:`~dicestats.core.question.rules_from` (what the command line reads); a flag
        greyed out is left out, and said why."""
        cls, key = self._rules, param.name
        prefix = "vs-" if key == "versus_rules" else ""
        preset = state.get(f"{key}.preset") or None
        if key == "versus_rules" and preset is None and f"{key}.preset" in state:
            return None, [], "", []  # the other side's rules: the same as yours
        fields = [f.name for f in dataclasses.fields(cls) if f"{key}.{f.name}" in state]
        wanted = {n: state[f"{key}.{n}"] for n in fields}
        default = param.default if isinstance(param.default, cls) else cls()
        plain = preset and key == "rules" and preset == self._preset_of(default)
        if plain and cls.preset(preset) == cls():
            preset = None  # the default preset, and Rules(): no --preset
        changes = self._changes(preset, wanted)
        if any(isinstance(v, bool) and v == getattr(cls(), n) for n, v in changes.items()):
            preset, changes = None, self._changes(None, wanted)  # a flag only turns off a default
        greyed = [n for n in changes if self.controls[f"{key}.{n}"].disabled]
        notes = []
        if greyed:  # a flag that changes nothing for this roll: the command line refuses it
            probe = rules_from(SimpleNamespace(preset=preset, **changes), cls)
            why = dict(probe.cannot_apply(greyed, specialty=state.get("specialty") is True))
            notes = [f"{n.replace('_', ' ')} left out: {why[n]}" for n in greyed if n in why]
            changes = {n: v for n, v in changes.items() if n not in greyed}
        rules = rules_from(SimpleNamespace(preset=preset, **changes), cls)
        flags = [f"--{prefix}preset", preset] if preset else []
        for name, v in changes.items():
            dashed = name.replace("_", "-")
            if isinstance(v, bool):
                flags.append(f"--{prefix}{'no-' if not v else ''}{dashed}")
            else:
                flags += [f"--{prefix}{dashed}", str(v)]
        where = f"{self.system.name}.{cls.__name__}"  # as the package exports it, else:
        if getattr(self.system.package, cls.__name__, None) is not cls:
            where = f"__import__({cls.__module__!r}, fromlist=[{cls.__name__!r}]).{cls.__name__}"
        args = ", ".join(f"{k}={v!r}" for k, v in changes.items())
        text = f"{where}.preset({preset!r})" + (f".replace({args})" if args else "")
        return rules, flags, text if preset else f"{where}({args})", notes

    def _changes(self, preset, wanted: dict) -> dict:
        base = self._rules.preset(preset) if preset else self._rules()
        return {n: v for n, v in wanted.items() if v != getattr(base, n)}

    # -- answering ---------------------------------------------------------------------------
    def companion(self, call: Call, name: str, **values) -> Call:
        """The call of this system's question ``name`` with ``call``'s state, ``values`` over
        it, and its method (unless ``values`` name one): what a system's own explorer asks
        beside the question on show."""
        q = next(x for x in self.system.questions if x.name == name)
        c = self.call({**call.state, **values}, q)
        return c if "method" in values else dataclasses.replace(c, how=call.how)

    @staticmethod
    def ask(call: Call, executor=None):
        """The API's answer to ``call`` (its Monte Carlo batches on ``executor``, if given)."""
        more = {} if executor is None else {"executor": executor, "progress": False}
        return call.question.function(**call.kwargs, **call.how, **more)

    def compute(self, state: dict):
        """The panel of ``state``; for Monte Carlo, its arguments checked at once (a refusal
        shows at once), the stages of its estimate: :data:`QUICK_TRIALS` trials first, same
        seed, then the full one (a newer change stops them at their next batch)."""
        call = self.call(state)
        if call.method != "montecarlo":
            return self.panel(call, self.ask(call))
        stages = self.estimate_stages(call)
        return [functools.partial(self._estimate, call, n, n < stages[-1]) for n in stages]

    @staticmethod
    def estimate_stages(call: Call) -> list[int]:
        """The trials of each stage of a Monte Carlo ``call``'s estimate: :data:`QUICK_TRIALS`
        first, then all of them; its arguments checked at once (a refusal shows at once,
        not after its first batch)."""
        q = call.question
        q.setup(**call.kwargs, **{n: "montecarlo" if n == "method" else None for n in q.receives})
        trials = call.how["trials"]
        return [min(QUICK_TRIALS, trials)] + ([trials] if trials > QUICK_TRIALS else [])

    def _estimate(self, call: Call, trials: int, quick: bool, executor) -> tuple:
        """One stage of a Monte Carlo answer: its ``(panel, status)`` from ``trials`` trials."""
        call = dataclasses.replace(call, how={**call.how, "trials": trials})
        panel = self.panel(call, self.ask(call, executor), quick=quick, executor=executor)
        status = (
            "quick estimate ({:,} trials); refining…" if quick else "full estimate ({:,} trials)"
        )
        return panel, status.format(trials)

    def panel(self, call: Call, result, *, quick: bool = False, executor=None) -> Panel:
        """What the page shows of ``result``, the answer to ``call`` (``quick``: a first
        estimate, its chart to come). A system's own explorer adds to it, asking its
        companion questions' Monte Carlo batches on ``executor``."""
        q = call.question
        figures, labels = {}, {}
        for key in self.headline.get(q.name, q.headline):
            value = getattr(result, key, None)
            if value is None or isinstance(value, dict):
                continue
            figures[key] = value
            fmt = functools.partial(figure_text, key)
            labels[key] = (key.removeprefix("p_").replace("_", " "), fmt)
        draw = None
        if q.chart and not quick:
            module, _, name = q.chart.partition(":")
            chart = getattr(importlib.import_module(f"dicestats.plots.{module}"), name)

            def draw(fig):
                chart(result, ax=chart_axes(fig))

        note = unmarked(q.summary)
        if call.method == "montecarlo":
            note += f" Monte Carlo, {call.how['trials']:,} trials, seed {call.how['rng']}."
        if call.notes:
            note += " " + "; ".join(call.notes) + "."
        return Panel(
            figures=figures,
            labels=labels,
            draw=draw,
            chart_key=KEEP if quick else (call.cli, "chart"),
            chart_shape=q.chart if draw is not None else None,
            table=_frame(result.view()),
            table_html=view_html(result, call.method == "exact"),
            cli=call.cli,
            python=call.python,
            note=note,
            result=result,
        )

    def show(self, view: Panel) -> None:
        super().show(view)
        self._show_json()

    def _show_json(self) -> None:
        if self.show_json.value and self.view is not None:
            r = self.view.result
            answers = r if isinstance(r, tuple) else (r,)
            body = html.escape("\n".join(a.to_json() for a in answers if a is not None))
            self.json.value = f"<pre class='ds-command ds-json-text'>{body}</pre>"
        else:
            self.json.value = ""


def _vain(rules, name: str, value, specialty: bool) -> bool:
    """Whether rule ``name`` set to ``value`` changes nothing for this roll."""
    try:
        return bool(
            dataclasses.replace(rules, **{name: value}).cannot_apply([name], specialty=specialty)
        )
    except REFUSALS:
        return False


def _frame(view):
    """The first table of a result's view as a DataFrame of numbers (the CSV export), or None:
    estimates as their values, exact values as floats."""
    table = next((p for p in view.parts if isinstance(p, Table)), None)
    if table is None:
        return None
    import pandas as pd

    def number(x):
        x = getattr(x, "value", x) if hasattr(x, "stderr") else x
        return float(x) if isinstance(x, Fraction) else x

    rows = [[number(x) for x in row] for row in table.rows]
    if any(len(r) != len(table.header) for r in rows):
        return None
    return pd.DataFrame(rows, columns=list(table.header))


def generic(
    system="storyteller",
    question: str | None = None,
    *,
    trials: int = TRIALS,
    seed: int = 1,
    **values,
) -> GenericExplorer:
    """A live explorer of any system's declared questions (an ``ipywidgets`` widget).

    Controls, derived from the declarations as the command line's options are: the
    question; one per parameter of that question (from its first sample call, the
    values of the controls it shares with the last question, or ``values`` by name);
    the system's rule preset and fields where it takes ``rules``, a flag that cannot
    apply to the roll greyed out and left out (``Rules.cannot_apply``, said in the
    note); the method, with trials and seed for Monte Carlo. Shows the result's view
    (the text ``dicestats <system> <question>`` prints), its headline figures and
    declared chart, its JSON on demand (the ``JSON`` toggle), and the equivalent
    command and Python call; a refused state shows its one-line error. A Monte Carlo
    answer is checked at once, then runs in the background: :data:`QUICK_TRIALS`
    trials first (same seed), then the full one; a newer change stops it at its next
    batch. A question with a required parameter no control can spell
    (``list[list[int]]``, an object) is left out of the picker, and said beside it.

    Parameters
    ----------
    system : str or dicestats.registry.System
        A registered system whose questions are declared.
    question : str, optional
        The question on show first (default: the system's first).

    Examples
    --------
    >>> ex = generic("storyteller", "pool", dice=5, difficulty=9)
    >>> ex.view.cli
    'dicestats storyteller pool 5 --difficulty 9'
    >>> ex.controls["method"].value = "exact"
    >>> print(ex.view.python)
    from dicestats import storyteller
    storyteller.pool(5, 9, exact=True)
    >>> ex.controls["dice"].value = 1001
    >>> ex.error.value.split(" (")[0]
    'dice must be an integer in 1..1000, got 1001'
    """
    from ..registry import system as find

    s = find(system) if isinstance(system, str) else system
    return GenericExplorer(s, question, values=values, trials=trials, seed=seed)
