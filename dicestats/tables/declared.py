"""Tables of any declared question that grows (``grows``, ``wishes``): its chances by the
grown parameter's value, the table behind a family's booklet page and chart.

Examples
--------
>>> from dicestats.tables import chances_by_value
>>> df = chances_by_value("blades", values=[1, 2], exact=True)
>>> df[["dice", "p_success"]].values.tolist()
[[1, Fraction(1, 6)], [2, Fraction(11, 36)]]
"""

from __future__ import annotations

from ..core.checks import InputError, check_bool, refuse
from ..core.question import default_values

__all__ = ["chances_by_value", "sample_setting"]


def sample_setting(q) -> dict:
    """The arguments of ``q``'s first sample but the grown parameter: a setting its table
    and page can show (Year Zero's base dice and push; none for a pool alone).

    >>> from dicestats.registry import grown_question
    >>> sample_setting(grown_question("blades"))
    {}
    """
    import inspect

    if not q.samples:
        return {}
    s = q.samples[0]
    bound = inspect.signature(q.setup).bind_partial(*s.args, **s.kwargs).arguments
    return {k: v for k, v in bound.items() if k != q.grows}


def chances_by_value(question, values=None, *, exact: bool = False, **setting):
    """One row per value of the grown parameter: its wished and headline chances.

    Parameters
    ----------
    question : callable or str
        A declared question that grows (``dicestats.blades.roll``) or a system's name.
    values : sequence of int, optional
        The grown parameter's values (default ten of them, less those the setting cannot
        take: V5's pools below the Hunger given).
    exact : bool
        Fractions instead of floats.
    **setting
        The question's other arguments.

    Returns
    -------
    pandas.DataFrame
        The grown parameter's column, then one column per chance (``p_success``, ...).
    """
    import pandas as pd

    from ..registry import grown_question

    q = grown_question(question)
    check_bool("exact", exact)
    if q.grows in setting:
        raise refuse(q.grows, "omitted: give values=", setting[q.grows])
    given = values is not None
    values = values if given else default_values(q)
    chances = list(q.chances)
    rows = []
    for v in values:
        try:
            r = q.function(**{q.grows: v}, **setting, exact=exact)
        except InputError:
            if given:
                raise
            continue  # a default value this setting cannot take (a pool below its Hunger)
        rows.append({q.grows: v, **{c: getattr(r, c) for c in chances}})
    return pd.DataFrame(rows, columns=[q.grows, *chances])
