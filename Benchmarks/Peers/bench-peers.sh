#!/bin/bash
# Galley next to the peers (Pango, SkParagraph, Typst, HarfBuzz alone) on the same corpus, font file, size and
# width, in one invocation, then one table of seconds per MB and ratios (Benchmarks/Peers/table.py).
#
#   make bench-peers            # or: bash Benchmarks/Peers/bench-peers.sh
#
# The peers' scripts come from ../shared/peers, copied to .build/peers (they write beside themselves) and set up
# once (sh setup.sh: Debian packages, a venv with skia-python and typst, the C programs, the corpus).
# RUNS (default 3) timed runs after one warm-up, in every measurement. ROUNDS (default 2) times over, every tool in
# turn each round; the table takes each measurement's median over the rounds.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
RUNS=${RUNS:-3}
ROUNDS=${ROUNDS:-2}
PEERS=${PEERS:-$ROOT/.build/peers}
SHARED=${SHARED_PEERS:-$ROOT/../shared/peers}
if [ ! -d "$PEERS" ]; then
  mkdir -p "$(dirname "$PEERS")"
  cp -r "$SHARED" "$PEERS"
fi
if [ ! -x "$PEERS/.venv/bin/python" ] || [ ! -x "$PEERS/build/pango_layout" ] || [ ! -f "$PEERS/corpus/en.txt" ]; then
  (cd "$PEERS" && sh setup.sh)
fi
swift build -c release --product galley-bench >&2
# The command as `make cli` builds it (the Swift runtime linked in, its own build folder) for the fresh-process row;
# `make cli` prints its path last.
GALLEY_CLI=$(make --no-print-directory -s cli | tail -1)
GALLEY=$(swift build -c release --show-bin-path)/galley-bench
PY=$PEERS/.venv/bin/python
OUT=$ROOT/.build/bench-peers.jsonl
: > "$OUT"
quiet() { "$@" 2> >(grep -v -e 'Fontconfig warning' -e DeprecationWarning -e create_context >&2) | tail -1; }
record() { local label=$1; shift; local line; line=$(quiet "$@"); echo "{\"label\": \"$label\", \"result\": $line}" >> "$OUT"; echo "$label: $line" >&2; }

for round in $(seq "$ROUNDS"); do
  for spec in "en:DejaVu Serif" "ar:Noto Naskh Arabic" "zh:Noto Serif CJK SC" "hi:Noto Serif Devanagari"; do
    lang=${spec%%:*}; family=${spec#*:}
    corpus=$PEERS/corpus/$lang.txt
    font=$(fc-match -f '%{file}' "$family")
    echo "== $lang: $family ($font)" >&2
    record "$lang galley" "$GALLEY" layout --corpus "$corpus" --font-file "$font" --runs "$RUNS" --relayout-width 300 --retain
    record "$lang pango" "$PEERS/build/pango_layout" --runs "$RUNS" --corpus "$corpus" --family "$family" --retain 1 --relayout-width 300
    record "$lang skparagraph" "$PY" "$PEERS/skparagraph_layout.py" --runs "$RUNS" --json --corpus "$corpus" --font-file "$font" --retain --relayout-width 300
    record "$lang harfbuzz" "$PEERS/build/hb_shape_only" --mode para --runs "$RUNS" --corpus "$corpus" --font "$font"
    if [ "$lang" = en ]; then
      record "en galley optimal" "$GALLEY" layout --corpus "$corpus" --font-file "$font" --runs "$RUNS" --mode optimal
      record "en galley greedy-justified" "$GALLEY" layout --corpus "$corpus" --font-file "$font" --runs "$RUNS" --mode greedy-justified
      record "en galley optimal microtype" "$GALLEY" layout --corpus "$corpus" --font-file "$font" --runs "$RUNS" --mode optimal --microtype
      record "en typst optimized" "$PY" "$PEERS/typst_layout.py" --runs "$RUNS" --json --mode optimized --font-file "$font"
      record "en galley paragraphs 2" "$GALLEY" layout --corpus "$corpus" --font-file "$font" --runs "$RUNS" --mode paragraphs --threads 2
      # What the machine gives this work on two cores with nothing shared: the one-thread layout alone, then in two
      # processes at once (virtual CPUs on a shared host are not always equal).
      one=(layout --corpus "$corpus" --font-file "$font" --runs "$RUNS" --mode paragraphs --threads 1)
      record "en galley process alone" "$GALLEY" "${one[@]}"
      quiet "$GALLEY" "${one[@]}" > "$OUT.a" & quiet "$GALLEY" "${one[@]}" > "$OUT.b"; wait
      for side in a b; do
        echo "{\"label\": \"en galley process pair $side\", \"result\": $(cat "$OUT.$side")}" >> "$OUT"
        echo "en galley process pair $side: $(cat "$OUT.$side")" >&2
      done
      rm -f "$OUT.a" "$OUT.b"
    fi
  done
done
# A fresh process drawing one line into a PNG: galley render against pango-view, the same family and size, and the
# same pixels: pango-view draws at 96 dpi (4/3 pixels per point; galley render's default is 2) on white, every pixel
# painted, so Cairo writes an RGB PNG as pango-view's is.
LINE="Hello office AVATAR"
for round in $(seq "$ROUNDS"); do
  record "fresh galley" python3 "$ROOT/Benchmarks/Peers/fresh_process.py" --runs 20 -- \
    "$GALLEY_CLI" render "$LINE" --font "DejaVu Sans" --size 18 --scale 1.3333333 -o "$ROOT/.build/fresh-galley.png"
  record "fresh pango-view" python3 "$ROOT/Benchmarks/Peers/fresh_process.py" --runs 20 -- \
    pango-view --no-display -q --font "DejaVu Sans 18" -o "$ROOT/.build/fresh-pango.png" --text "$LINE"
done
# The library's first Line in a fresh process (galley-bench first-line): the font by name (fontconfig reads the
# system's configuration first) and from its file (nothing of fontconfig's is read).
for round in $(seq "$ROUNDS"); do
  record "first line by name" python3 "$ROOT/Benchmarks/Peers/fresh_process.py" --runs 20 --own-timings font_s,line_s,total_s -- \
    "$GALLEY" first-line --family "DejaVu Sans"
  record "first line from a file" python3 "$ROOT/Benchmarks/Peers/fresh_process.py" --runs 20 --own-timings font_s,line_s,total_s -- \
    "$GALLEY" first-line --font-file "$(fc-match -f '%{file}' "DejaVu Sans")"
done
# Growth: the English corpus 1, 2, 4 and 8 times over, and cut into paragraphs of 100 to 100,000 characters.
EN=$PEERS/corpus/en.txt
EN_FONT=$(fc-match -f '%{file}' "DejaVu Serif")
for repeats in 1 2 4 8; do
  record "scaling repeats $repeats" "$GALLEY" layout --corpus "$EN" --font-file "$EN_FONT" --runs "$RUNS" --repeats "$repeats"
done
for length in 100 1000 10000 100000; do
  record "scaling paragraphs $length" "$GALLEY" layout --corpus "$EN" --font-file "$EN_FONT" --runs "$RUNS" --paragraph-length "$length"
done
python3 "$ROOT/Benchmarks/Peers/table.py" "$OUT"
