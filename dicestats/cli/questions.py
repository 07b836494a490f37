"""The command line of every declared question, generated from its declaration.

``dicestats <system> <question> ...`` asks any question a system declares
(:mod:`dicestats.core.question`); ``dicestats <system> ...`` its first
question; a question declared with a ``command`` is also a top-level command
(``dicestats pool 6``). Nothing here knows a game. From the declaration come:

* the options: each parameter is ``--name`` (``_`` as ``-``; ``versus`` as
  ``--vs``), its help the parameter's text in the question's docstring, its
  type from the annotation: an integer, a list ``7,6,6`` (``list[int]``), a
  flag (``bool``: ``--name``, or ``--no-name`` when it defaults to True), a
  word among the choices the docstring lists (``{"resets", "ends"}``), an
  integer or a word (``int | str``: a Fate rating such as ``Superb``), a list
  of them (``list[int | str]``: ``1,Fair,+3``), text for any other union with
  ``str`` (a value the API reads from its text, such as ``"1/4"``); a list
  option given twice adds to the list (``--vs 0 --vs 2`` is ``--vs 0,2``); a
  required parameter may also be given positionally, in order;
* the rule flags of a ``rules`` parameter: ``--preset`` and one flag per
  field of the system's ``Rules`` that a command line can spell (a flag, an
  integer or a word), read from the class the same way;
* how it is answered: ``--exact``; ``--trials``, ``--seed``, ``--workers``
  where it has a Monte Carlo form; ``--method``; none of them: the declaration's
  ``command_default`` (its ``default`` unless it says otherwise);
* the output: its :meth:`~dicestats.core.results.Result.view` as text, ``--json``
  for machines, ``--plot FILE`` where the declaration names a chart.

Every value reaches the API as typed (the API checks it against the system's
``LIMITS``): a refusal is the API's own one line, exit status 2.

Examples
--------
>>> from dicestats.cli import main
>>> main(["storyteller", "pool", "1", "--difficulty", "6", "--json"])  # doctest: +ELLIPSIS
{
  "dice": 1,
...
0
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import re

from ..core.checks import parse_int_text, shown
from ..core.question import annotation_text, option, parameter_docs, rules_from
from ..core.question import doc_choices as _choices
from ..core.question import documented as _documented
from ..core.question import rules_class as _rules_class
from ..core.question import rules_presets as _presets
from ..core.question import unmarked as plain

__all__ = ["register", "rules_flags"]

#: The method keywords the generated commands spell as options of their own.
_HOW = ("method", "exact", "trials", "rng", "workers", "executor", "progress", "batch_size")


# --------------------------------------------------------------------------- docstrings
def _summary(text: str) -> str:
    """The first sentence of a docstring's text, as help reads it."""
    return plain(text.split(". ")[0].strip())


# --------------------------------------------------------------------------- types
def _int(text: str) -> int:
    try:
        return parse_int_text(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


#: The most values a range ``A-B`` spells (checked before the range is built).
RANGE_MAX = 100_000


def _int_list(text: str) -> list[int]:
    """``7,6,6``, a range ``1-10`` or one integer, as a list."""
    m = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", text)
    if m:
        a, b = _int(m.group(1)), _int(m.group(2))
        if a > b:
            raise argparse.ArgumentTypeError(f"reversed range {text!r}: write {b}-{a}")
        if b - a >= RANGE_MAX:
            raise argparse.ArgumentTypeError(
                f"a range of at most {RANGE_MAX:,} values, got {shown(b - a + 1)}"
            )
        return list(range(a, b + 1))
    parts = text.split(",")
    if any(not p.strip() for p in parts):
        raise argparse.ArgumentTypeError(
            "expected integers such as 3,3,2 or a range such as 1-10; got "
            f"{shown(text, quote=True)}"
        )
    return [_int(p) for p in parts]


def _int_or_list(text: str):
    return _int_list(text) if ("," in text or "-" in text.strip()[1:]) else _int(text)


def _int_or_word(text: str):
    try:
        return parse_int_text(text.removeprefix("+"))
    except ValueError:
        return text


def _word_list(text: str) -> list:
    """``1,Fair,+3``: integers or words (each as :func:`_int_or_word` reads it), as a list."""
    parts = text.split(",")
    if any(not p.strip() for p in parts):
        raise argparse.ArgumentTypeError(
            f"expected values such as 1,Fair,+3; got {shown(text, quote=True)}"
        )
    return [_int_or_word(p.strip()) for p in parts]


def _word_or_list(text: str):
    """One integer or word, or a list of them (``1,Fair,+3``)."""
    return _word_list(text) if "," in text else _int_or_word(text.strip())


#: The converters that read lists: an option given twice adds to its list.
_LISTS = (_int_list, _int_or_list, _word_list, _word_or_list)


class _Gather(argparse.Action):
    """Store a list option's values; given again, add to them (``--vs 0 --vs 2``)."""

    def __call__(self, parser, namespace, values, option_string=None):
        before = getattr(namespace, self.dest, None)
        if before is not None:
            as_list = lambda v: list(v) if isinstance(v, list) else [v]  # noqa: E731
            values = as_list(before) + as_list(values)
        setattr(namespace, self.dest, values)


def _float(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number, got {shown(text, quote=True)}"
        ) from None


def _bool_list(text: str):
    words = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}
    out = [words.get(w.strip().lower()) for w in text.split(",")]
    if None in out:
        raise argparse.ArgumentTypeError(f"expected yes/no words such as yes,no; got {text!r}")
    return out


def _converter(annotation: str, default):
    """``(type, metavar)`` of a parameter by its annotation (a string), or None to leave it out."""
    a = (annotation or "").replace(" ", "")
    if a.startswith(("list[int|str]", "list[str|int]")):
        return _word_list, "V,V,.."
    if a.startswith(("int|str|list[int|str]", "str|int|list[str|int]")):
        return _word_or_list, "V[,V,..]"
    if a.startswith(("list[int]", "Sequence[int]", "tuple[int")):
        return _int_list, "N,N,.."
    if a in ("int|list[int]", "list[int]|int", "int|Sequence[int]"):
        return _int_or_list, "N[,N,..]"
    if a.startswith(("int|str", "str|int")):
        return _int_or_word, "VALUE"
    if "str" in a.split("|"):  # a value the API also reads from its text ("1/4", "OAO")
        return str, "TEXT"
    if a.startswith("int") or (
        not a and isinstance(default, int) and not isinstance(default, bool)
    ):
        return _int, "N"
    if a.startswith("float"):
        return _float, "X"
    if a.startswith("str") or isinstance(default, str):
        return str, "WORD"
    return None


# --------------------------------------------------------------------------- rules
def _check_applies(args, rules, specialty, prefix: str = "") -> None:
    """Refuse a rule flag given in vain (``Rules.cannot_apply``, where the system has it)."""
    from . import CLIError

    check = getattr(rules, "cannot_apply", None)
    if check is None:
        return
    p = prefix.replace("-", "_")
    given = [
        f.name for f in dataclasses.fields(rules) if getattr(args, p + f.name, None) is not None
    ]
    for name, why in check(given, specialty=bool(specialty)):
        value = getattr(args, p + name)
        flag = f"--{prefix}{'no-' if value is False else ''}{name.replace('_', '-')}"
        raise CLIError(f"{flag} cannot apply: {why}")


def rules_flags(parser, rules_class, *, prefix: str = "", skip=()) -> None:
    """The flags of a rule set: ``--preset`` (when the class has presets) and one per field
    (``--ten-again``, ``--no-rule-of-one``, ``--botch-rule first``); ``prefix`` spells the
    other side's (``--vs-`` → ``--vs-ten-again``)."""
    docs = parameter_docs(rules_class.__doc__)
    g = parser.add_argument_group("the other side's rules" if prefix else "the rules")
    presets = _presets(rules_class)
    if presets:
        g.add_argument(
            f"--{prefix}preset",
            dest=f"{prefix}preset".replace("-", "_"),
            choices=presets,
            default=None,
            help="start from this edition preset, then change single flags",
        )
    default = rules_class()
    for f in dataclasses.fields(rules_class):
        if f.name in skip:
            continue
        kind, text = docs.get(f.name, ("", ""))
        dest = f"{prefix}{f.name}".replace("-", "_")
        value = getattr(default, f.name)
        if isinstance(value, bool):
            flag = f"--{prefix}{'no-' if value else ''}{f.name.replace('_', '-')}"
            g.add_argument(
                flag,
                dest=dest,
                action="store_const",
                const=not value,
                default=None,
                help=_summary(text),
            )
        elif isinstance(value, (int, str)):
            g.add_argument(
                f"--{prefix}{f.name.replace('_', '-')}",
                dest=dest,
                type=_int if isinstance(value, int) else str,
                default=None,
                choices=_choices(kind) or None,
                metavar="N" if isinstance(value, int) else None,
                help=_summary(text) + (f" (default {value})" if isinstance(value, int) else ""),
            )
        # other values (a tuple of pairs, say) are the API's to give: no flag


# --------------------------------------------------------------------------- one command
def _add_parameters(p, q, *, positional: bool) -> list:
    """The options of ``q``'s parameters on parser ``p``; returns how to read them back."""
    import inspect

    docs = _documented(q.setup)
    read = []
    rules_class = _rules_class(q)
    names = {x.name for x in q.parameters}
    for param in q.parameters:
        kind, text = docs.get(param.name, ("", ""))
        required = param.default is inspect.Parameter.empty
        default = None if required else param.default
        if param.name == "rules" and rules_class is not None:
            rules_flags(p, rules_class, skip=names)
            read.append(("rules", None))
            continue
        if param.name == "versus_rules" and rules_class is not None:
            rules_flags(p, rules_class, prefix="vs-", skip=names)
            read.append(("versus_rules", None))
            continue
        annotation = annotation_text(param.annotation)
        choices = _choices(kind)
        help_text = _summary(text) or param.name.replace("_", " ")
        if annotation.replace(" ", "") == "bool" or isinstance(default, bool):
            flag = option(param.name)
            if default:  # a flag that turns a default True off
                flag = "--no-" + flag[2:]
            p.add_argument(
                flag,
                dest=param.name,
                action="store_const",
                const=not default,
                default=None,
                help=help_text,
            )
            read.append((param.name, None))
            continue
        conv = (str, "WORD") if choices else _converter(annotation, default)
        if conv is None:
            continue  # a value the command line cannot spell (an object): the API's default
        typ, metavar = conv
        if choices:
            metavar = "{" + ",".join(choices) + "}"
        if isinstance(default, range):
            help_text += f" (default {default.start}-{default.stop - 1})"
        elif default is not None and not isinstance(default, (list, tuple)):
            help_text += f" (default {default})"
        dest = param.name
        if positional and required:  # read as text: a stray word after an unknown option
            # is then that option's error, not this argument's
            p.add_argument(f"_{dest}", nargs="?", metavar=dest.upper(), help=help_text)
        p.add_argument(
            option(param.name),
            dest=dest,
            type=typ,
            default=None,
            choices=choices or None,
            metavar=metavar,
            action=_Gather if typ in _LISTS else "store",
            help=help_text if not (positional and required) else argparse.SUPPRESS,
        )
        read.append((param.name, typ if required else None))
    return read


def _add_method(p, q) -> None:
    g = p.add_argument_group("how it is answered")
    if len(q.methods) > 1:
        g.add_argument(
            "--method",
            choices=q.methods,
            default=None,
            help=f"how it is answered (default {q.command_default})",
        )
    if q.computed:
        g.add_argument(
            "--exact",
            action="store_true",
            help='exact probabilities (Fractions; "p/q" in the text and the JSON)',
        )
    if q.monte_carlo:
        g.add_argument(
            "--trials",
            type=_trials,
            default=None,
            help="Monte Carlo trials (1e6 is fine; giving it chooses Monte Carlo)",
        )
        g.add_argument("--seed", type=_int, default=None, help="the Monte Carlo seed")
        g.add_argument("--workers", type=_int, default=None, help="local worker processes")
    p.add_argument("--json", action="store_true", help="print JSON for machines")


def _trials(text: str) -> int:
    """``1000000``, ``1_000_000`` or ``1e6``: a whole number of trials."""
    t = text.strip().lower()
    if re.fullmatch(r"[0-9]+(?:_[0-9]+)*(?:e[0-9]+)?", t):  # ASCII digits: int() reads others
        base, _, exp = t.replace("_", "").partition("e")
        return int(base) * 10 ** int(exp or 0)
    raise argparse.ArgumentTypeError(f"expected a whole number such as 100000 or 1e6, got {text!r}")


def add_question(subparsers, q, name: str, *, positional: bool = True, aliases=()):
    """The command ``name`` asking question ``q`` (see the module's docstring)."""
    summary = plain(q.summary)
    p = subparsers.add_parser(name, help=summary, description=summary, aliases=list(aliases))
    read = _add_parameters(p, q, positional=positional)
    _add_method(p, q)
    if q.chart:
        from ._common import add_plot_flag

        add_plot_flag(p, "its chart")
    p.set_defaults(func=_answer, _question=q, _read=read, _positional=positional)
    return p


def _answer(args) -> int:
    from ..format import view_text
    from . import CLIError
    from ._common import emit_json

    q, kwargs = args._question, {}
    names = {x.name for x in q.parameters}
    for name, required in args._read:
        if name in ("rules", "versus_rules"):
            cls = _rules_class(q)
            if name == "rules":
                kwargs[name] = rules_from(args, cls, skip=names)
                _check_applies(args, kwargs[name], getattr(args, "specialty", None))
            elif any(
                getattr(args, f"vs_{f}", None) is not None
                for f in ("preset", *(f.name for f in dataclasses.fields(cls)))
            ):
                kwargs[name] = rules_from(args, cls, prefix="vs-", skip=names)
            continue
        value = getattr(args, name)
        given = getattr(args, f"_{name}", None) if args._positional and required else None
        if given is not None:
            try:
                given = required(given)
            except argparse.ArgumentTypeError as exc:
                raise CLIError(f"argument {name.upper()}: {exc}") from None
        if given is not None and value is not None:
            raise CLIError(f"{name} given twice (as {given} and {option(name)} {value})")
        value = given if value is None else value
        if value is None:
            if required:
                raise CLIError(f"{option(name)} is required: {name.replace('_', ' ')}")
            continue
        kwargs[name] = value
    how = {}
    for key in ("method", "trials", "workers"):
        if getattr(args, key, None) is not None:
            how[key] = getattr(args, key)
    if getattr(args, "seed", None) is not None:
        how["rng"] = args.seed
    if getattr(args, "exact", False):
        how["exact"] = True
        given = [
            f"--{k}" for k in ("trials", "seed", "workers") if getattr(args, k, None) is not None
        ]
        if how.get("method") == "montecarlo":
            given.append("--method montecarlo")
        if given:
            raise CLIError(
                f"{', '.join(given)} cannot apply with --exact (an exact answer draws nothing): "
                "drop them, or drop --exact for Monte Carlo"
            )
    elif q.command_default != q.default and not how:  # the command's own default method
        how["method"] = q.command_default
    result = q.function(**kwargs, **how)
    if getattr(args, "plot", None):
        from ._common import write_plot

        module, _, chart = q.chart.partition(":")
        draw = getattr(importlib.import_module(f"dicestats.plots.{module}"), chart)
        write_plot(draw(result), args.plot)
    if args.json:
        emit_json(result)
    else:
        print(view_text(result.view(), exact=bool(getattr(args, "exact", False))))
    return 0


# --------------------------------------------------------------------------- a system
def register(subparsers, system) -> None:
    """The commands of ``system``'s declared questions: ``dicestats <system> [<question>]``
    (the first question when none is named) and each question's short ``command``."""
    questions = system.questions
    first = questions[0]
    summary = plain(first.summary)
    top = subparsers.add_parser(
        system.name,
        help=f"{system.title}: {summary[0].lower()}{summary[1:]}",
        description=f"{system.title}. Without a QUESTION: {summary}",
    )
    inner = top.add_subparsers(dest="question", metavar="QUESTION", parser_class=type(top))
    for q in questions:
        add_question(inner, q, q.name.replace("_", "-"))
    read = _add_parameters(top, first, positional=False)
    _add_method(top, first)
    if first.chart:
        from ._common import add_plot_flag

        add_plot_flag(top, "its chart")
    top.set_defaults(func=_answer, _question=first, _read=read, _positional=False)
    for q in questions:
        if q.command and q.command != system.name:
            add_question(subparsers, q, q.command)
