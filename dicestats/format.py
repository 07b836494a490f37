"""Numbers for people, tables for screens, files and pages: the command line, the tables, the
charts and the booklet all format here, so a probability reads the same everywhere.

Examples
--------
>>> percent(0.4321), percent(0.0037), one_in(1 / 37), fraction(Fraction(5, 27))
('43.2%', '0.37%', '1 in 37', '5/27')
"""

from __future__ import annotations

import json
import math
from decimal import Decimal
from fractions import Fraction

from .core.checks import (
    _digits,
    check_choice,
    check_int,
    check_real,
    is_numpy_bool,
    not_a_list,
    refuse,
)
from .core.results import jsonable

__all__ = [
    "percent",
    "percent_short",
    "one_in",
    "prob",
    "fraction",
    "signed",
    "points",
    "ladder",
    "format_frame",
    "text_table",
    "to_text",
    "to_csv",
    "to_markdown",
    "to_json",
    "jsonable",
    "limits_table",
    "view_text",
    "exact_text",
    "METRIC_LABELS",
    "metric_label",
]

#: How a metric is named: on a chart, in a table, in a menu.
METRIC_LABELS = {
    "p_success": "success",
    "p_fail": "failure",
    "p_botch": "botch",
    "p_ge_2": "2+ net successes",
    "p_ge_3": "3+ net successes",
    "p_ge_4": "4+ net successes",
    "p_ge_5": "5+ net successes",
    "p_tie": "tie",
    "p_style": "success with style",
    "p_success_or_better": "success or better",
    "p_tie_or_better": "tie or better",
    "mean_net": "mean net successes",
    "p_first": "side A acts first",
    "p_participant_first": "the participant acts first",
}


def metric_label(metric: str) -> str:
    """A metric in words, on a chart and in the command line's tables alike.

    >>> metric_label("p_ge_2"), metric_label("p_first"), metric_label("p_partial_or_better")
    ('2+ net successes', 'side A acts first', 'partial or better')
    """
    return METRIC_LABELS.get(metric, metric.removeprefix("p_").replace("_", " "))


def _as_probability(name: str, p) -> float:
    """A probability as a float: a number (or an estimate) in 0..1, never a bool or a string."""
    if isinstance(p, (bool, str, bytes)) or is_numpy_bool(p):
        raise refuse(name, "a probability in 0..1", p, kind=True)
    try:
        x = float(p)
    except (TypeError, ValueError):
        raise refuse(name, "a probability in 0..1", p, kind=True) from None
    except OverflowError:  # 10**400, or a Fraction of such numbers
        raise refuse(name, "a probability in 0..1", p) from None
    if math.isnan(x) or x < -1e-12 or x > 1 + 1e-12:
        raise refuse(name, "a probability in 0..1", p)
    x = min(max(x, 0.0), 1.0)
    if isinstance(p, Fraction) and x in (0.0, 1.0) and p != x:
        # an exact chance within a float's rounding of 0 or 1 (1 - 10^-272) is still
        # not certain: keep it off the ends, so it never reads as 0% or 100%
        x = math.nextafter(x, 0.5)
    return x


def percent(p, digits: int = 1) -> str:
    """A probability as a percentage with sensible rounding.

    Between 1% and 99% the value is shown with ``digits`` decimals. Below 1%
    it keeps two significant figures (``0.37%``, ``0.0012%``), so a rare
    event never reads as ``0%``; above 99% the complement keeps two
    significant figures (``99.63%``), so an event that can fail never reads
    as ``100%``. Only exactly 0 and exactly 1 print as ``0%`` and ``100%``; a chance
    that merely rounds there reads ``< 0.0001%`` or ``> 99.9999%``.

    Parameters
    ----------
    p : float or Fraction
        A probability in 0..1.
    digits : int, default 1
        Decimals between 1% and 99%, 0..6.

    Returns
    -------
    str

    Examples
    --------
    >>> [percent(x) for x in (0, 0.5, 0.4321, 0.0037, 0.000012, 0.99637, 1)]
    ['0%', '50.0%', '43.2%', '0.37%', '0.0012%', '99.64%', '100%']
    >>> percent(3.0**-40), percent(1 - 1e-9)
    ('< 0.0001%', '> 99.9999%')
    >>> percent(0.4321, digits=0)
    '43%'
    >>> percent(1.5)
    Traceback (most recent call last):
    ...
    dicestats.InputError: p must be a probability in 0..1, got 1.5
    """
    x = _as_probability("p", p)
    digits = check_int("digits", digits, 0, 6)
    if x == 0.0:
        return "0%"
    if x == 1.0:
        return "100%"
    pct = 100.0 * x
    if pct < 1.0:  # two significant figures
        if pct < 1e-4:  # it can happen, but two significant figures would be noise
            return "< 0.0001%"
        decimals = max(digits, 1 - math.floor(math.log10(pct)))
        return f"{pct:.{decimals}f}%"
    if pct > 99.0:  # two significant figures of the complement
        comp = 100.0 - pct
        if comp < 1e-4:
            return "> 99.9999%"
        decimals = max(digits, 1 - math.floor(math.log10(comp)))
        text = f"{pct:.{decimals}f}"
        if float(text) >= 100.0:  # rounding must never reach 100%
            text = f"{100.0 - 10.0 ** (-decimals):.{decimals}f}"
        return f"{text}%"
    return f"{pct:.{digits}f}%"


def percent_short(p) -> str:
    """A probability as a whole percentage for crowded chart cells.

    ``'43'`` for 43.2%, ``'<1'`` for a non-zero value below 1%, ``'>99'``
    for a value above 99% that is not 1; exactly 0 and 1 give ``'0'`` and
    ``'100'``. So a cell never shows ``0`` or ``100`` for something that can
    happen or fail.

    Examples
    --------
    >>> [percent_short(x) for x in (0, 0.004, 0.4321, 0.996, 1)]
    ['0', '<1', '43', '>99', '100']
    """
    x = _as_probability("p", p)
    if x == 0.0:
        return "0"
    if x == 1.0:
        return "100"
    pct = 100.0 * x
    if pct < 1.0:
        return "<1"
    if pct > 99.0:
        return ">99"
    return f"{pct:.0f}"


def one_in(p) -> str:
    """A probability as ``'1 in N'``, the way people read rare events.

    ``N = 1/p`` is shown with one decimal below 10 and rounded to two
    significant figures from 100 on (``'1 in 1,200'``).

    Examples
    --------
    >>> [one_in(x) for x in (1 / 37, 0.25, 1 / 1234, 0, 1)]
    ['1 in 37', '1 in 4.0', '1 in 1,200', 'never', 'always']
    >>> one_in(4.9e-90), one_in(1e-320)
    ('1 in 2.0 × 10^89', 'less than 1 in 10^300')
    """
    x = _as_probability("p", p)
    if x == 0.0:
        return "never"
    if x == 1.0:
        return "always"
    if x < 1e-300:  # 1 / x would overflow a float
        return "less than 1 in 10^300"
    n = 1.0 / x
    if n >= 1e15:  # beyond a count anyone reads digit by digit
        return f"1 in {n:.1e}".replace("e+", " × 10^")
    if n < 10:
        return f"1 in {n:.1f}"
    if n < 100:
        return f"1 in {n:.0f}"
    mag = 10 ** (math.floor(math.log10(n)) - 1)
    return f"1 in {round(n / mag) * mag:,.0f}"


def prob(p, rare: float = 0.05, digits: int = 1) -> str:
    """A percentage, followed by ``(1 in N)`` when ``0 < p < rare``.

    Examples
    --------
    >>> prob(0.4321), prob(0.0123)
    ('43.2%', '1.2% (1 in 81)')
    """
    x = _as_probability("p", p)
    rare = check_real("rare", rare, 0, 1)
    text = percent(x, digits)
    if 0 < x < rare:
        text += f" ({one_in(x)})"
    return text


def _need_frame(df, name: str = "df"):
    """Refuse what is not a pandas DataFrame (a list had no ``itertuples``: AttributeError)."""
    if not (hasattr(df, "columns") and hasattr(df, "itertuples") and hasattr(df, "copy")):
        raise refuse(name, "a pandas DataFrame", df, kind=True)
    return df


def format_frame(df, percent=(), one_in=(), prob=(), digits: int = 1):
    """A copy of ``df`` with probability columns turned into text.

    Parameters
    ----------
    df : pandas.DataFrame
    percent, one_in, prob : iterable of str
        Columns to format with :func:`percent`, :func:`one_in` and
        :func:`prob`. Other columns are kept as they are.
    digits : int, default 1
        Decimals of the percentages.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"dice": [1, 2], "botch": [0.1, 0.01]})
    >>> format_frame(df, percent=["botch"])["botch"].tolist()
    ['10.0%', '1.0%']
    """
    _need_frame(df)
    digits = check_int("digits", digits, 0, 6)
    asked = {"percent": percent, "one_in": one_in, "prob": prob}
    out = df.copy()
    for name, cols in asked.items():
        fn = globals()[name]  # the parameters shadow the formatters of the same names
        if isinstance(cols, (str, bytes)):  # percent="p": the column 'p', not one per letter
            cols = (cols,)
        elif not hasattr(cols, "__iter__"):
            raise refuse(name, "a list of column names", cols, kind=True)
        for c in cols:
            if c not in out.columns:
                known = ", ".join(map(repr, out.columns))
                raise refuse("format_frame column", f"one of {known}", c)
            out[c] = [fn(v) if name == "one_in" else fn(v, digits=digits) for v in out[c]]
    return out


def text_table(rows, header=None, title: str | None = None) -> str:
    """Rows of cells as an aligned plain-text table (first column left, others right).

    Examples
    --------
    >>> print(text_table([("tie", "19.75%"), ("success", "43.21%")], ("outcome", "p")))
    outcome        p
    -------  ------
    tie      19.75%
    success  43.21%
    """
    if not_a_list(rows):
        raise refuse("rows", "an iterable of rows (sequences of cells)", rows, kind=True)
    out = []
    for i, r in enumerate(rows):
        if not_a_list(r):
            raise refuse(f"rows[{i}]", "a sequence of cells", r, kind=True)
        out.append([_cell(c) for c in r])
    rows = out
    if header is not None and not_a_list(header):
        raise refuse("header", "a sequence of column names", header, kind=True)
    allrows = ([[str(c) for c in header]] if header else []) + rows
    if not allrows:
        return title or ""
    width = len(allrows[0])
    for i, r in enumerate(allrows):
        if len(r) != width:
            what = "header" if header and i == 0 else f"rows[{i - (1 if header else 0)}]"
            raise refuse(what, f"{width} cells like the first row", r)
    widths = [max(len(r[i]) for r in allrows) for i in range(width)]

    def line(cells):
        parts = [
            f"{c:<{widths[i]}}" if i == 0 else f"{c:>{widths[i]}}" for i, c in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    lines = [title] if title else []
    for n, r in enumerate(allrows):
        lines.append(line(r))
        if header and n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def to_text(df, title: str | None = None) -> str:
    """A DataFrame as an aligned plain-text table (see :func:`text_table`).

    Examples
    --------
    >>> import pandas as pd
    >>> print(to_text(pd.DataFrame({"dice": [1, 10], "p": ["5.0%", "43.2%"]})))
    dice      p
    ----  -----
    1      5.0%
    10    43.2%
    """
    _need_frame(df)
    return text_table(list(df.itertuples(index=False)), [str(c) for c in df.columns], title)


def to_csv(df, path=None) -> str | None:
    """CSV without the index; written to ``path`` (a ``.csv`` file, replaced in one step:
    :func:`dicestats.core.files.atomic_write`) if given, else returned.

    Examples
    --------
    >>> import pandas as pd
    >>> print(to_csv(pd.DataFrame({"dice": [1], "botch": [0.1]})), end="")
    dice,botch
    1,0.1
    """
    _need_frame(df)
    text = df.to_csv(index=False, lineterminator="\n")
    if path is None:
        return text
    from .core.files import atomic_write, check_out_path

    with atomic_write(check_out_path("path", path, (".csv",))) as fh:
        fh.write(text.encode("utf-8"))
    return None


def to_markdown(df) -> str:
    """A GitHub-flavoured Markdown table (numbers right-aligned).

    Examples
    --------
    >>> import pandas as pd
    >>> print(to_markdown(pd.DataFrame({"dice": [1, 2], "odds": ["5%", "9%"]})))
    | dice | odds |
    |---:|---|
    | 1 | 5% |
    | 2 | 9% |
    """
    import pandas as pd

    _need_frame(df)
    header = [str(c).replace("|", "\\|") for c in df.columns]
    align = ["---:" if pd.api.types.is_numeric_dtype(df[c]) else "---" for c in df.columns]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    for r in df.itertuples(index=False):
        lines.append("| " + " | ".join(_cell(v).replace("|", "\\|") for v in r) + " |")
    return "\n".join(lines)


def _cell(v) -> str:
    if isinstance(v, float):
        if math.isnan(v):
            return ""
        return f"{v:.6g}"
    if isinstance(v, Fraction):
        return fraction(v)
    return str(v)


def fraction(x) -> str:
    """An exact value as ``'p/q'`` (an integer as ``'n'``); a float as its shortest repr.

    Examples
    --------
    >>> fraction(Fraction(16, 81)), fraction(Fraction(2)), fraction(0.25)
    ('16/81', '2', '0.25')
    """
    if isinstance(x, (bool, str, bytes)) or x is None:
        raise refuse("x", "a number (a Fraction, an int or a float)", x, kind=True)
    if isinstance(x, Fraction):
        num = whole(x.numerator)
        return num if x.denominator == 1 else f"{num}/{whole(x.denominator)}"
    return repr(float(x)) if isinstance(x, float) else whole(x) if isinstance(x, int) else str(x)


def whole(n: int) -> str:
    """An integer's every digit, however many: ``str()`` refuses more than 4,300
    (``sys.get_int_max_str_digits``); ``Decimal(n)`` is exact and has no such limit.

    >>> len(whole(7**6000)), whole(-12)
    (5071, '-12')
    """
    try:
        return str(n)
    except ValueError:
        return str(Decimal(n))


def signed(value) -> str:
    """A rating with its sign, as printed in rulebooks: ``'+2'``, ``'+0'``, ``'−1'``.

    Examples
    --------
    >>> signed(2), signed(0), signed(-1)
    ('+2', '+0', '−1')
    """
    v = check_int("value", value)
    return f"+{v}" if v >= 0 else f"−{-v}"


def points(x) -> str:
    """A difference of probabilities in percentage points, signed, 2 decimals.

    Examples
    --------
    >>> points(0.0123), points(Fraction(-1, 8)), points(-1e-9)
    ('+1.23', '-12.50', '+0.00')
    """
    x = check_real("x", x)
    v = round(100 * float(x), 2) + 0.0  # + 0.0: a -0.0 reads +0.00
    return f"{v:+.2f}"


def ladder(value, *, order: str = "name") -> str:
    """A Fate rating with its ladder name.

    ``order="name"`` gives ``'Good (+3)'`` (text, the CLI); ``order="rating"``
    gives ``'+3 Good'`` (chart axes, where the numbers line up). Values off the
    ladder show the number only.

    Examples
    --------
    >>> ladder(3), ladder(-1, order="rating"), ladder(9)
    ('Good (+3)', '−1 Poor', '+9')
    """
    from .fate import LADDER, ladder_name

    check_choice("order", order, ("name", "rating"))
    if order == "name":
        return ladder_name(value)
    name = LADDER.get(check_int("value", value))
    return signed(value) + (f" {name}" if name else "")


def limits_table(limits) -> str:
    """A system's ``LIMITS`` as the Markdown table its rules page shows.

    Examples
    --------
    >>> from dicestats.core.limits import Limit, Limits
    >>> print(limits_table(Limits(Limit("dice", 1, 10, why="a sample"))))
    | what | allowed | when | why |
    |---|---|---|---|
    | dice | 1..10 | always | a sample |
    """
    import pandas as pd

    from .core.limits import Limits

    if not isinstance(limits, Limits):
        raise refuse("limits", "a Limits (a system's LIMITS)", limits, kind=True)
    return to_markdown(pd.DataFrame(limits.rows(), columns=["what", "allowed", "when", "why"]))


def to_json(obj, *, indent: int | None = 2) -> str:
    """JSON text of a result, a DataFrame's records or plain data (see :func:`jsonable`).

    Examples
    --------
    >>> to_json({"p": Fraction(1, 3), "n": 2}, indent=None)
    '{"p": "1/3", "n": 2}'
    """
    if hasattr(obj, "to_dict") and hasattr(obj, "columns"):  # a DataFrame
        obj = obj.to_dict(orient="records")
    try:
        return json.dumps(jsonable(obj), indent=indent, ensure_ascii=False)
    except TypeError as exc:  # "Object of type bytes is not JSON serializable"
        raise refuse(
            "obj", "a result, a DataFrame or plain data", obj, kind=True, why=str(exc)
        ) from None


#: The longest exact value a text cell shows whole: about 100 digits over 100 (GMP sums
#: make p/q of thousands of digits, a table of them megabytes).
EXACT_TEXT_CHARS = 200


def exact_text(x) -> str:
    """An exact value for a text table: ``'p/q'``, cut when it is longer than a table cell.

    >>> exact_text(Fraction(16, 81))
    '16/81'
    >>> exact_text(Fraction(1, 7**300))
    '1/338385…80001 (1/254 digits: whole with --json)'
    """
    if isinstance(x, Fraction) and _digits(x.numerator) + _digits(x.denominator) > 2_000:
        parts = [x.numerator] if x.denominator == 1 else [x.numerator, x.denominator]
        sizes = "/".join(f"{_digits(n):,}" for n in parts)  # counted, never converted whole
        return f"{'/'.join(_cut_int(n) for n in parts)} ({sizes} digits: whole with --json)"
    text = fraction(x)
    if len(text) <= EXACT_TEXT_CHARS:
        return text
    num, _, den = text.partition("/")

    def cut(digits: str) -> str:
        return digits if len(digits) <= 12 else f"{digits[:6]}…{digits[-5:]}"

    sizes = f"{len(num):,}/{len(den):,}" if den else f"{len(num):,}"
    return f"{cut(num)}{'/' + cut(den) if den else ''} ({sizes} digits: whole with --json)"


def _cut_int(n: int) -> str:
    """A long integer's first 6 and last 5 digits around ``…`` (no whole conversion)."""
    sign, n = ("-" if n < 0 else ""), abs(n)
    return f"{sign}{n // 10 ** (_digits(n) - 6)}…{n % 10**5:05d}"


#: Decimals of each numeric kind of a view's value (see :class:`~dicestats.core.results.Table`).
_DIGITS = {"p": 2, "p4": 4, "estimate": 2, "mean": 4, "mean3": 3, "signed": 4, "signed2": 2}
_NUMERIC = {*_DIGITS, "rare"}


def _shown(value, kind: str) -> str:
    """One value of a view, by its kind (see :class:`~dicestats.core.results.Table`)."""
    from .core.results import Estimate

    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, Estimate):
        if kind == "estimate":
            return str(value)
        if kind == "p":
            return f"{percent(value.value, digits=2)} ± {percent(value.stderr, digits=2)}"
        digits = 3 if kind == "mean3" else 4
        return f"{value.value:.{digits}f} ± {value.stderr:.{digits}f}"
    digits = _DIGITS.get(kind)
    if kind in ("p", "p4", "estimate"):
        return percent(value, digits=digits)
    if kind == "rare":
        return _rare(value)
    if kind in ("mean", "mean3"):
        return f"{float(value):.{digits}f}"
    if kind in ("signed", "signed2"):
        # round(-1e-17, 2) is -0.0, printed "-0.00": adding 0.0 makes it +0.0
        return f"{round(float(value), digits) + 0.0:+.{digits}f}"
    if isinstance(value, Fraction):
        return fraction(value) if value.denominator == 1 else f"{float(value):.6g}"
    return _cell(value)


def _exact(value, exact: bool) -> str:
    """An exact value's ``p/q`` when exact values are asked for, else nothing."""
    return exact_text(value) if exact and isinstance(value, Fraction) else ""


def _rare(p) -> str:
    """A rare chance as ``1 in N`` (``1 in 1.5e38`` past a billion); it always can happen,
    even where a float underflows (the ``"rare"`` kind of a view's value).

    Examples
    --------
    >>> _rare(1 / 420_000), _rare(Fraction(1, 3**80)), _rare(0.0)
    ('1 in 420,000', '1 in 1.5e38', '1 in more than 1e308')
    """
    if not p > 0:
        return "1 in more than 1e308"
    if p >= 1e-9:
        return one_in(p)
    n = 1 / Fraction(p)
    log = math.log10(n.numerator) - math.log10(n.denominator)  # big ints: no overflow
    exponent = math.floor(log)
    mantissa = round(10 ** (log - exponent), 1)
    if mantissa >= 10:
        mantissa, exponent = 1.0, exponent + 1
    return f"1 in {mantissa:.1f}e{exponent}"


def view_text(view, *, exact: bool = False) -> str:
    """A result's :class:`~dicestats.core.results.View` as text: the title, then its parts
    (tables, aligned lines, sentences) one blank line apart. With ``exact``, exact values
    are shown as ``p/q`` too (cut when long: :func:`exact_text`).

    Examples
    --------
    >>> from dicestats.core.results import Lines, Table, View
    >>> v = View("a coin", (Table(("side", "probability"), (("heads", Fraction(1, 2)),),
    ...                           ("text", "p")), Lines((("mean heads", Fraction(1, 2), "mean"),))))
    >>> print(view_text(v, exact=True))
    a coin
    side   probability  exact
    -----  -----------  -----
    heads       50.00%    1/2
    <BLANKLINE>
    mean heads  0.5000  1/2

    Lines of prose (``aligned=False``), an estimate with its whole interval:

    >>> from dicestats.core.montecarlo import wilson
    >>> rows = (("P(heads)", Fraction(1, 2), "estimate"), ("P(tails)", wilson(4970, 10_000),
    ...         "estimate"), ("mean heads", Fraction(1, 2), "mean3"))
    >>> print(view_text(View("coins", (Lines(rows, aligned=False),)), exact=True))
    coins
    P(heads): 50.00%  (1/2)
    P(tails): 49.7% ± 0.5% (95% CI 48.7–50.7%, n=10,000)
    mean heads: 0.500  (1/2)
    """
    from .core.results import Lines, Table, View

    if not isinstance(view, View):
        raise refuse("view", "a View (a result's view())", view, kind=True)
    blocks = []
    for part in view.parts:
        if isinstance(part, Table):
            blocks.append(_table_text(part, exact))
        elif not isinstance(part, Lines):
            blocks.append(str(part))
        elif exact or not part.exact_only:
            blocks.append(_lines_text(part, exact))
    head = view.title
    if blocks:
        head += "\n" + blocks[0]
    return "\n\n".join([head, *blocks[1:]]).rstrip()


def _lines_text(part, exact: bool) -> str:
    """A view's :class:`~dicestats.core.results.Lines`: aligned ``label  value  p/q``, or
    prose lines ``label: value  (p/q)``."""
    rows = [(label, _shown(v, kind), _exact(v, exact)) for label, v, kind in part.rows]
    if not part.aligned:
        return "\n".join(f"{a}: {b or '—'}" + (f"  ({c})" if c else "") for a, b, c in rows)
    wl = max((len(r[0]) for r in rows), default=0)
    wv = max((len(r[1]) for r in rows), default=0)
    return "\n".join(f"{a:<{wl}}  {b:>{wv}}  {c}".rstrip() for a, b, c in rows)


def _table_text(part, exact: bool) -> str:
    """A view's :class:`~dicestats.core.results.Table` as an aligned text table, with its
    exact column(s) when exact values are asked for."""
    kinds = tuple(part.kinds) or ("text",) * len(part.header)
    numeric = [i for i, k in enumerate(kinds) if k in _NUMERIC]
    col = part.exact_of
    if col == "auto":
        col = numeric[0] if len(numeric) == 1 else None
    # the columns whose exact values are shown: one ("exact"), or several ("<column> exact")
    cols_exact = () if col is None or not exact else (col,) if isinstance(col, int) else col
    rows = []
    for n, row in enumerate(part.rows):
        own = part.row_kinds[n] if n < len(part.row_kinds) else None
        cols = [kinds[i] if i < len(kinds) else "text" for i in range(len(row))]
        cols = [own if own and k in _NUMERIC else k for k in cols]
        cells = [_shown(v, k) for v, k in zip(row, cols, strict=True)]
        rows.append(cells + [_exact(row[c] if c < len(row) else None, True) for c in cols_exact])
    named = isinstance(col, tuple)
    header = (*part.header, *(f"{part.header[c]} exact" if named else "exact" for c in cols_exact))
    title = f"{part.title}\n" if part.title else ""
    return title + text_table(rows, header) + (f"\n{part.note}" if part.note else "")
