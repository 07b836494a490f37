"""The booklet page of a system without ``dicestats/report/<system>.py``: each declared
question's first sample answer as the command line prints it, as many as fit."""

from __future__ import annotations

from .page import Page

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

    return [
        Page(
            system.name,
            f"{system.title}: sample answers",
            "each block is one question, asked as its first sample; the command line prints "
            "the same.",
            draw,
        )
    ]
