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
from ._common import (
    LISTS,
    Gather,
    add_plot_flag,
    int_arg,
    int_list,
    int_or_list,
    int_or_word,
    real,
    trials_arg,
    word_list,
    word_or_list,
)

__all__ = ["register", "rules_flags", "add_parameters", "setting_of", "versus_of"]


def _summary(text: str) -> str:
    """The first sentence of a docstring's text, as an argument's help reads it (argparse
    expands ``%`` in help, not in descriptions: a ``%`` of the text is doubled)."""
    return _help(unmarked(text.split(". ")[0].strip()))


def _help(text: str) -> str:
    return text.replace("%", "%%")


def _converter(annotation: str, default):
    """``(type, metavar)`` of a parameter by its annotation (a string), or None to leave it out."""
    a = (annotation or "").replace(" ", "")
    if a.startswith(("list[int|str]", "list[str|int]")):
        return word_list, "V,V,.."
    if a.startswith(("int|str|list[int|str]", "str|int|list[str|int]")):
        return word_or_list, "V[,V,..]"
    if a.startswith(("list[int]", "Sequence[int]", "tuple[int")):
        return int_list, "N,N,.."
    if a in ("int|list[int]", "list[int]|int", "int|Sequence[int]"):
        return int_or_list, "N[,N,..]"
    if a.startswith(("int|str", "str|int")):
        return int_or_word, "VALUE"
    if "str" in a.split("|"):  # a value the API also reads from its text ("1/4", "OAO")
        return str, "TEXT"
    if a.startswith("int") or (
        not a and isinstance(default, int) and not isinstance(default, bool)
    ):
        return int_arg, "N"
    if a.startswith("float"):
        return real, "X"
    if a.startswith("str") or isinstance(default, str):
        return str, "WORD"
    return None


# --------------------------------------------------------------------------- rules
def _off(default: bool, text: str) -> str:
    """The help of a flag that sets a True/False value against its ``default``: a
    ``--no-X`` flag (``default`` True) turns off what ``text`` describes, and says so."""
    return f"turn off (on by default): {text}" if default else text


def _check_applies(args, rules, specialty) -> None:
    """Refuse a rule flag given in vain (``Rules.cannot_apply``, where the system has it)."""
    from . import CLIError

    check = getattr(rules, "cannot_apply", None)
    given = [f.name for f in dataclasses.fields(rules) if getattr(args, f.name, None) is not None]
    for name, why in check(given, specialty=bool(specialty)) if check else ():
        value = getattr(args, name)
        flag = f"--{'no-' if value is False else ''}{name.replace('_', '-')}"
        raise CLIError(f"{flag} cannot apply: {why}")


def rules_flags(parser, cls, *, prefix: str = "", skip=(), both: bool = False) -> None:
    """The flags of a rule set: ``--preset`` (when the class has presets) and one per field
    (``--ten-again``, ``--no-rule-of-one``, ``--botch-rule first``); ``prefix`` spells the
    other side's (``--vs-`` → ``--vs-ten-again``); ``both``: a flag for either value of a
    field that is True or False (``--vs-ten-again`` and ``--vs-no-ten-again``)."""
    docs = parameter_docs(cls.__doc__)
    g = parser.add_argument_group("the other side's rules" if prefix else "the rules")
    dest = prefix.replace("-", "_")
    if rules_presets(cls):
        g.add_argument(
            f"--{prefix}preset",
            dest=f"{dest}preset",
            choices=rules_presets(cls),
            help="start from this edition preset, then change single flags",
        )
    default = cls()
    for f in dataclasses.fields(cls):
        kind, text = docs.get(f.name, ("", ""))
        value, word = getattr(default, f.name), f.name.replace("_", "-")
        if f.name in skip:
            continue
        if isinstance(value, bool):
            pair = g.add_mutually_exclusive_group() if both else g
            flag = f"--{prefix}{'no-' if value else ''}{word}"
            const = dict(dest=dest + f.name, action="store_const")
            pair.add_argument(flag, const=not value, help=_off(value, _summary(text)), **const)
            if both:
                opposite = f"--{prefix}{'' if value else 'no-'}{word}"
                pair.add_argument(opposite, const=value, help=f"the opposite of {flag}", **const)
        elif isinstance(value, (int, str)):  # other values (a tuple of pairs) are the API's
            g.add_argument(
                f"--{prefix}{word}",
                dest=dest + f.name,
                type=int_arg if isinstance(value, int) else str,
                choices=doc_choices(kind) or None,
                metavar="N" if isinstance(value, int) else None,
                help=_summary(text) + (f" (default {value})" if isinstance(value, int) else ""),
            )


# --------------------------------------------------------------------------- one command
def add_parameters(p, q, *, positional: bool = False, skip=(), prefix: str = "", lists=()) -> list:
    """The options of ``q``'s parameters on parser ``p``; returns how to read them back
    (:func:`setting_of`).

    ``skip``: parameters left out (a search finds them); ``prefix``: the other side's
    options (``"vs-"``: ``--vs-dice``, ``--vs-rote``; all optional, read over the first
    side's by :func:`versus_of`); ``lists``: parameters read as a value or a list
    (``--dice 1-10``).
    """
    import inspect

    docs = documented(q.setup)
    read = []
    cls = rules_class(q)
    names = {x.name for x in q.parameters}
    dest = prefix.replace("-", "_")
    for param in q.parameters:
        if param.name in skip:
            continue
        kind, text = docs.get(param.name, ("", ""))
        required = param.default is inspect.Parameter.empty and not prefix
        default = None if param.default is inspect.Parameter.empty else param.default
        if param.name in ("rules", "versus_rules") and cls is not None:
            versus = "vs-" if param.name == "versus_rules" else prefix
            rules_flags(p, cls, prefix=versus, skip=names, both=bool(prefix))
            read.append((param.name, None))
            continue
        annotation = annotation_text(param.annotation)
        choices = doc_choices(kind)
        help_text = _summary(text) or param.name.replace("_", " ")
        flag = "--" + prefix + option(param.name)[2:]
        if annotation.replace(" ", "") == "bool" or isinstance(default, bool):
            if prefix:
                pair = p.add_mutually_exclusive_group()
                pair.add_argument(
                    flag,
                    dest=dest + param.name,
                    action="store_const",
                    const=True,
                    help=f"the second side: {help_text}",
                )
                pair.add_argument(
                    f"--{prefix}no-{option(param.name)[2:]}",
                    action="store_const",
                    dest=dest + param.name,
                    const=False,
                    help=f"the opposite of {flag}",
                )
            else:
                if default:  # a flag that turns a default True off
                    flag = "--no-" + flag[2:]
                p.add_argument(
                    flag,
                    dest=param.name,
                    action="store_const",
                    const=not default,
                    help=_off(default, help_text),
                )
            read.append((param.name, None))
            continue
        conv = (str, "WORD") if choices else _converter(annotation, default)
        if param.name in lists:
            conv = (int_or_list, "N[,N,..]")
        if conv is None:
            continue  # a value the command line cannot spell (an object): the API's default
        typ, metavar = conv
        if choices:
            metavar = "{" + ",".join(choices) + "}"
        if prefix:
            help_text = f"the second side's {param.name.replace('_', ' ')} (default: the first's)"
        elif isinstance(default, range):
            help_text += f" (default {default.start}-{default.stop - 1})"
        elif default is not None and not isinstance(default, (list, tuple)):
            help_text += f" (default {default})"
        if positional and required:  # read as text: a stray word after an unknown option
            # is then that option's error, not this argument's
            p.add_argument(f"_{param.name}", nargs="?", metavar=param.name.upper(), help=help_text)
        p.add_argument(
            flag,
            dest=dest + param.name,
            type=typ,
            choices=choices or None,
            metavar=metavar,
            action=Gather if typ in LISTS else "store",
            help=help_text if not (positional and required) else argparse.SUPPRESS,
        )
        read.append((param.name, typ if required else None))
    return read


def setting_of(args, q, read, *, positional: bool = False) -> dict:
    """The arguments of ``q`` given on the command line (``read``: :func:`add_parameters`'s),
    rules built from their flags and checked; refuses a missing required one."""
    from . import CLIError

    kwargs = {}
    names = {x.name for x in q.parameters}
    for name, required in read:
        if name == "rules":
            kwargs[name] = rules_from(args, rules_class(q), skip=names)
            _check_applies(args, kwargs[name], getattr(args, "specialty", None))
            continue
        if name == "versus_rules":
            fields = ("preset", *(f.name for f in dataclasses.fields(rules_class(q))))
            if any(getattr(args, f"vs_{f}", None) is not None for f in fields):
                kwargs[name] = rules_from(args, rules_class(q), prefix="vs-", skip=names)
            continue
        value = getattr(args, name)
        given = getattr(args, f"_{name}", None) if positional and required else None
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
                spelled = f"{name.upper()} or {option(name)}" if positional else option(name)
                raise CLIError(f"{name.replace('_', ' ')} is required: give it as {spelled}")
            continue
        kwargs[name] = value
    return kwargs


def versus_of(args, q, read) -> dict:
    """The second side's arguments: the first side's, changed by the ``--vs-*`` options."""
    second = {k[3:]: v for k, v in vars(args).items() if k.startswith("vs_") and v is not None}
    return setting_of(argparse.Namespace(**{**vars(args), **second}), q, read)


def _add_question(p, q, *, positional: bool) -> None:
    """Parser ``p`` asks question ``q``: its options, how it is answered, the output."""
    read = add_parameters(p, q, positional=positional)
    g = p.add_argument_group("how it is answered")
    if len(q.methods) > 1:
        g.add_argument(
            "--method",
            choices=q.methods,
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
            type=trials_arg,
            help="Monte Carlo trials (1e6 is fine; giving it chooses Monte Carlo)",
        )
        g.add_argument("--seed", type=int_arg, help="the Monte Carlo seed")
        g.add_argument("--workers", type=int_arg, help="local worker processes")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    if q.chart:
        add_plot_flag(p, "its chart")
    p.set_defaults(func=_answer, _question=q, _read=read, _positional=positional)


def _answer(args) -> int:
    from ..format import to_json, view_text
    from . import CLIError

    q = args._question
    kwargs = setting_of(args, q, args._read, positional=args._positional)
    how = {k: getattr(args, k, None) for k in ("method", "trials", "workers")}
    how = {k: v for k, v in {**how, "rng": getattr(args, "seed", None)}.items() if v is not None}
    if getattr(args, "exact", False):
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
        how["exact"] = True
    elif q.command_default != q.default and not how:  # the command's own default method
        how["method"] = q.command_default
    result = q.function(**kwargs, **how)
    if getattr(args, "plot", None):
        from ._common import write_plot

        module, _, chart = q.chart.partition(":")
        draw = getattr(importlib.import_module(f"dicestats.plots.{module}"), chart)
        write_plot(draw(result), args.plot)
    if args.json:
        print(to_json(result))
    else:
        print(view_text(result.view(), exact=bool(getattr(args, "exact", False))))
    return 0


# --------------------------------------------------------------------------- a system
def register(subparsers, system) -> None:
    """The commands of ``system``'s declared questions: ``dicestats <system> [<question>]``
    (the first question when none is named) and each question's short ``command``."""

    def listed(q) -> str:  # a command's line in a list: lower case, no full stop, as argparse's
        text = unmarked(q.summary).rstrip(".")
        keep = text[1:2].isupper() or text[1:2] == "("  # "P(...)", "FAE"
        return _help(text if keep else text[0].lower() + text[1:])

    first = system.questions[0]
    top = subparsers.add_parser(
        system.name,
        help=f"{system.title}: {listed(first)}",
        description=f"{system.title}. Without a QUESTION: {unmarked(first.summary)}",
    )
    inner = top.add_subparsers(dest="question", metavar="QUESTION", parser_class=type(top))
    for q in system.questions:
        p = inner.add_parser(
            q.name.replace("_", "-"), help=listed(q), description=unmarked(q.summary)
        )
        _add_question(p, q, positional=True)
    _add_question(top, first, positional=False)
    for q in system.questions:
        if q.command and q.command != system.name:
            p = subparsers.add_parser(q.command, help=listed(q), description=unmarked(q.summary))
            _add_question(p, q, positional=True)
