"""The printable PDF odds booklet: ``dicestats report`` (:func:`build_report`).

Its pages are :class:`Page` objects: each registered system's (``report/<system>.py``, else
one page of its questions' sample answers, :mod:`.generic`), then the workbench's
calibration page (:mod:`.calibration`); :mod:`.booklet` frames, orders and writes them, and
:mod:`.page` holds what every page draws with.

Examples
--------
>>> from dicestats.report import page_titles
>>> page_titles(["fate"])[:2]
['Contents', 'Fate: the odds of 4dF']
>>> len(page_titles(["fate"])) < len(page_titles())   # default: every system's pages
True
"""

from __future__ import annotations

from .booklet import *  # noqa: F403
from .booklet import __all__  # noqa: F401
