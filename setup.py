"""The build's one step beyond ``pyproject.toml``: compile the booklet's message catalogues.

A wheel carries ``dicestats/locale/<locale>/LC_MESSAGES/dicestats.mo`` beside each ``.po``,
compiled here by :func:`dicestats.catalogues.compile_po` (loaded by its path: the build has
Babel, not the package's other dependencies). An editable install or a source tree has no
``.mo`` files; ``dicestats.i18n`` compiles a catalogue in memory there.
"""

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _catalogues():
    spec = importlib.util.spec_from_file_location(
        "_catalogues", HERE / "dicestats" / "catalogues.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildPy(build_py):
    """``build_py``, then each catalogue of the built package compiled beside it."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # the source tree is the package: compiled in memory when used
        _catalogues().write_mo_files(HERE / "dicestats", Path(self.build_lib) / "dicestats")


if __name__ == "__main__":  # as the build runs it
    setup(cmdclass={"build_py": BuildPy})
