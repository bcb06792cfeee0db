#!/usr/bin/env python3
"""Regenerates the performance report of benchmarks/README.md: runs every benchmark program of a
build with repetitions, sets each measured median beside its anchor and target, records the load
average and the CPU model beside each program's run, and times the compilation of the umbrella
and of each io/ and report/ header. Prints Markdown tables; --write-readme also puts them in
benchmarks/README.md between its perf_report markers. benchmarks/run_all builds the programs and calls this script.

    cmake --build BUILD --target cost_line_bench model_bench analysis_bench neuron_monitor_bench \
        model_support_bench price_list_bench -j2
    python3 benchmarks/perf_report.py BUILD [--repetitions 5] [--compile-runs 5] [--skip-slow]
        [--offer-file PATH] [--write-readme] [--save RUN.json] [--compare EARLIER.json]
    python3 benchmarks/perf_report.py BUILD --compile-only [--compile-runs 5]

CPU time is reported (a shared machine disturbs it less than wall-clock time); ratios are
measured/anchor from the same run. --skip-slow leaves out the three file readers, whose inputs are
generated at run time (100 MB to 430 MB) and take minutes. --offer-file is the EC2 offer file
price_list_bench reads (benchmarks/offer_file_gen.py writes the 426 MB synthetic one).
--save writes the run's figures to a JSON file; --compare sets them beside such a file's, to show
that a second run reproduces the first (within 10 %).
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
# Measured and anchor are CPU ns per iteration, or per item (sample) for the names in PER_ITEM.
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
     "model graph on double, one sample", "<= 1.10x hand-written double",
     lambda m, a: m <= 1.10 * a),
    ("analysis_bench", "evaluate_compiled_double_block", "evaluate_hand_written_double",
     "model graph on double, blocks (per sample)", "<= 1.5x hand-written double",
     lambda m, a: m <= 1.5 * a),
    ("analysis_bench", "monte_carlo_flagship/100000", None, "Monte Carlo samples/s (flagship)",
     ">= 25e6 samples/s, one core", lambda m, a: m <= 1e9 / 25e6),
    ("analysis_bench", "monte_carlo_fine_tune/200000", None, "Monte Carlo samples/s (fine-tune)",
     "(recorded)", None),
    ("neuron_monitor_bench", "read_capture", "python_json_anchor/manual_time",
     "neuron-monitor 100 MB read",
     ">= 100 MB/s, flat memory", None),
    ("model_support_bench", "read_csv", "python_csv_anchor", "model-support 100,000 rows (CSV)",
     "< 0.5 s", lambda m, a: m < 500e6),
    ("price_list_bench", "stream_offer_file/real_time", "rapidjson_null_handler/real_time",
     "EC2 offer file (CPU MB/s)", ">= 400 MB/s CPU, < 64 MB peak", None),
]
PER_ITEM = {"evaluate_compiled_double_block", "monte_carlo_flagship/100000",
            "monte_carlo_fine_tune/200000"}
SLOW = {"neuron_monitor_bench", "model_support_bench", "price_list_bench"}


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def load():
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def run_benchmarks(build, reps, skip_slow, extra_args):
    """({(program, name): {"cpu_ns", "real_ns", "rate", "items"}}, [run records])"""
    results = {}
    runs = []
    for program in sorted({t[0] for t in TARGETS}):
        if skip_slow and program in SLOW:
            continue
        path = os.path.join(build, "benchmarks", program)
        if not os.path.exists(path):
            print(f"note: {path} is not built; skipped", file=sys.stderr)
            runs.append((program, None, None, None, None))
            continue
        started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
        before = load()
        out = subprocess.run([path, *extra_args.get(program, []),
                              f"--benchmark_repetitions={reps}",
                              # Repetitions in random order: a burst of load from elsewhere on a
                              # shared host then slows every benchmark of the program a little,
                              # not one benchmark's every repetition (two runs 3 minutes apart on
                              # a machine at load 0.5-1 differed by up to 42 % without it).
                              "--benchmark_enable_random_interleaving=true",
                              "--benchmark_report_aggregates_only=true",
                              "--benchmark_format=json"], capture_output=True, text=True,
                             check=True).stdout
        runs.append((program, started, before, load(), cpu_model()))
        for b in json.loads(out)["benchmarks"]:
            # The median of the repetitions; with one repetition there is no aggregate, only it.
            if b.get("aggregate_name") != "median" and not (reps == 1 and
                                                            b.get("run_type") == "iteration"):
                continue
            scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
            # "read_capture/min_time:0.500" -> "read_capture": run settings are not part of the
            # name the table looks up ("/real_time" and "/manual_time" say how it was timed: kept).
            name = "/".join(part for part in b["run_name"].split("/")
                            if not part.startswith(("min_time:", "iterations:", "repeats:")))
            # cost_line_bench times a batch of operations and gives one operation's CPU time
            # as its per_op counter (seconds): reported per operation, as its README tables are.
            per_op = b.get("per_op")
            results[(program, name)] = {
                "cpu_ns": per_op * 1e9 if per_op else b["cpu_time"] * scale,
                "real_ns": b["real_time"] * scale,
                "rate": b.get("items_per_second") or b.get("bytes_per_second"),
                "items": b.get("items_per_second") is not None,
            }
    return results, runs


def per_op_cpu_ns(name, m):
    """CPU ns per iteration, or per item (the rate is per real second for real-time benchmarks,
    so it is rescaled to CPU time). A manually timed benchmark (a Python anchor run as a child
    process, whose CPU this process does not see) gives its own timing."""
    if name.endswith("/manual_time"):
        return m["real_ns"]
    if name in PER_ITEM and m["rate"]:
        items_per_iteration = m["rate"] * m["real_ns"] / 1e9 if name.endswith("/real_time") \
            else m["rate"] * m["cpu_ns"] / 1e9
        return m["cpu_ns"] / items_per_iteration
    return m["cpu_ns"]


def cpu_rate(name, m):
    """Items or bytes per CPU second (Google Benchmark's rate is per real second for a benchmark
    timed in real time)."""
    if not m["rate"] or not m["cpu_ns"]:
        return None
    return m["rate"] * m["real_ns"] / m["cpu_ns"] if name.endswith("/real_time") else m["rate"]


def fmt_ns(ns):
    for unit, div in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= div:
            return f"{ns / div:.3g} {unit}"
    return f"{ns:.3g} ns"


def compile_times(runs):
    """Median CPU seconds to compile a TU that includes each header (g++ -std=c++20 -O2)."""
    include = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "include")
    headers = ["trncost/trncost.hpp"] + sorted(
        f"trncost/{d}/{h}" for d in ("io", "report")
        for h in os.listdir(os.path.join(include, "trncost", d)) if h.endswith(".hpp"))
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


def report(a):
    """The report's Markdown, as a string."""
    lines = []
    say = lines.append
    commit = subprocess.run(["git", "-C", os.path.dirname(os.path.abspath(__file__)), "rev-parse",
                             "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    extra = {}
    if a.offer_file:
        extra["price_list_bench"] = [f"--offer_file={a.offer_file}", "--no_python"]
    res, runs = run_benchmarks(a.build, a.repetitions, a.skip_slow, extra)
    say(f"Generated by `benchmarks/perf_report.py` (what `benchmarks/run_all` runs) on "
        f"{datetime.date.today()} at commit `{commit or '?'}`: "
        f"{os.cpu_count()} cores, {cpu_model()}; medians of {a.repetitions} repetitions, CPU time. "
        "Each program's run, with the load average (1/5/15 min) before and after it, is listed "
        "below the table.\n")
    say("| what | benchmark | target | measured | anchor (same run) | ratio | met |")
    say("|---|---|---|---|---|---|---|")
    rows = {}  # "program name" -> CPU ns per operation (or per sample), for --save and --compare
    for program, name, anchor, what, target, check in TARGETS:
        m = res.get((program, name))
        if m is None:
            continue
        an = res.get((program, anchor)) if anchor else None
        mv = per_op_cpu_ns(name, m)
        rows[f"{program} {name}"] = mv
        if an:
            rows[f"{program} {anchor}"] = per_op_cpu_ns(anchor, an)
        measured = fmt_ns(mv) + (" per sample" if name in PER_ITEM else "")
        rate = cpu_rate(name, m)
        if rate and (name.endswith("/real_time") or not m["items"]):
            measured = f"{rate / 1e6:.0f} MB/s CPU"
        elif rate and name in PER_ITEM:
            measured += f" ({1e9 / mv / 1e6:.1f} M/s)"
        anchor_text, ratio = "-", "-"
        if an:
            av = per_op_cpu_ns(anchor, an)
            arate = cpu_rate(anchor, an)
            anchor_text = (f"`{anchor}`: {arate / 1e6:.0f} MB/s CPU" if arate and
                           anchor.endswith("/real_time") else f"`{anchor}`: {fmt_ns(av)}")
            ratio = f"{mv / av:.2f}x"
        met = "-"
        if check is not None:
            met = "yes" if check(mv, per_op_cpu_ns(anchor, an) if an else 0) else "**no**"
        elif name.startswith("stream_offer_file") and rate:
            met = "yes" if rate >= 400e6 else "**no**"
        elif name == "read_capture" and rate:
            met = "yes" if rate >= 100e6 else "**no**"
        say(f"| {what} | `{program}` {name} | {target} | {measured} | {anchor_text} | {ratio} | "
            f"{met} |")
    say("")
    say("| program | started (UTC) | load before | load after | CPU |")
    say("|---|---|---|---|---|")
    for program, started, before, after, cpu in runs:
        if started is None:
            say(f"| `{program}` | not built: not run | | | |")
        else:
            say(f"| `{program}` | {started} | {before} | {after} | {cpu} |")
    if a.save:
        with open(a.save, "w") as f:
            json.dump({"commit": commit, "date": str(datetime.date.today()),
                       "repetitions": a.repetitions, "cpu_ns": rows}, f, indent=1, sort_keys=True)
    if a.compare:
        say("")
        say(compare_text(a.compare, rows, commit))
    if not a.skip_compile:
        say("\nCompile time of a translation unit that includes one header (g++ -std=c++20 -O2):\n")
        say("| header | CPU seconds (median) |")
        say("|---|---:|")
        for h, sec in compile_times(a.compile_runs):
            say(f"| `{h}` | {sec:.2f} |")
    return "\n".join(lines) + "\n"


def compare_text(path, rows, commit):
    """A table of this run's figures beside those --save wrote in an earlier run: the change of
    each, and whether every one is within REPRODUCED (10 %)."""
    with open(path) as f:
        prev = json.load(f)
    lines = [f"This run against an earlier one (`{prev.get('commit', '?')}`, {prev.get('date', '?')}, "
             f"medians of {prev.get('repetitions', '?')}; `perf_report.py --compare`), CPU time per "
             "operation or per sample, benchmarks and anchors:", "",
             "| benchmark | earlier run | this run | change |", "|---|---:|---:|---:|"]
    worst = 0.0
    for key in sorted(rows):
        before = prev.get("cpu_ns", {}).get(key)
        if not before:
            lines.append(f"| `{key}` | - | {fmt_ns(rows[key])} | not in the earlier run |")
            continue
        change = rows[key] / before - 1
        worst = max(worst, abs(change))
        flag = "" if abs(change) <= REPRODUCED else " **(over 10 %)**"
        lines.append(f"| `{key}` | {fmt_ns(before)} | {fmt_ns(rows[key])} | "
                     f"{change * 100:+.1f} %{flag} |")
    lines.append("")
    lines.append(f"Largest change: {worst * 100:.1f} %: " +
                 ("every figure within 10 % of the earlier run." if worst <= REPRODUCED else
                  "**not reproduced** within 10 %."))
    return "\n".join(lines)


REPRODUCED = 0.10

BEGIN = "<!-- perf_report:begin (benchmarks/run_all writes what follows) -->"
END = "<!-- perf_report:end -->"


def write_readme(text):
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "README.md")
    with open(path) as f:
        readme = f.read()
    if BEGIN not in readme or END not in readme:
        sys.exit(f"perf_report: {path} has no perf_report markers")
    head, rest = readme.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(path, "w") as f:
        f.write(head + BEGIN + "\n\n" + text + "\n" + END + tail)
    print(f"perf_report: table written to {path}", file=sys.stderr)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("build")
    p.add_argument("--repetitions", type=int, default=5)
    p.add_argument("--compile-runs", type=int, default=5)
    p.add_argument("--skip-slow", action="store_true")
    p.add_argument("--skip-compile", action="store_true", help="leave out the compile times")
    p.add_argument("--offer-file", help="the EC2 offer file for price_list_bench")
    p.add_argument("--write-readme", action="store_true",
                   help="also write the tables into benchmarks/README.md")
    p.add_argument("--compile-only", action="store_true", help="only the compile-time table")
    p.add_argument("--save", metavar="JSON",
                   help="also write this run's figures (CPU ns per operation) to JSON")
    p.add_argument("--compare", metavar="JSON",
                   help="add a table comparing this run with one written by --save")
    a = p.parse_args()
    if a.compile_only:
        print("| header | CPU seconds (median) |")
        print("|---|---:|")
        for h, s in compile_times(a.compile_runs):
            print(f"| `{h}` | {s:.2f} |")
        return
    text = report(a)
    print(text)
    if a.write_readme:
        write_readme(text)


if __name__ == "__main__":
    main()
