#!/usr/bin/python3
"""Independent readings of a font file for Galley's tests, straight from its tables with fontTools.

Usage: font_reference.py FONT-FILE [CHARACTERS]
Prints one JSON object: units per em, glyph count, the vertical metrics HarfBuzz's rule picks (OS/2 typo
metrics when USE_TYPO_METRICS is set or hhea is all zero, else hhea), cap and x height, underline,
italic angle, head bounding box, names, cmap size, and for each character its glyph id, glyph name,
advance and exact outline bounds (fontTools' BoundsPen; null for bitmap-only fonts) in design units.
"""
import json
import sys

from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

path = sys.argv[1]
characters = sys.argv[2] if len(sys.argv) > 2 else "AWgfi"
font = TTFont(path, fontNumber=0, lazy=False)
os2 = font["OS/2"] if "OS/2" in font else None
hhea = font["hhea"]
use_typo = os2 is not None and (os2.fsSelection & (1 << 7))
if use_typo or (hhea.ascent == 0 and hhea.descent == 0 and hhea.lineGap == 0 and os2 is not None):
    ascent, descent, line_gap = os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap
else:
    ascent, descent, line_gap = hhea.ascent, hhea.descent, hhea.lineGap

names = {}
for name_id in (1, 2, 4, 6, 16, 17):
    record = font["name"].getName(name_id, 3, 1, 0x409) or font["name"].getName(name_id, 1, 0, 0)
    if record is not None:
        names[str(name_id)] = record.toUnicode()

cmap = font.getBestCmap() or {}
has_outlines = any(tag in font for tag in ("glyf", "CFF ", "CFF2"))
glyph_set = font.getGlyphSet() if has_outlines else None
glyph_order = font.getGlyphOrder()
glyphs = {}
for character in characters:
    name = cmap.get(ord(character))
    if name is None:
        continue
    bounds = None
    if glyph_set is not None:
        pen = BoundsPen(glyph_set)
        glyph_set[name].draw(pen)
        bounds = list(pen.bounds) if pen.bounds else None
    glyphs[character] = {
        "id": font.getGlyphID(name),
        "name": name,
        "advance": font["hmtx"][name][0],
        "bounds": bounds,
    }

head = font["head"]
carets = {}
if "GDEF" in font and font["GDEF"].table.LigCaretList is not None:
    caret_list = font["GDEF"].table.LigCaretList
    for glyph_name, lig_glyph in zip(caret_list.Coverage.glyphs, caret_list.LigGlyph):
        values = [c.Coordinate for c in lig_glyph.CaretValue if c.Format in (1, 3)]
        if len(values) == len(lig_glyph.CaretValue):
            carets[str(font.getGlyphID(glyph_name))] = values
        if len(carets) >= 5:
            break

print(json.dumps({
    "unitsPerEm": head.unitsPerEm,
    "glyphCount": font["maxp"].numGlyphs,
    "ascent": ascent,
    "descent": -descent,
    "lineGap": line_gap,
    "capHeight": getattr(os2, "sCapHeight", None) if os2 is not None and os2.version >= 2 else None,
    "xHeight": getattr(os2, "sxHeight", None) if os2 is not None and os2.version >= 2 else None,
    "underlinePosition": font["post"].underlinePosition,
    "underlineThickness": font["post"].underlineThickness,
    "italicAngle": font["post"].italicAngle,
    "isFixedPitch": bool(font["post"].isFixedPitch),
    "bbox": [head.xMin, head.yMin, head.xMax, head.yMax],
    "names": names,
    "cmapCount": len(cmap),
    "glyphNames": glyph_order[:40] if "post" in font and font["post"].formatType != 3.0 or "CFF " in font else [],
    "glyphs": glyphs,
    "ligatureCarets": carets,
}))
