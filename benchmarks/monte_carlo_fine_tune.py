#!/usr/bin/env python3
"""The Trainium vs GPU example's trn1 fine-tune model (examples/fine_tune_options.hpp) and its Monte
Carlo, as a plain Python script with the standard library only: the tool a user would otherwise
reach for. Prints samples per second and the percentiles, to set beside analysis_bench's
monte_carlo_fine_tune (same model, same distributions, another random stream).

    python3 benchmarks/monte_carlo_fine_tune.py [samples]
"""
import math
import random
import sys
import time

Z95 = 1.6448536269514722


def total(throughput, compile_s, rate, lost):
    tokens, nodes, price = 1296000000, 2, 21.5
    setup, evaluation, checkpoint, wait = 360, 1200, 540, 240
    volume, gp3, restart = 1000, 0.08, 600
    train = tokens / throughput
    phases = (setup, compile_s, train, evaluation, checkpoint, wait)
    t = sum(phases)
    cost = sum(price * (nodes * p) / 3600 for p in phases)
    cost += price * (nodes * max(60 - t, 0)) / 3600
    wall_h = t / 3600
    cost += gp3 * (volume * wall_h) / 730
    interruptions = rate * (nodes * wall_h)
    cost += price * (nodes * (interruptions * restart)) / 3600
    cost += price * (nodes * (interruptions * lost)) / 3600
    return cost


def main():
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    rng = random.Random(2026)
    repetitions = (58500, 60000, 61200)
    mu = (math.log(900) + math.log(1800)) / 2
    sigma = (math.log(1800) - math.log(900)) / (2 * Z95)
    start = time.perf_counter()
    totals = []
    for _ in range(samples):
        totals.append(total(rng.choice(repetitions), rng.lognormvariate(mu, sigma),
                            rng.uniform(0, 0.006), rng.triangular(300, 1800, 900)))
    totals.sort()
    elapsed = time.perf_counter() - start

    def pct(p):
        return totals[max(math.ceil(p * samples) - 1, 0)]

    over = sum(1 for t in totals if t > 310) / samples
    print(f"samples={samples} seconds={elapsed:.3f} samples_per_second={samples / elapsed:.0f} "
          f"p5={pct(0.05):.2f} p50={pct(0.5):.2f} p95={pct(0.95):.2f} p_over_310={over:.3f}")


if __name__ == "__main__":
    main()
