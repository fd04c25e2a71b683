#!/usr/bin/python3
"""Pango's cursor positions and word boundaries for the test suite (Pango 1.50's pango_get_log_attrs, through
ctypes: PyGObject cannot read PangoLogAttr's bit fields).

Usage: pango_boundaries.py TEXT-FILE
For each non-empty line of TEXT-FILE prints one JSON object: {"cursor": [...], "wordStart": [...],
"wordEnd": [...], "backspaceDeletesCharacter": [...]}, UTF-16 offsets into the line where Pango's log attributes
(language en, level unknown) mark a cursor position, the start or end of a word, or a character that backspace
deletes alone.
"""
import ctypes
import json
import sys

# PangoLogAttr: one guint of bit fields, first field in the lowest bit (GCC on x86-64).
IS_CURSOR_POSITION = 1 << 4
IS_WORD_START = 1 << 5
IS_WORD_END = 1 << 6
BACKSPACE_DELETES_CHARACTER = 1 << 10


def main():
    pango = ctypes.CDLL("libpango-1.0.so.0")
    pango.pango_language_from_string.restype = ctypes.c_void_p
    pango.pango_get_log_attrs.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p,
                                          ctypes.POINTER(ctypes.c_uint32), ctypes.c_int]
    language = pango.pango_language_from_string(b"en")
    for line in open(sys.argv[1], encoding="utf-8").read().split("\n"):
        if not line:
            continue
        data = line.encode("utf-8")
        count = len(line) + 1
        attrs = (ctypes.c_uint32 * count)()
        pango.pango_get_log_attrs(data, len(data), -1, language, attrs, count)
        offsets = [0]
        for character in line:
            offsets.append(offsets[-1] + (2 if ord(character) > 0xFFFF else 1))
        result = {"cursor": [], "wordStart": [], "wordEnd": [], "backspaceDeletesCharacter": []}
        for index in range(count):
            bits = attrs[index]
            for key, flag in (("cursor", IS_CURSOR_POSITION), ("wordStart", IS_WORD_START), ("wordEnd", IS_WORD_END),
                              ("backspaceDeletesCharacter", BACKSPACE_DELETES_CHARACTER)):
                if bits & flag:
                    result[key].append(offsets[index])
        print(json.dumps(result))


if __name__ == "__main__":
    main()
