"""The booklet pages of a system without ``dicestats/report/<system>.py``: for its question
that grows, its chances by the grown parameter (a table and a chart); then each declared
question's first sample answer as the command line prints it, as many as fit."""

from __future__ import annotations

from .page import Page, _draw_table, _grid, _note

__all__ = ["pages"]

#: Text lines that fit the body of a page at the font size used.
LINES_PER_PAGE = 78


def pages(system) -> list[Page]:
    """One page of sample answers for ``system`` (a :class:`dicestats.registry.System`)."""

    def draw(fig, ctx) -> None:
        from ..format import view_text

        blocks, used = [], 0
        for q in system.questions:
            if not q.samples:
                continue
            s = q.samples[0]
            text = view_text(q.function(*s.args, **s.kwargs, method="float").view())
            lines = [f"{q.name.replace('_', ' ')} ({s.name})", *text.splitlines()]
            lines = [ln if len(ln) <= 110 else ln[:109] + "…" for ln in lines]
            if used + len(lines) > LINES_PER_PAGE:
                break
            blocks.append("\n".join(lines))
            used += len(lines) + 1
        left, top = ctx.body["left"], ctx.body["top"]
        fig.text(left, top, "\n\n".join(blocks), family="monospace", fontsize=6.5, va="top")

    grown = [_by_value(system, q) for q in system.questions[:1] if q.grows]
    return grown + [
        Page(
            system.name,
            f"{system.title}: sample answers",
            "each block is one question, asked as its first sample; the command line prints "
            "the same.",
            draw,
        )
    ]


def _by_value(system, q) -> Page:
    """The page of ``q``'s chances by its grown parameter, at its defaults."""
    import textwrap

    from ..core.question import chance_words

    def draw(fig, ctx) -> None:
        from .. import plots, tables
        from ..core.question import setting_words
        from ..format import percent

        setting = tables.sample_setting(q)
        df = ctx.cached(
            (system.name, "by value"), lambda: tables.chances_by_value(q.function, **setting)
        )
        shown = df.copy()
        for c in df.columns[1:]:
            shown[c] = [percent(p, digits=1) for p in df[c]]
        if (df[q.grows] < 0).any():  # a signed parameter (a stat): +1, not 1
            shown[q.grows] = [f"{v:+d}" for v in df[q.grows]]
        words = (chance_words(c) for c in df.columns[1:])
        shown.columns = [q.grows, *(textwrap.fill(w, 12, break_long_words=False) for w in words)]
        gs = _grid(fig, ctx, 2, 1, height_ratios=[len(df) + 2, 14], hspace=0.3)
        at = f" ({setting_words(q, setting)})" if setting else ""
        title = f"{system.title}: chances by {q.grows}{at}"
        _draw_table(fig.add_subplot(gs[0]), shown, title=title)
        title = f"the chances wished for, by {q.grows} (dotted: 50%)"
        plots.chances_chart(df, title=title, columns=q.wishes, ax=fig.add_subplot(gs[1]))
        rules = q.function(**{q.grows: int(df.iloc[0, 0])}, **setting).rules
        command = " ".join(
            [f"dicestats {system.name} {q.name.replace('_', '-')}", *_options(setting)]
        )
        _note(
            fig,
            ctx,
            f"Rules as read: {rules.describe()}. Exact values: {command} --{q.grows} N --exact.",
        )

    return Page(
        system.name,
        f"{system.title}: chances by {q.grows}",
        f"find the {q.grows} (row) and read each chance across; the chart draws the first ones.",
        draw,
    )


def _options(setting: dict) -> list[str]:
    """The command-line options of a setting, as ``dicestats <system> <question>`` spells
    them (:func:`~dicestats.core.question.option`): ``--base 3``, and a rule flag for each
    rule off its default (``--push``, ``--no-critical``)."""
    import dataclasses

    from ..core.question import option

    out = []
    for name, value in setting.items():
        if not dataclasses.is_dataclass(value):
            out.append(f"{option(name)} {value}")
            continue
        for f in dataclasses.fields(value):  # the rules: their fields off the default
            v, flag = getattr(value, f.name), option(f.name)
            if v == f.default:
                continue
            if isinstance(v, bool):
                out.append(flag if v else "--no-" + flag[2:])
            else:
                out.append(f"{flag} {v}")
    return out
