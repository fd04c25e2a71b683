#!/usr/bin/env python3
"""Times a command run as a fresh process, over and over: the median and minimum wall time of --runs runs (after
one untimed run) and the peak resident memory of any of them. Prints one JSON line, as the peers' scripts do.

    fresh_process.py --runs 20 -- galley render "Hello office AVATAR" -o x.png
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
    parser.add_argument("command", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    times = []
    for _ in range(max(arguments.runs, 1)):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"median_s": round(statistics.median(times), 5), "min_s": round(min(times), 5),
                      "peak_MiB": round(peak_kib / 1024, 1), "runs": len(times)}))


if __name__ == "__main__":
    sys.exit(main())
