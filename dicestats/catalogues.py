"""The booklet's message catalogues compiled: one ``.po`` file into gettext's ``.mo`` bytes.

Used twice, the same way: by the package's build (``setup.py``'s ``build_py`` writes a
``dicestats.mo`` beside each catalogue of a wheel, so an installed dicestats reads compiled
catalogues) and by :mod:`dicestats.i18n` in a source tree or an editable install, where no
``.mo`` file is kept (none can go stale) and a catalogue is compiled in memory the first time
its language is used. It needs only Babel (a build requirement too), never the rest of the
package, so the build loads this file by its path.

Examples
--------
>>> import gettext, io
>>> from pathlib import Path
>>> po = Path(__file__).parent / "locale" / "de" / "LC_MESSAGES" / "dicestats.po"
>>> gettext.GNUTranslations(io.BytesIO(compile_po(po))).gettext("difficulty")
'Schwierigkeit'
"""

from __future__ import annotations

import io
from pathlib import Path

#: Each catalogue's path below the package, and its compiled file's name beside it.
PO_GLOB, MO_NAME = "locale/*/LC_MESSAGES/dicestats.po", "dicestats.mo"


def compile_po(po: Path) -> bytes:
    """The ``.mo`` bytes of the catalogue ``po`` (fuzzy entries left out, as gettext does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with Path(po).open("rb") as fh:
        catalog = read_po(fh, locale=Path(po).parents[1].name)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def write_mo_files(package: Path, out: Path) -> list[Path]:
    """Compile each catalogue of the package directory ``package`` into the same place below
    ``out`` (a built package); the files written."""
    written = []
    for po in sorted(Path(package).glob(PO_GLOB)):
        mo = Path(out) / po.relative_to(package).with_name(MO_NAME)
        mo.parent.mkdir(parents=True, exist_ok=True)
        mo.write_bytes(compile_po(po))
        written.append(mo)
    return written
