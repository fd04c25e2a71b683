#!/bin/sh
# Remakes Fonts/NotoSerifCJKjp-Regular-Subset.otf: Noto Serif CJK JP (Debian's fonts-noto-cjk) cut with fontTools to
# the characters of the Chinese, Japanese and Korean texts in Tests/GalleyTests/Corpus, docs/vertical-sample.txt,
# the test and demo strings in Fonts/cjk-subset-extra.txt, and whole blocks of ASCII, Latin-1, general punctuation,
# CJK symbols and punctuation, kana and half- and fullwidth forms — every layout feature (vert, vrt2, vhal, vpal,
# halt, palt, hwid, ruby, …) and the vertical metrics (vhea, vmtx, VORG) kept.
set -e
cd "$(dirname "$0")/.."
source=/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc
test -f "$source" || { echo "install fonts-noto-cjk first (apt-get install fonts-noto-cjk)"; exit 1; }
chars=$(mktemp)
/usr/bin/python3 - "$chars" <<'PY'
import sys
chars = set()
for name in ["rashomon", "ja_Jpan", "zh_Hans", "zh_Hant", "ko_Kore", "sunzi-bingfa-simplified", "sunzi-bingfa-traditional",
             "unsu-joh-eun-nal"]:
    chars |= set(open(f"Tests/GalleyTests/Corpus/{name}.txt", encoding="utf-8").read())
chars |= set(open("docs/vertical-sample.txt", encoding="utf-8").read())
chars |= set(open("Fonts/cjk-subset-extra.txt", encoding="utf-8").read())
for low, high in [(0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF),
                  (0xFF01, 0xFF60), (0xFF61, 0xFF9F)]:
    chars |= {chr(c) for c in range(low, high + 1)}
chars -= {"\n", "\r"}
open(sys.argv[1], "w", encoding="utf-8").write("".join(sorted(chars)))
PY
/usr/bin/python3 -m fontTools.subset "$source" --font-number=0 --text-file="$chars" --layout-features='*' \
    --name-IDs='*' --name-languages='*' --notdef-outline --output-file=Fonts/NotoSerifCJKjp-Regular-Subset.otf
rm -f "$chars"
