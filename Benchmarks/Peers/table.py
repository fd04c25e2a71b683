#!/usr/bin/env python3
"""The bench-peers table: one JSON line per measurement (from bench-peers.sh) in, Markdown out.

Seconds are medians of the timed runs; "per MB" divides by the corpus's UTF-8 size. Ratios are peer / Galley
(above 1: Galley is faster), all measured in the same invocation. Targets are issue 25's (every script: first layout
at least 3× SkParagraph and as fast as HarfBuzz alone, re-breaking 3× SkParagraph, the text's own memory at most
15 MiB per MB) and, for the optimal and parallel rows, issue 7's. When a label was measured
in several rounds (bench-peers.sh's ROUNDS, each round running every tool in turn), its seconds are the median over
the rounds, so a slow minute of the shared machine weighs on every tool alike instead of on whichever ran in it.
"""
import json
import statistics
import sys


def load(path):
    rounds = {}
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line:
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(entry.get("result"), dict):
            rounds.setdefault(entry["label"], []).append(entry["result"])
    results = {}
    for label, entries in rounds.items():
        merged = dict(entries[-1])
        for key, value in merged.items():
            values = [e.get(key) for e in entries if isinstance(e.get(key), (int, float))]
            if (key.endswith("_s") or key == "speedup") and isinstance(value, (int, float)) and len(values) > 1:
                merged[key] = statistics.median(values)
        merged["rounds"] = len(entries)
        results[label] = merged
    return results


def main():
    results = load(sys.argv[1])
    rows = []

    def get(label, key="median_s"):
        value = results.get(label, {}).get(key)
        return value if isinstance(value, (int, float)) and value > 0 else None

    def mb(label):
        return (results.get(label, {}).get("bytes") or 0) / 1e6

    def fmt(seconds, label):
        if seconds is None:
            return "—"
        size = mb(label)
        return f"{seconds:.3f} s ({seconds / size:.3f} s/MB)" if size else f"{seconds:.3f} s"

    def ratio(peer, galley, target=None, within=False):
        if peer is None or galley is None:
            return "—"
        value = peer / galley
        text = f"{value:.2f}×"
        if target is not None:
            met = (galley / peer <= target) if within else (value >= target)
            text += " ✓" if met else f" (target {'within ' if within else ''}{target}×)"
        return text

    print("| corpus | measure | Galley | Pango | SkParagraph | HarfBuzz alone | Pango / Galley | SkParagraph / Galley | HarfBuzz / Galley |")
    print("|---|---|---|---|---|---|---|---|---|")
    for lang in ["en", "ar", "zh", "hi"]:
        g, p, s, h = f"{lang} galley", f"{lang} pango", f"{lang} skparagraph", f"{lang} harfbuzz"
        if g not in results:
            continue
        print(f"| {lang} | first layout | {fmt(get(g), g)} | {fmt(get(p), g)} | {fmt(get(s), g)} | {fmt(get(h), g)} | "
              f"{ratio(get(p), get(g))} | {ratio(get(s), get(g), 3)} | {ratio(get(h), get(g), 1)} |")
        print(f"| {lang} | re-break, 300 ↔ 400 pt | {fmt(get(g, 'relayout_median_s'), g)} | {fmt(get(p, 'relayout_median_s'), g)} | "
              f"{fmt(get(s, 'relayout_median_s'), g)} | — | {ratio(get(p, 'relayout_median_s'), get(g, 'relayout_median_s'))} | "
              f"{ratio(get(s, 'relayout_median_s'), get(g, 'relayout_median_s'), 3)} | — |")
        retained = results.get(g, {}).get("retained_MiB")
        own, per_mb = results.get(g, {}).get("text_MiB"), results.get(g, {}).get("text_MiB_per_MB")
        pango_peak = results.get(p, {}).get("peak_rss_MiB")
        sk = results.get(s, {})
        sk_mem = sk.get("retained_MiB") or sk.get("peak_minus_before_MiB")
        mark = "" if per_mb is None else " ✓" if per_mb <= 15 else " (target 15 MiB/MB)"
        print(f"| {lang} | memory: the text's own; the first layout's, caches included | "
              f"{f'{own:.1f}' if own is not None else '—'} MiB = {per_mb if per_mb is not None else '—'} MiB/MB{mark}; "
              f"{retained if retained is not None else '—'} MiB | "
              f"{pango_peak if pango_peak is not None else '—'} MiB peak | {sk_mem if sk_mem is not None else '—'} MiB | — | | | |")
    g, o, gj, t = "en galley", "en galley optimal", "en galley greedy-justified", "en typst optimized"
    if o in results:
        print()
        print("| English, justified + hyphenated | Galley greedy | Galley optimal | Typst optimized | optimal / greedy | Typst / Galley optimal |")
        print("|---|---|---|---|---|---|")
        greedy, optimal, typst = get(gj), get(o), get(t)
        within = f"{optimal / greedy:.2f}×" + (" ✓" if optimal / greedy <= 2.5 else " (target within 2.5×)") if greedy and optimal else "—"
        print(f"| lines: {results.get(gj, {}).get('lines', '—')} / {results.get(o, {}).get('lines', '—')} / "
              f"{results.get(t, {}).get('lines', '—')} | {fmt(greedy, o)} | {fmt(optimal, o)} | {fmt(typst, o)} | {within} | "
              f"{ratio(typst, optimal, 5)} |")
        micro = get(o + " microtype")
        if micro:
            within = f"{micro / greedy:.2f}×" + (" ✓" if micro / greedy <= 2.5 else " (target within 2.5×)") if greedy else "—"
            print(f"| with protrusion and expansion: {results.get(o + ' microtype', {}).get('lines', '—')} lines | | "
                  f"{fmt(micro, o)} | | {within} | {ratio(typst, micro, 5)} |")


def parallel(results):
    two = results.get("en galley paragraphs 2")
    if not two or "speedup" not in two:
        return
    speedup = two["speedup"]
    # The machine's ceiling for this work: a one-thread layout alone against two at once in separate processes
    # (nothing shared): what two cores together did, in units of one core alone.
    alone, a, b = (results.get(f"en galley process {k}", {}).get("median_s") for k in ("alone", "pair a", "pair b"))
    ceiling = f"{alone * (1 / a + 1 / b):.2f}×" if alone and a and b else "—"
    print()
    print("| English, a frame per paragraph | 1 thread | 2 threads | speed-up | identical lines | "
          "two processes at once (the machine's ceiling) |")
    print("|---|---|---|---|---|---|")
    print(f"| {two.get('lines')} lines | {two['single_thread_median_s']:.3f} s | {two['median_s']:.3f} s | {speedup:.2f}×"
          f"{' ✓' if speedup >= 1.8 else ' (target 1.8×)'} | {'yes' if two.get('identical_to_single_thread') else 'NO'} | "
          f"{ceiling} |")


def fresh(results):
    """A fresh process drawing one line to PNG: galley render against pango-view (issue 25: no slower)."""
    galley, pango = results.get("fresh galley"), results.get("fresh pango-view")
    if not galley or not pango:
        return
    print()
    print("| one line to PNG, a fresh process each time | galley render | pango-view | pango-view / galley |")
    print("|---|---|---|---|")
    ratio = pango["median_s"] / galley["median_s"]
    print(f"| median of {galley.get('runs', '—')} runs | {galley['median_s'] * 1000:.1f} ms, {galley.get('peak_MiB', '—')} MiB peak | "
          f"{pango['median_s'] * 1000:.1f} ms, {pango.get('peak_MiB', '—')} MiB peak | "
          f"{ratio:.2f}×{' ✓' if ratio >= 1 else ' (target 1×)'} |")


def first_line(results):
    """The library's first Line in a fresh process, font included (issue 25: at most 5 ms)."""
    rows = [(label, results.get(f"first line {label}")) for label in ("by name", "from a file")]
    if not any(r for _, r in rows):
        return
    print()
    print("| the first Line in a fresh process (galley-bench first-line) | font | line | total (median of runs) |")
    print("|---|---|---|---|")
    for label, r in rows:
        if r:
            total = r["total_s"] * 1000
            print(f"| font {label} | {r['font_s'] * 1000:.2f} ms | {r['line_s'] * 1000:.2f} ms | {total:.2f} ms"
                  f"{' ✓' if total <= 5 else ' (target 5 ms)'} |")


def scaling(results):
    """Cost against text size and paragraph length: seconds per MB should stay flat (linear cost)."""
    sizes = [(n, results.get(f"scaling repeats {n}")) for n in (1, 2, 4, 8)]
    lengths = [(n, results.get(f"scaling paragraphs {n}")) for n in (100, 1000, 10000, 100000)]
    if not any(r for _, r in sizes + lengths):
        return
    print()
    print("| English, greedy first layout | text | seconds | s/MB | lines |")
    print("|---|---|---|---|---|")
    for n, r in sizes:
        if r:
            print(f"| {n}× the corpus | {r['bytes'] / 1e6:.1f} MB | {r['median_s']:.3f} s | {r['median_s'] / (r['bytes'] / 1e6):.3f} | {r['lines']} |")
    for n, r in lengths:
        if r:
            print(f"| paragraphs of {n:,} characters | {r['paragraphs']} paragraphs | {r['median_s']:.3f} s | "
                  f"{r['median_s'] / (r['bytes'] / 1e6):.3f} | {r['lines']} |")


if __name__ == "__main__":
    main()
    parallel(load(sys.argv[1]))
    fresh(load(sys.argv[1]))
    first_line(load(sys.argv[1]))
    scaling(load(sys.argv[1]))
