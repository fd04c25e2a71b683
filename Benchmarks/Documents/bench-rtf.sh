#!/bin/bash
# Reading RTF (issue 19): the peers' English megabyte written as RTF with formatting every fourth word, read into an
# attributed string (best of five) against laying the text read out in one 400 pt frame (best of three), writing it
# back, and LibreOffice converting the same file to text in the same run (best of three, its start-up given apart).
#
#   make bench-rtf            # or: bash Benchmarks/Documents/bench-rtf.sh [CORPUS]
set -euo pipefail
cd "$(dirname "$0")/../.."
CORPUS=${1:-${GALLEY_CORPUS:-../shared/peers/corpus/en.txt}}
[ -f "$CORPUS" ] || CORPUS=.build/peers/corpus/en.txt
swift build -c release --product galley-bench >&2
"$(swift build -c release --show-bin-path)/galley-bench" rtf "$CORPUS" --font-dir Fonts --font "DejaVu Serif"
