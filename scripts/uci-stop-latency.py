#!/usr/bin/env python3
"""How long `dimchess uci` takes from `stop` to `bestmove` after `go infinite`.

    python3 scripts/uci-stop-latency.py [--binary target/release/dimchess] [--tries 100]
                                        [--variant fide] [--bound-ms 50]

Each try sends `position startpos` (after `setoption name UCI_Variant value <variant>`) and
`go infinite`, waits a random 20-200 ms, sends `stop` and times the arrival of `bestmove` on
the engine's stdout, as a GUI sees it (pipes included). Prints the worst, median and mean
figures; exits 1 if the worst exceeds --bound-ms. Standard library only.
"""

import argparse
import random
import statistics
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="target/release/dimchess")
    ap.add_argument("--tries", type=int, default=100)
    ap.add_argument("--variant", default="fide")
    ap.add_argument("--bound-ms", type=float, default=50.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    p = subprocess.Popen([args.binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def until(prefix):
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("engine closed its output")
            if line.startswith(prefix):
                return line

    send("uci")
    until("uciok")
    send(f"setoption name UCI_Variant value {args.variant}")
    send("isready")
    until("readyok")
    figures = []
    for _ in range(args.tries):
        send("position startpos")
        send("go infinite")
        time.sleep(rng.uniform(0.02, 0.2))
        t = time.perf_counter()
        send("stop")
        until("bestmove")
        figures.append((time.perf_counter() - t) * 1000)
        send("isready")
        until("readyok")
    send("quit")
    p.wait(timeout=10)
    worst = max(figures)
    print(f"variant {args.variant}: {len(figures)} tries, stop -> bestmove: worst {worst:.2f} ms, "
          f"median {statistics.median(figures):.2f} ms, mean {statistics.mean(figures):.2f} ms")
    sys.exit(0 if worst <= args.bound_ms else 1)


if __name__ == "__main__":
    main()
