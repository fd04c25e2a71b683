#!/usr/bin/env python3
"""Runs `galley-bench first-line` as a fresh process --runs times and prints the medians of its own timings (the
font, the line, both) as one JSON line:

    first_line.py --runs 20 -- galley-bench first-line --family "DejaVu Sans"
"""
import argparse
import json
import statistics
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)  # warm the page cache
    samples = [json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout) for _ in range(args.runs)]
    result = {key: round(statistics.median(sample[key] for sample in samples), 6) for key in ("font_s", "line_s", "total_s")}
    result["runs"] = args.runs
    print(json.dumps(result))


if __name__ == "__main__":
    sys.exit(main())
