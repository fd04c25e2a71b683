#!/bin/bash
# GalleyText's editing benchmark on the four document shapes of issue 18, at 1 MB and 8 MB, in one invocation:
# prose (the peers' English corpus), short lines (the same cut at 60 characters), code (this repository's Swift
# sources, DejaVu Sans Mono) and long paragraphs (the corpus in 10 paragraphs of 100,000 characters). Each run
# makes EDITS single-character edits (inserts, deletions; --mixed adds paragraph splits and attribute changes) with
# the page around the caret brought up to date, and prints median and 90th percentile; a second run of 200 edits
# checks every 20th against a full layout (timed apart: a check leaves a freed full layout behind, which slows the
# edit after it); then the time to open the document and lay out its first and last screens (non-contiguous layout,
# as a scrolling text view has it), also at 100 MB.
#
# HUGE_PAGES=1 runs every process with glibc's huge-page tunable (GLIBC_TUNABLES=glibc.malloc.hugetlb=1: the heap
# in transparent 2 MB pages where the kernel allows them), which takes the 8 MB documents' edits to the 1 MB ones'
# speed: what separates them is address translation (TLB misses on a heap of nearly a gigabyte), not instructions.
#
#   make bench-edit            # or: bash Benchmarks/Edit/bench-edit.sh;  HUGE_PAGES=1 make bench-edit
set -euo pipefail
cd "$(dirname "$0")/../.."
EDITS=${EDITS:-1000}
if [ "${HUGE_PAGES:-0}" = 1 ]; then export GLIBC_TUNABLES=glibc.malloc.hugetlb=1; fi
OUT=.build/bench-edit
mkdir -p "$OUT"
CORPUS=${GALLEY_CORPUS:-../shared/peers/corpus/en.txt}
[ -f "$CORPUS" ] || CORPUS=.build/peers/corpus/en.txt
swift build -c release --product galley-bench >&2
BENCH=$(swift build -c release --show-bin-path)/galley-bench
SERIF=$(fc-match -f '%{file}' "DejaVu Serif")
MONO=$(fc-match -f '%{file}' "DejaVu Sans Mono")
# About 1 MB of Swift source: the repository's own, repeated.
: > "$OUT/code.txt"
while [ "$(stat -c %s "$OUT/code.txt")" -lt 1000000 ]; do find Sources -name '*.swift' -print0 | sort -z | xargs -0 cat >> "$OUT/code.txt"; done
head -c 1000000 "$OUT/code.txt" > "$OUT/code1.txt" && mv "$OUT/code1.txt" "$OUT/code.txt"

echo "| document | size | paragraphs | median per edit | 90th percentile | slowest | first screen | last screen |"
echo "|---|---|---|---|---|---|---|---|"
for spec in "prose:$CORPUS:$SERIF:prose" "short lines:$CORPUS:$SERIF:lines" "code:$OUT/code.txt:$MONO:prose" \
            "long paragraphs:$CORPUS:$SERIF:long-paragraphs"; do
  IFS=: read -r name file font shape <<< "$spec"
  for repeats in 1 8; do
    edits=$("$BENCH" edit "$file" --font-file "$font" --shape "$shape" --repeats "$repeats" --edits "$EDITS" --mixed)
    checked=$("$BENCH" edit "$file" --font-file "$font" --shape "$shape" --repeats "$repeats" --edits 200 --verify 20 --mixed --seed 2)
    open=$("$BENCH" edit "$file" --font-file "$font" --shape "$shape" --repeats "$repeats" --open-only)
    median=$(sed -n 's/.*median \([0-9.]*\) ms.*/\1/p' <<< "$edits")
    p90=$(sed -n 's/.*90th percentile \([0-9.]*\) ms.*/\1/p' <<< "$edits")
    slowest=$(sed -n 's/.*max \([0-9.]*\) ms.*/\1/p' <<< "$edits")
    paragraphs=$(sed -n 's/.* \([0-9]*\) paragraphs$/\1/p' <<< "$open")
    first=$(sed -n 's/.*first screen \([0-9.]*\) ms.*/\1/p' <<< "$open")
    last=$(sed -n 's/.*last screen \([0-9.]*\) ms.*/\1/p' <<< "$open")
    grep -q "identical lines" <<< "$checked" || { echo "$name ×$repeats: incremental layout differs from a full layout" >&2; exit 1; }
    echo "| $name | ${repeats} MB | $paragraphs | $median ms | $p90 ms | $slowest ms | $first ms | $last ms |"
  done
  open=$("$BENCH" edit "$file" --font-file "$font" --shape "$shape" --repeats 100 --open-only)
  paragraphs=$(sed -n 's/.* \([0-9]*\) paragraphs$/\1/p' <<< "$open")
  first=$(sed -n 's/.*first screen \([0-9.]*\) ms.*/\1/p' <<< "$open")
  last=$(sed -n 's/.*last screen \([0-9.]*\) ms.*/\1/p' <<< "$open")
  echo "| $name | 100 MB | $paragraphs | | | | $first ms | $last ms |"
done
