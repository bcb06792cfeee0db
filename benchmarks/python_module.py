#!/usr/bin/env python3
"""The Python module's two targets, measured (README.md, "Python module"):

1. loading the shipped scenario and estimating, from Python (target under 20 ms); and the same
   scenario as a Python document (trncost.scenario(mapping)) against load() of its file;
2. a Monte Carlo of 1 M samples on the flagship from Python against the same call in C++
   (scenario_monte_carlo, built with the module's flags; target: Python at least 90 % of C++).

    PYTHONPATH=build/python python3 benchmarks/python_module.py /tmp/scenario_monte_carlo

Run from the repository root. Wall clock, best of the repetitions (the machine is shared).
"""
import subprocess
import sys
import time
import tomllib

import trncost

FLAGSHIP = "examples/scenarios/fine-tune-8b-trn1.toml"
BUDGET = "examples/scenarios/fine-tune-8b-trn1-budget.toml"
SAMPLES = 1_000_000
REPS = 5


def best(f, reps):
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return min(times), sorted(times)[len(times) // 2]


def main():
    b, med = best(lambda: trncost.load(FLAGSHIP).estimate().total, 20)
    print(f"load + estimate {FLAGSHIP}: best {b * 1e3:.2f} ms, median {med * 1e3:.2f} ms")
    with open(FLAGSHIP, "rb") as f:
        doc = tomllib.load(f)
    b, med = best(lambda: trncost.scenario(doc, base_dir="examples/scenarios").estimate().total, 20)
    print(f"document (mapping) + estimate: best {b * 1e3:.2f} ms, median {med * 1e3:.2f} ms")
    b, med = best(lambda: trncost.to_toml(doc), 200)
    print(f"to_toml of the document: best {b * 1e3:.3f} ms, median {med * 1e3:.3f} ms")
    sc = trncost.load(BUDGET)
    est = sc.estimate()
    b, med = best(lambda: sc.estimate().total, 200)
    print(f"estimate() of a loaded scenario: best {b * 1e3:.3f} ms, median {med * 1e3:.3f} ms")
    del est

    inputs = {"useful_throughput": trncost.uniform("59000", "60400"),
              "compilation_s": trncost.lognormal_90("1100", "1800"),
              "work_lost_seen": trncost.triangular("1800", "2700", "4500")}
    for keep in (False, True):
        result = {}

        def mc():
            result["r"] = sc.monte_carlo(inputs, samples=SAMPLES, seed=2026, budget="420",
                                         keep_samples=keep)

        b, med = best(mc, REPS)
        kind = type(result["r"].totals).__name__ if keep else "not kept"
        print(f"Python monte_carlo {SAMPLES} samples, samples {kind}: best {b:.6f} s, median "
              f"{med:.6f} s; {SAMPLES / b / 1e6:.3f} M samples/s; p50 {result['r'].p50:.6f}")
        if len(sys.argv) > 1:
            out = subprocess.run([sys.argv[1], BUDGET, str(SAMPLES), str(REPS), str(int(keep))],
                                 check=True, capture_output=True, text=True).stdout
            print(f"  C++ monte_carlo, samples {'kept' if keep else 'not kept'}: {out.strip()}")
            cpp = float(out.split()[0])
            print(f"  Python / C++ speed: {cpp / b * 100:.1f} %")


if __name__ == "__main__":
    main()
