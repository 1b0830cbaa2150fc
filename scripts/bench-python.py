"""The Python binding's cost (docs/python.md): sim.advance against the CLI on the same run, in
interleaved pairs (CLI, Python, CLI, ...; medians), and reading the positions of N = 10^6.
    PYTHONPATH=python /usr/bin/python3 scripts/bench-python.py [--rounds R]"""
import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import edpd

ROOT = Path(__file__).resolve().parents[1]
EVENTS = 1_000_000
CASE = dict(n=13500, packing_fraction=0.5 * 3.141592653589793 / 6, seed=1)  # elastic 3-D, n sigma^3 = 0.5


def cli_rate():
    out = subprocess.run([str(ROOT / "build" / "edpd"), "run", "--scenario", "elastic", "--n", str(CASE["n"]), "--packing-fraction",
                          repr(CASE["packing_fraction"]), "--seed", str(CASE["seed"]), "--events", str(EVENTS), "--json"],
                         check=True, capture_output=True, text=True).stdout
    r = json.loads(out)
    return r["events_per_second"], r["state_hash"]


def python_rate():
    sim = edpd.Simulation("elastic", **CASE)
    t0 = time.perf_counter()
    sim.advance(events=EVENTS)
    return EVENTS / (time.perf_counter() - t0), sim.state_hash


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    rounds = ap.parse_args().rounds
    native, binding = [], []
    for k in range(rounds):
        (c, hc), (p, hp) = cli_rate(), python_rate()
        if hc != hp:
            sys.exit(f"bench-python: the runs differ (CLI {hc}, Python {hp})")
        native.append(c)
        binding.append(p)
        print(f"  round {k + 1}/{rounds}: CLI {c / 1e6:.3f} M events/s, Python {p / 1e6:.3f} M events/s", file=sys.stderr)
    ratios = [p / c for c, p in zip(native, binding)]
    print(f"advance, {EVENTS:,} events of elastic 3-D N = {CASE['n']}, n sigma^3 = 0.5 (the same state hash): "
          f"CLI {statistics.median(native) / 1e6:.3f} M events/s, Python {statistics.median(binding) / 1e6:.3f} M events/s, "
          f"Python / CLI {statistics.median(ratios) * 100:.1f} % (median of {rounds} interleaved pairs; "
          f"the CLI's rate excludes its start-up, Python's the world's creation)")
    big = edpd.Simulation("elastic", n=1_000_000, packing_fraction=0.3)
    out = np.empty((big.n, 3))
    times = []
    for _ in range(21):
        t0 = time.perf_counter()
        big.get_positions(out)
        times.append(time.perf_counter() - t0)
    fresh = []
    for _ in range(5):
        t0 = time.perf_counter()
        big.positions
        fresh.append(time.perf_counter() - t0)
    print(f"positions of N = 1,000,000: {statistics.median(times) * 1e3:.2f} ms into an array of the caller's (get_positions(out)), "
          f"{statistics.median(fresh) * 1e3:.2f} ms as a new array (sim.positions); medians")


if __name__ == "__main__":
    main()
