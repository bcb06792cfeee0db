#!/usr/bin/env python3
"""Tables of a cost_line_bench JSON result: medians and minima per operation, and the ratio of each
benchmark to its anchors (named in the benchmark's label, e.g. "line_raw_int128<=1.05,line_double";
"<=1.05" is a target ratio).

Usage:
  cost_line_bench --benchmark_repetitions=9 --benchmark_report_aggregates_only=true \\
      --benchmark_enable_random_interleaving=true \\
      --benchmark_out=results.json --benchmark_out_format=json
  python3 benchmarks/summarize.py results.json

`per_op` is the CPU time of one operation (Google Benchmark computes rate counters from CPU time).
A ratio is benchmark / anchor, both medians (or both minima) of the same run; a verdict against a
target uses the medians.
"""
import json
import sys


def fmt_ns(seconds):
    ns = seconds * 1e9
    return f"{ns:.3g} ns" if ns >= 1 else f"{ns:.2f} ns"


def main(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    stats = {}  # name -> {"median", "min", "cv", "allocs", "label"}
    for b in data["benchmarks"]:
        if b.get("run_type") != "aggregate":
            continue
        s = stats.setdefault(b["run_name"], {"label": b.get("label", ""),
                                             "order": b.get("family_index", 0)})
        agg = b["aggregate_name"]
        if agg in ("median", "min"):
            s[agg] = b["per_op"]
        if agg == "median":
            s["allocs"] = b.get("allocs_per_op", 0.0)
        elif agg == "cv":
            s["cv"] = b.get("cpu_time", 0.0)
    if not stats:
        sys.exit("no aggregates: run with --benchmark_repetitions=N (N > 1)")
    # Registration order, whatever order --benchmark_enable_random_interleaving ran them in.
    stats = dict(sorted(stats.items(), key=lambda kv: kv[1]["order"]))

    ctx = data["context"]
    load = ", ".join(f"{x:.2f}" for x in ctx.get("load_avg", []))
    print(f"{ctx.get('date')}: {ctx.get('num_cpus')} CPUs at {ctx.get('mhz_per_cpu')} MHz, "
          f"load average {load}, libbenchmark built as {ctx.get('library_build_type')}")
    print()
    print(f"| {'benchmark':28} | {'median/op':>10} | {'min/op':>10} | {'cv':>6} | allocs/op |")
    print(f"|{'-' * 30}|{'-' * 11}:|{'-' * 11}:|{'-' * 7}:|----------:|")
    for name, s in stats.items():
        print(f"| {name:28} | {fmt_ns(s['median']):>10} | {fmt_ns(s.get('min', 0)):>10} | "
              f"{s.get('cv', 0) * 100:5.1f}% | {s.get('allocs', 0):9.3g} |")
    print()
    print(f"| {'benchmark':28} | {'anchor':24} | {'median ratio':>12} | {'min ratio':>9} "
          "| target |")
    print(f"|{'-' * 30}|{'-' * 26}|{'-' * 13}:|{'-' * 10}:|--------|")
    for name, s in stats.items():
        for entry in filter(None, s["label"].split(",")):
            anchor, _, target = entry.partition("<=")
            if anchor not in stats:
                continue
            a = stats[anchor]
            ratio = s["median"] / a["median"]
            mins = f"{s['min'] / a['min']:.2f}" if "min" in s and "min" in a else ""
            verdict = ""
            if target:
                verdict = f"<= {target}: " + ("met" if ratio <= float(target) else "MISSED")
            print(f"| {name:28} | {anchor:24} | {ratio:12.2f} | {mins:>9} | {verdict} |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
