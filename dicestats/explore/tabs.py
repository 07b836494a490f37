"""The served page's tabs (:class:`LazyTabs`): each explorer is made when its tab is first
opened, so a page that is opened shows its first tab without making the widgets of the
others (in the kernel and in the browser alike)."""

from __future__ import annotations

import ipywidgets as widgets

__all__ = ["LazyTabs"]


class LazyTabs(widgets.Tab):
    """Tabs of explorers made on demand.

    ``makers`` is ``[(title, name, make)]``: a tab's title, its name in an address
    (:func:`~dicestats.explore.link.tab_name` of its explorer) and the function that makes
    its explorer. The selected tab's explorer is made at once, another's when its tab is
    first selected or :meth:`explorer` asks for it; until then the tab holds an empty box.

    Examples
    --------
    >>> from dicestats.explore import storyteller
    >>> tabs = LazyTabs([("Storyteller", "storyteller", storyteller),
    ...                  ("More", "storyteller", lambda: storyteller(6))])
    >>> tabs.built(0).state()["dice"], tabs.built(1)
    (5, None)
    >>> tabs.selected_index = 1
    >>> tabs.built(1).state()["dice"], tabs.children[1].children == (tabs.built(1),)
    (6, True)
    """

    def __init__(self, makers, selected: int = 0):
        self._makers = list(makers)
        self.names = [name for _title, name, _make in self._makers]
        self._built = [None] * len(self._makers)
        self._hooks = []
        super().__init__(children=[widgets.VBox() for _ in self._makers])
        for i, (title, _name, _make) in enumerate(self._makers):
            self.set_title(i, title)
        self.observe(self._opened, names="selected_index")
        self.selected_index = selected
        self.explorer(selected)

    def built(self, i: int):
        """The explorer of tab ``i``, or None while it has not been made."""
        return self._built[i]

    def explorer(self, i: int):
        """The explorer of tab ``i``, made (and put in its tab) when it was not yet."""
        ex = self._built[i]
        if ex is None:
            ex = self._built[i] = self._makers[i][2]()
            for hook in self._hooks:
                hook(i, ex)
            self.children[i].children = (ex,)
        return ex

    def on_build(self, hook) -> None:
        """Call ``hook(i, explorer)`` for every explorer made, those made already included."""
        self._hooks.append(hook)
        for i, ex in enumerate(self._built):
            if ex is not None:
                hook(i, ex)

    def _opened(self, change) -> None:
        if change["new"] is not None:
            self.explorer(change["new"])
