"""The one progress-bar policy of dicestats: every entry point takes ``progress=``.

``None`` (default): a ``tqdm.auto`` bar when there is a terminal to draw it on and the
work is long (at least ``min_steps`` steps); ``True``: always; ``False``: never.
``TQDM_DISABLE=1`` silences every bar. The bar never stays on screen afterwards.

Examples
--------
>>> bar = progress_bar(10, progress=False, desc="demo", unit="step")
>>> bar.update(3); bar.close()   # a silent bar still takes the calls
"""

from __future__ import annotations

import os

from .checks import refuse

__all__ = ["progress_bar", "check_progress"]


class _Silent:
    """A bar that draws nothing (same methods as a tqdm bar)."""

    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def check_progress(progress):
    """Return ``progress`` if it is None, True or False (the one meaning above)."""
    if progress is None or isinstance(progress, bool):
        return progress
    raise refuse("progress", "None, True or False", progress, kind=True)


def progress_bar(total, *, progress=None, desc: str, unit: str, min_steps: int = 1, steps=None):
    """A ``tqdm.auto`` bar of ``total`` units, or a silent stand-in.

    Parameters
    ----------
    total : int
        Units of work (trials, scenarios, pages).
    progress : bool or None
        See the module docstring.
    desc, unit : str
        The bar's label and unit.
    min_steps : int
        With ``progress=None``, show a bar only when the work has at least this
        many steps (updates); ``steps`` gives their number (default ``total``).
    """
    progress = check_progress(progress)
    if progress is False:
        return _Silent()
    if os.environ.get("TQDM_DISABLE", "").strip().lower() in {"1", "true", "yes"}:
        return _Silent()
    if progress is None and (total if steps is None else steps) < min_steps:
        return _Silent()
    from tqdm.auto import tqdm

    return tqdm(
        total=total,
        desc=desc,
        unit=unit,
        unit_scale=unit == "trial",
        disable=None if progress is None else False,
        leave=False,
    )
