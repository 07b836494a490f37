"""The printable PDF odds booklet, ``dicestats report`` (:func:`build_report`): each registered
system's pages (``report/<system>.py``, else :mod:`.generic`), then :mod:`.calibration`'s;
:mod:`.booklet` orders and writes them, :mod:`.page` is what every page draws with.

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
