#!/usr/bin/env python3
"""Times a command run as a fresh process, over and over: the median and minimum wall time of --runs runs (after
one untimed run) and the peak resident memory of any of them. Prints one JSON line, as the peers' scripts do.

    fresh_process.py --runs 20 -- galley render "Hello office AVATAR" -o x.png

With --own-timings KEY,KEY the command times itself, printing one JSON line with those keys (galley-bench
first-line: font_s, line_s, total_s): the line printed then holds each key's median over the runs.

    fresh_process.py --runs 20 --own-timings font_s,line_s,total_s -- galley-bench first-line
"""
import argparse
import json
import resource
import statistics
import subprocess
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--own-timings", default="", help="comma-separated keys of the command's own JSON output")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
    keys = [key for key in arguments.own_timings.split(",") if key]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    times = []
    outputs = []
    for _ in range(max(arguments.runs, 1)):
        start = time.perf_counter()
        finished = subprocess.run(command, check=True, stdout=subprocess.PIPE if keys else subprocess.DEVNULL, text=True)
        times.append(time.perf_counter() - start)
        if keys:
            outputs.append(json.loads(finished.stdout))
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    result = {"median_s": round(statistics.median(times), 5), "min_s": round(min(times), 5),
              "peak_MiB": round(peak_kib / 1024, 1), "runs": len(times)}
    for key in keys:
        result[key] = round(statistics.median(output[key] for output in outputs), 6)
    print(json.dumps(result))


if __name__ == "__main__":
    sys.exit(main())
