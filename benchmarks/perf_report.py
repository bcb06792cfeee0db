#!/usr/bin/env python3
"""Regenerates the performance report of benchmarks/README.md: runs every benchmark program of a
build with repetitions, sets each measured median beside its anchor and target, and measures the
compile time of the umbrella header and of each io/ header. Prints Markdown tables.

    cmake --build BUILD --target cost_line_bench model_bench analysis_bench neuron_monitor_bench \\
        model_support_bench price_list_bench -j2
    python3 benchmarks/perf_report.py BUILD [--repetitions 5] [--compile-runs 5] [--skip-slow]
    python3 benchmarks/perf_report.py BUILD --compile-only [--compile-runs 5]

CPU time is reported (a shared machine disturbs it less than wall-clock time); ratios are
measured/anchor from the same run. --skip-slow leaves out the three file readers, whose inputs are
generated at run time (100 MB to 430 MB) and take minutes.
"""
import argparse
import datetime
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile

# (program, benchmark, anchor benchmark or None, what, target text, check(measured, anchor) -> bool)
TARGETS = [
    ("cost_line_bench", "line_typed", "line_raw_int128", "typed cost line",
     "<= 1.05x raw int128", lambda m, a: m <= 1.05 * a),
    ("cost_line_bench", "full_line_typed", "full_line_raw_int128", "typed line from its parts",
     "<= 1.05x raw int128", lambda m, a: m <= 1.05 * a),
    ("model_bench", "flagship_evaluate", None, "flagship evaluation (exact)", "< 2 us",
     lambda m, a: m < 2000),
    ("analysis_bench", "evaluate_typed_double", "evaluate_hand_written_double",
     "typed model on double", "<= 1.10x hand-written double", lambda m, a: m <= 1.10 * a),
    ("analysis_bench", "evaluate_compiled_double", "evaluate_hand_written_double",
     "model graph on double", "<= 1.10x hand-written double", lambda m, a: m <= 1.10 * a),
    ("analysis_bench", "monte_carlo_flagship/100000", None, "Monte Carlo samples/s (flagship)",
     ">= 5e6 samples/s", None),
    ("neuron_monitor_bench", "read_capture", "python_json_anchor", "neuron-monitor 100 MB read",
     ">= 100 MB/s, flat memory", None),
    ("model_support_bench", "read_csv", "python_csv_anchor", "model-support 100,000 rows (CSV)",
     "< 0.5 s", lambda m, a: m < 500e6),
    ("price_list_bench", "stream_offer_file", "python_json_load", "EC2 offer file >= 400 MB",
     ">= 300 MB/s, < 64 MB peak", None),
]
SLOW = {"neuron_monitor_bench", "model_support_bench", "price_list_bench"}


def run_benchmarks(build, reps, skip_slow):
    """{(program, name): {"cpu_ns": median CPU ns, "rate": items or bytes per second}}"""
    results = {}
    for program in sorted({t[0] for t in TARGETS}):
        if skip_slow and program in SLOW:
            continue
        path = os.path.join(build, "benchmarks", program)
        if not os.path.exists(path):
            print(f"note: {path} is not built; skipped", file=sys.stderr)
            continue
        out = subprocess.run([path, f"--benchmark_repetitions={reps}",
                              "--benchmark_report_aggregates_only=true",
                              "--benchmark_format=json"], capture_output=True, text=True,
                             check=True).stdout
        for b in json.loads(out)["benchmarks"]:
            if b.get("aggregate_name") != "median":
                continue
            scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
            name = b["run_name"]
            results[(program, name)] = {
                "cpu_ns": b["cpu_time"] * scale,
                "real_ns": b["real_time"] * scale,
                "rate": b.get("items_per_second") or b.get("bytes_per_second"),
            }
    return results


def fmt_ns(ns):
    for unit, div in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= div:
            return f"{ns / div:.3g} {unit}"
    return f"{ns:.3g} ns"


def compile_times(runs):
    """Median CPU seconds to compile a TU that includes each header (g++ -std=c++20 -O2)."""
    include = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "include")
    headers = ["trncost/trncost.hpp"] + sorted(
        "trncost/io/" + h for h in os.listdir(os.path.join(include, "trncost", "io"))
        if h.endswith(".hpp"))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for h in headers:
            src = os.path.join(tmp, "tu.cpp")
            with open(src, "w") as f:
                f.write(f"#include <{h}>\nint main() {{}}\n")
            samples = []
            for _ in range(runs):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                subprocess.run([os.environ.get("CXX", "g++"), "-std=c++20", "-O2", "-I", include,
                                "-c", src, "-o", os.path.join(tmp, "tu.o")], check=True)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                samples.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            rows.append((h, statistics.median(samples)))
    return rows


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("build")
    p.add_argument("--repetitions", type=int, default=5)
    p.add_argument("--compile-runs", type=int, default=5)
    p.add_argument("--skip-slow", action="store_true")
    p.add_argument("--compile-only", action="store_true", help="only the compile-time table")
    a = p.parse_args()
    if a.compile_only:
        print("| header | CPU seconds (median) |")
        print("|---|---:|")
        for h, s in compile_times(a.compile_runs):
            print(f"| `{h}` | {s:.2f} |")
        return

    print(f"Measured {datetime.date.today()} on {platform.node()} ({os.cpu_count()} cores, "
          f"{platform.processor() or platform.machine()}); medians of {a.repetitions} repetitions, "
          "CPU time.\n")
    res = run_benchmarks(a.build, a.repetitions, a.skip_slow)
    print("| what | benchmark | target | measured | anchor (same run) | ratio | met |")
    print("|---|---|---|---|---|---|---|")
    for program, name, anchor, what, target, check in TARGETS:
        m = res.get((program, name))
        if m is None:
            continue
        an = res.get((program, anchor)) if anchor else None
        measured = fmt_ns(m["cpu_ns"])
        if m["rate"]:
            measured += f" ({m['rate']:.4g}/s)"
        anchor_text = f"{anchor}: {fmt_ns(an['cpu_ns'])}" if an else "-"
        ratio = f"{m['cpu_ns'] / an['cpu_ns']:.2f}x" if an else "-"
        met = "-"
        if check is not None:
            met = "yes" if check(m["cpu_ns"], an["cpu_ns"] if an else 0) else "no"
        print(f"| {what} | `{program}` {name} | {target} | {measured} | {anchor_text} | {ratio} | {met} |")
    print("\nCompile time of a translation unit that includes one header (g++ -std=c++20 -O2):\n")
    print("| header | CPU seconds (median) |")
    print("|---|---:|")
    for h, s in compile_times(a.compile_runs):
        print(f"| `{h}` | {s:.2f} |")


if __name__ == "__main__":
    main()
