#!/bin/bash
# Spell checking on the peers' English megabyte (issue 20): TextChecker over the whole text (best of three), the
# hunspell command (`hunspell -d en_US -l`) on the same file in the same run (best of three) and the ratio, the
# editor's SpellCheckingController checking it in slices, and a keystroke with its recheck (median, 90th percentile).
#
#   make bench-spell            # or: bash Benchmarks/Spell/bench-spell.sh [FILE]
set -euo pipefail
cd "$(dirname "$0")/../.."
CORPUS=${1:-${GALLEY_CORPUS:-../shared/peers/corpus/en.txt}}
[ -f "$CORPUS" ] || CORPUS=.build/peers/corpus/en.txt
swift build -c release --product galley-bench >&2
"$(swift build -c release --show-bin-path)/galley-bench" spell "$CORPUS"
