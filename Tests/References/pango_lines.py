#!/usr/bin/python3
"""Pango's line breaks for the test suite (Pango 1.50 through python3-gi): an independent reference.

Usage: pango_lines.py FONT-FILE SIZE WIDTH TEXT-FILE
Lays out each line of TEXT-FILE as one paragraph with a PangoCairo font map at 72 dpi, hint metrics off,
hint style none, unrounded positions, word wrapping at WIDTH points, and prints one JSON object:
{"family": ..., "paragraphs": [[start, start, ...], ...]} with each line's start as a UTF-16 offset into its
paragraph. Run with FONTCONFIG_FILE pointing at the project's Fonts/fonts.conf, so only the bundled fonts exist.
"""
import ctypes
import json
import subprocess
import sys

import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402


def main():
    font_file, size, width, text_file = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    fontconfig = ctypes.CDLL("libfontconfig.so.1")
    fontconfig.FcConfigAppFontAddFile.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    fontconfig.FcConfigAppFontAddFile(None, font_file.encode())
    family = subprocess.run(["fc-scan", "-f", "%{family[0]}", font_file], capture_output=True, text=True).stdout.strip()

    fontmap = PangoCairo.FontMap.new()
    fontmap.set_resolution(72.0)
    context = fontmap.create_context()
    context.set_round_glyph_positions(False)
    options = ctypes.CDLL("libcairo.so.2")
    options.cairo_font_options_create.restype = ctypes.c_void_p
    font_options = options.cairo_font_options_create()
    options.cairo_font_options_set_hint_metrics(ctypes.c_void_p(font_options), 1)  # CAIRO_HINT_METRICS_OFF
    options.cairo_font_options_set_hint_style(ctypes.c_void_p(font_options), 1)  # CAIRO_HINT_STYLE_NONE
    pangocairo = ctypes.CDLL("libpangocairo-1.0.so.0")
    pythonapi = ctypes.pythonapi
    pythonapi.PyCapsule_GetPointer.restype = ctypes.c_void_p
    pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    pangocairo.pango_cairo_context_set_font_options(
        ctypes.c_void_p(pythonapi.PyCapsule_GetPointer(context.__gpointer__, None)), ctypes.c_void_p(font_options))

    description = Pango.FontDescription.from_string(family)
    description.set_absolute_size(size * Pango.SCALE)
    layout = Pango.Layout.new(context)
    layout.set_font_description(description)
    layout.set_width(int(round(width * Pango.SCALE)))
    layout.set_wrap(Pango.WrapMode.WORD)

    paragraphs = []
    with open(text_file, encoding="utf-8") as handle:
        for paragraph in handle.read().split("\n"):
            if not paragraph.strip():
                continue
            layout.set_text(paragraph, -1)
            encoded = paragraph.encode("utf-8")
            starts = []
            for line in layout.get_lines_readonly():
                prefix = encoded[: line.start_index].decode("utf-8")
                starts.append(len(prefix.encode("utf-16-le")) // 2)
            paragraphs.append(starts)
    print(json.dumps({"family": family, "paragraphs": paragraphs}))


if __name__ == "__main__":
    main()
