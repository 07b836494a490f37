"""Rebuild the booklet's Chinese fonts, ``dicestats/fonts/NotoSansCJK{tc,sc}-dicestats.ttf``.

Each is Noto Sans CJK Regular (SIL Open Font License 1.1; the Traditional face for zh-Hant, the
Simplified face for zh-Hans) cut down to the characters its catalogue uses, with TrueType
outlines (converted from the original CFF, so PDF readers take the embedded Type 42 font without
complaint) and its own family name, so a system's full Noto CJK never stands in for it. Run it
after changing a Chinese catalogue (the booklet's glyph test says when)::

    pip install noto-cjk-sans-otc==0.0.1   # Noto Sans CJK 2.004, the OpenType collection
    python scripts/cjk_fonts.py

The output is byte-identical for the same catalogues (the source font's own dates are kept).
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po
from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, newTable

ROOT = Path(__file__).resolve().parents[1]
#: Language → (Babel locale, face name in the collection, output file, family name).
FACES = {
    "zh-Hant": ("zh_Hant", "Noto Sans CJK TC", "NotoSansCJKtc-dicestats.ttf"),
    "zh-Hans": ("zh_Hans", "Noto Sans CJK SC", "NotoSansCJKsc-dicestats.ttf"),
}
#: Punctuation a translator may reach for, always kept.
EXTRA = "，。、：；！？（）「」『』《》〈〉—…·％＋－０１２３４５６７８９"


def characters(locale: str) -> str:
    """Every character of the catalogue's translations outside DejaVu Sans' reach (from U+2E80:
    CJK, full-width forms)."""
    po = ROOT / "dicestats" / "locale" / locale / "LC_MESSAGES" / "dicestats.po"
    with po.open("rb") as fh:
        catalog = read_po(fh)
    text = "".join(m.string for m in catalog if m.id and isinstance(m.string, str))
    return "".join(sorted({c for c in text + EXTRA if ord(c) >= 0x2E80}))


def to_truetype(font) -> None:
    """Replace the CFF outlines of ``font`` by quadratic TrueType ones (glyf/loca)."""
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                  "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
                  "maxComponentElements"):  # fmt: skip
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"


def build(collection: Path, lang: str) -> Path:
    locale, face, file = FACES[lang]
    family = face + " dicestats"
    fonts = TTCollection(str(collection)).fonts
    font = next(f for f in fonts if f["name"].getDebugName(1) == face)
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(text=characters(locale))
    sub.subset(font)
    to_truetype(font)
    names = font["name"]
    for rec in list(names.names):
        if rec.nameID in (1, 3, 4, 6, 16):
            value = {1: family, 3: family, 4: family, 6: family.replace(" ", ""), 16: family}
            names.setName(value[rec.nameID], rec.nameID, rec.platformID, rec.platEncID, rec.langID)
    out = ROOT / "dicestats" / "fonts" / file
    out.parent.mkdir(exist_ok=True)
    font.recalcTimestamp = False
    font.save(str(out))
    return out


def main() -> None:
    import noto_cjk_sans_otc

    for lang in FACES:
        out = build(Path(str(noto_cjk_sans_otc.FONT_PATH)), lang)
        print(f"{lang}: {out.relative_to(ROOT)} ({out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
