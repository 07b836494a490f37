"""The booklet's languages: message catalogues, numbers in the locale's format, fonts.

Every word the booklet prints goes through :func:`_` (``gettext``); the catalogues are the
gettext ``.po`` files in ``dicestats/locale/<locale>/LC_MESSAGES/dicestats.po`` (extracted and
updated with Babel: ``docs/languages.md``), compiled when the package is built (an installed
dicestats reads ``dicestats.mo`` beside each) or, in a source tree, in memory the first time a
language is used (:mod:`dicestats.catalogues`). The language is the context's
(:func:`language`): ``dicestats report --lang de`` and the charts' ``lang=`` set it for the
time they draw.

Numbers follow the locale (Babel): ``49.5%`` in English, ``49,5 %`` in German. Chances follow
one rule everywhere (:func:`chance`): one decimal from 1% up, ``1 in N`` below 1%.

Fonts: Latin and Cyrillic are DejaVu Sans (matplotlib's own); Chinese is Noto Sans CJK (SIL Open
Font License), Traditional glyph forms for ``zh-Hant`` and Simplified for ``zh-Hans``, from the
subsets in ``dicestats/fonts/`` (TrueType outlines, so every PDF reader renders them; the
characters the catalogues use, made by ``scripts/cjk_fonts.py``).

Examples
--------
>>> with language("de"):
...     chance(0.495), chance(0.0004), _("difficulty")
('49,5\\xa0%', '1 zu 2.500', 'Schwierigkeit')
>>> chance(0.495), chance(0.999999), chance(2e-9)
('49.5%', '>99.9%', 'less than 1 in a million')
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "language",
    "current",
    "check_language",
    "with_lang",
    "_",
    "N_",
    "number",
    "signed",
    "chance",
    "percent_sign",
    "ladder",
    "font_family",
    "font_files",
]

#: The booklet's languages: code → its own name.
LANGUAGES = {
    "en": "English",
    "de": "Deutsch",
    "ru": "Русский",
    "zh-Hant": "繁體中文",
    "zh-Hans": "简体中文",
}

#: Babel's locale for each language.
_LOCALES = {"en": "en", "de": "de", "ru": "ru", "zh-Hant": "zh_Hant", "zh-Hans": "zh_Hans"}

_HERE = Path(__file__).parent
_LOCALE_DIR = _HERE / "locale"
_FONT_DIR = _HERE / "fonts"

#: The Chinese font of each language, after DejaVu Sans: (file, family).
_CJK_FONTS = {
    "zh-Hant": ("NotoSansCJKtc-dicestats.ttf", "Noto Sans CJK TC dicestats"),
    "zh-Hans": ("NotoSansCJKsc-dicestats.ttf", "Noto Sans CJK SC dicestats"),
}

_current: ContextVar[str] = ContextVar("dicestats_language", default="en")


def check_language(lang) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`, else a ``ValueError`` naming them."""
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}; got {lang!r}")
    return lang


def current() -> str:
    """The language in force (``"en"`` unless :func:`language` says otherwise)."""
    return _current.get()


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Use ``lang`` for every word and number until the block ends (``None``: keep the
    current one)."""
    if lang is None:
        yield current()
        return
    token = _current.set(check_language(lang))
    try:
        yield lang
    finally:
        _current.reset(token)


#: How a chart's docstring lists the keyword :func:`with_lang` gives it (its last parameter).
_LANG_DOC = """\
    lang : str, optional
        The chart's language (:data:`dicestats.i18n.LANGUAGES`; default: the current one).
"""


def with_lang(draw):
    """Give a chart function a ``lang=`` keyword: its words, numbers and fonts in that
    language (default: the current one). The keyword is in the function's signature and
    its docstring's parameters (so in ``help()`` and the API reference), after ``draw``'s
    own."""
    import inspect
    import re

    @functools.wraps(draw)
    def drawn(*args, lang: str | None = None, **kwargs):
        if lang is None:
            return draw(*args, **kwargs)
        import matplotlib

        with language(lang), matplotlib.rc_context({"font.family": font_family(lang)}):
            return draw(*args, **kwargs)

    sig = inspect.signature(draw)
    params = list(sig.parameters.values())
    at = len(params) - (bool(params) and params[-1].kind is inspect.Parameter.VAR_KEYWORD)
    params.insert(at, inspect.Parameter("lang", inspect.Parameter.KEYWORD_ONLY, default=None))
    drawn.__signature__ = sig.replace(parameters=params)
    params_end = re.search(
        r"\n    Parameters\n    -+\n.*?\n(?=\n    \w[\w ]*\n    -+\n|$)", draw.__doc__ or "", re.S
    )
    if params_end:
        at = params_end.end()
        drawn.__doc__ = draw.__doc__[:at] + _LANG_DOC + draw.__doc__[at:]
    return drawn


@functools.cache
def _translations(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    from .catalogues import MO_NAME, compile_po

    po = _LOCALE_DIR / _LOCALES[lang] / "LC_MESSAGES" / "dicestats.po"
    mo = po.with_name(MO_NAME)  # compiled by the build (a wheel), else compiled here
    return gettext.GNUTranslations(io.BytesIO(mo.read_bytes() if mo.exists() else compile_po(po)))


def _(message: str) -> str:
    """``message`` in the current language (itself where the catalogue has no translation)."""
    return _translations(current()).gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction, translated later (where it is shown) with :func:`_`."""
    return message


def _locale() -> str:
    return _LOCALES[current()]


def number(x, digits: int = 0) -> str:
    """``x`` with ``digits`` decimals, grouped as the locale groups (``12,345.6``,
    ``12.345,6``)."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(x, format=pattern, locale=_locale())


def signed(v: int) -> str:
    """A whole number with its sign: ``+3``, ``0``, ``−1`` (a real minus sign)."""
    v = int(v)
    return f"+{v}" if v > 0 else (f"−{-v}" if v < 0 else "0")


@functools.cache
def _percent_pattern(locale: str) -> str:
    """The locale's pattern of a percentage (``#,##0%``; German ``#,##0\xa0%``)."""
    from babel import Locale

    return Locale.parse(locale).percent_formats[None].pattern.split(";")[0]


def _percent(x: float, digits: int) -> str:
    from babel.numbers import format_percent

    pattern = _percent_pattern(_locale())
    pattern = pattern.replace("#,##0", "#,##0" + ("." + "0" * digits if digits else ""))
    return format_percent(x, format=pattern, locale=_locale())


def percent_sign(number: str) -> str:
    """A percentage already written as a number (``"48"``, ``"<1"``) with the percent sign
    where and as the locale puts it.

    >>> percent_sign("48"), percent_sign("<1")
    ('48%', '<1%')
    >>> with language("de"):
    ...     percent_sign("48")
    '48\xa0%'
    """
    return _percent_pattern(_locale()).replace("#,##0", number, 1)


def chance(p) -> str:
    """A probability the way a game master reads it, one rule on every page.

    From 1% up: a percentage with one decimal (``49.5%``; ``>99.9%`` for what still can fail);
    below 1%: ``1 in N`` (N to two significant figures), ``less than 1 in a million`` below
    that; exactly 0 and 1 are ``0%`` and ``100%``.

    Examples
    --------
    >>> [chance(p) for p in (0, 0.0037, 0.0099, 0.01, 0.9914, 0.99911, 1)]
    ['0%', '1 in 270', '1 in 100', '1.0%', '99.1%', '99.9%', '100%']
    """
    import math

    x = float(p)
    if x <= 0:
        return _percent(0, 0)
    if x >= 1:
        return _percent(1, 0)
    if x < 1e-6:
        return _("less than 1 in a million")
    if x < 0.01:
        n = 1.0 / x
        mag = 10 ** (math.floor(math.log10(n)) - 1)
        return _("1 in {n}").format(n=number(round(n / mag) * mag))
    if x >= 0.9995:
        return ">" + _percent(0.999, 1)
    return _percent(x, 1)


#: The Fate ladder's names, for the catalogues (the rules' own table: dicestats.fate.LADDER).
_LADDER = {
    8: N_("Legendary"),
    7: N_("Epic"),
    6: N_("Fantastic"),
    5: N_("Superb"),
    4: N_("Great"),
    3: N_("Good"),
    2: N_("Fair"),
    1: N_("Average"),
    0: N_("Mediocre"),
    -1: N_("Poor"),
    -2: N_("Terrible"),
}


def ladder(value: int, *, order: str = "rating") -> str:
    """A Fate rating with its ladder name in the current language: ``+3 Good`` (``order=
    "rating"``) or ``Good (+3)`` (``"name"``); off the ladder, where it is: ``−3 (below
    Terrible)``.

    Examples
    --------
    >>> ladder(3), ladder(-1, order="name"), ladder(-3), ladder(9)
    ('+3 Good', 'Poor (−1)', '−3 (below Terrible)', '+9 (above Legendary)')
    """
    v = int(value)
    name = _LADDER.get(v)
    if name is None:
        where = _("below Terrible") if v < -2 else _("above Legendary")
        return f"{signed(v)} ({where})"
    if order == "name":
        return f"{_(name)} ({signed(v)})"
    return f"{signed(v)} {_(name)}"


@functools.cache
def font_files() -> dict[str, Path]:
    """The Chinese fonts shipped with the package, by language (registered with matplotlib's
    font manager the first time)."""
    import dataclasses

    from matplotlib import font_manager

    manager = font_manager.fontManager
    files = {lang: _FONT_DIR / file for lang, (file, _family) in _CJK_FONTS.items()}
    for path in files.values():
        manager.addfont(str(path))
        # One weight ships (Regular): bold text (titles, table headers) sets its Chinese in it,
        # said here once rather than warned about at every bold word.
        regular = next(e for e in manager.ttflist if e.fname == str(path))
        manager.ttflist.append(dataclasses.replace(regular, weight=700))
    return files


def font_family(lang: str | None = None) -> list[str]:
    """matplotlib's ``font.family`` for ``lang`` (default: the current language): DejaVu Sans,
    then the Chinese font of that script, whose glyph forms it uses."""
    lang = current() if lang is None else check_language(lang)
    if lang not in _CJK_FONTS:
        return ["DejaVu Sans"]
    font_files()
    return ["DejaVu Sans", _CJK_FONTS[lang][1]]
