#!/usr/bin/env python3
"""Regenerates the performance report of benchmarks/README.md: runs every benchmark program of a
build with repetitions, sets each benchmark's fastest repetition beside its anchor and target (the
median is saved too), records the load
average and the CPU model beside each program's run, and times the compilation of the umbrella
and of each readers/, scenario/ and report/ header. Prints Markdown tables; --write-readme also puts
them in
benchmarks/README.md between its perf_report markers. benchmarks/run_all builds the programs and calls this script.

    cmake --build BUILD --target cost_line_bench model_bench analysis_bench neuron_monitor_bench \
        model_support_bench price_list_bench -j2
    python3 benchmarks/perf_report.py BUILD [--repetitions 5] [--compile-runs 5] [--skip-slow]
        [--offer-file PATH] [--write-readme] [--save RUN.json] [--compare EARLIER.json] [--cpu fastest|N|any]
    python3 benchmarks/perf_report.py BUILD --compile-only [--compile-runs 5]

CPU time is reported (a shared machine disturbs it less than wall-clock time); ratios are
measured/anchor from the same run. --skip-slow leaves out the three file readers, whose inputs are
generated at run time (100 MB to 430 MB) and take minutes. --offer-file is the EC2 offer file
price_list_bench reads (benchmarks/offer_file_gen.py writes the 426 MB synthetic one).
--save writes the run's figures to a JSON file; --compare sets them beside such a file's, to show
that a second run reproduces the first (within 10 %).

Every program runs pinned to one CPU. On a virtual machine the CPUs need not run alike, and not
the same one all the time: on the project's 2-core machine one CPU at a time ran the flagship
evaluation at 1.05 us where the other took 0.70 us, and block evaluation at 2.4 against 1.6 us a
block, and which CPU was the slow one changed from minute to minute (a busy neighbour on the host's
sibling thread, most likely). Unpinned, each process took the speed of whichever CPU the scheduler
gave it, and two runs differed by up to 52 %. So by default (--cpu fastest) each program is pinned
to the CPU that runs a short probe fastest just before it (block evaluation, analysis_bench,
0.2 s per CPU), after waiting (up to 2 minutes) for a CPU within 10 % of the run's fastest probe
when the host slows both; the probe's times and any wait are listed beside each program's run.
Even so a CPU can turn slow in the middle of a program's run, so each figure is the fastest of the
interleaved repetitions, not their median: interference only adds time (the medians are saved too). --cpu N pins every
program to CPU N; --cpu any leaves the scheduler free.
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
import time

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


PROBE = ("analysis_bench", "^evaluate_compiled_double_block$")


def probe(build, cpu):
    """CPU ns of one block evaluation pinned to `cpu` (0.2 s of it), or None without the program."""
    path = os.path.join(build, "benchmarks", PROBE[0])
    if not os.path.exists(path):
        return None
    out = subprocess.run([path, f"--benchmark_filter={PROBE[1]}", "--benchmark_min_time=0.2",
                          "--benchmark_format=json"], capture_output=True, text=True, check=True,
                         preexec_fn=lambda: os.sched_setaffinity(0, {cpu})).stdout
    return json.loads(out)["benchmarks"][0]["cpu_time"]


def choose_cpu(build, cpu):
    """(the CPU a program runs on or None for any, the probe's text): --cpu fastest, N or any."""
    allowed = sorted(os.sched_getaffinity(0))
    if cpu == "any":
        return None, "not pinned"
    if cpu != "fastest":
        if not cpu.isdigit() or int(cpu) not in allowed:
            sys.exit(f"perf_report: --cpu {cpu}: this process may use CPUs {allowed} only")
        return int(cpu), f"CPU {cpu} (--cpu)"
    times = {c: probe(build, c) for c in allowed}
    if any(t is None for t in times.values()):
        return allowed[-1], f"CPU {allowed[-1]} ({PROBE[0]} not built: no probe)"
    # A CPU as fast as the fastest probe of this run so far, or wait for one (up to QUIET_WAIT s):
    # when the host slows both CPUs for a while, a program measured then would not reproduce.
    waited = 0
    while min(times.values()) > QUIET * BEST_PROBE[0] and waited < QUIET_WAIT:
        time.sleep(5)
        waited += 5
        times = {c: probe(build, c) for c in allowed}
    BEST_PROBE[0] = min(BEST_PROBE[0], *times.values())
    chosen = min(times, key=times.get)
    wait_text = f"; waited {waited} s for a quiet CPU" if waited else ""
    if min(times.values()) > QUIET * BEST_PROBE[0]:
        wait_text += "; **no CPU as fast as the run's fastest probe**"
    return chosen, f"CPU {chosen} (probe: " + ", ".join(
        f"CPU {c} {t / 1e3:.2f} us" for c, t in sorted(times.items())) + f"{wait_text})"


QUIET = 1.10  # a CPU within 10 % of the run's fastest probe counts as quiet
QUIET_WAIT = 120  # seconds a program waits for one
BEST_PROBE = [float("inf")]  # the fastest probe of this run so far


def calibrate(build):
    """Probes every CPU three times at the start, so the first program has a reference too."""
    for _ in range(3):
        for c in sorted(os.sched_getaffinity(0)):
            t = probe(build, c)
            if t is not None:
                BEST_PROBE[0] = min(BEST_PROBE[0], t)


def run_benchmarks(build, reps, skip_slow, extra_args, cpu_choice):
    """({(program, name): {"cpu_ns", "real_ns", "rate", "items"}}, [run records])"""
    results = {}
    runs = []
    if cpu_choice == "fastest":
        calibrate(build)
    for program in sorted({t[0] for t in TARGETS}):
        if skip_slow and program in SLOW:
            continue
        path = os.path.join(build, "benchmarks", program)
        if not os.path.exists(path):
            print(f"note: {path} is not built; skipped", file=sys.stderr)
            runs.append((program, None, None, None, None))
            continue
        cpu, where = choose_cpu(build, cpu_choice)
        started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
        before = load()
        pin = (lambda: os.sched_setaffinity(0, {cpu})) if cpu is not None else None
        out = subprocess.run([path, *extra_args.get(program, []),
                              f"--benchmark_repetitions={reps}",
                              # Repetitions in random order: a burst of load from elsewhere on a
                              # shared host then slows every benchmark of the program a little,
                              # not one benchmark's every repetition (two runs 3 minutes apart on
                              # a machine at load 0.5-1 differed by up to 42 % without it).
                              "--benchmark_enable_random_interleaving=true",
                              "--benchmark_format=json"], capture_output=True, text=True,
                             check=True, preexec_fn=pin).stdout
        runs.append((program, started, before, load(), f"{cpu_model()}; {where}"))
        reps_of = {}  # name -> the repetitions' entries
        for b in json.loads(out)["benchmarks"]:
            if b.get("run_type") != "iteration":
                continue
            # "read_capture/min_time:0.500" -> "read_capture": run settings are not part of the
            # name the table looks up ("/real_time" and "/manual_time" say how it was timed: kept).
            name = "/".join(part for part in b["run_name"].split("/")
                            if not part.startswith(("min_time:", "iterations:", "repeats:")))
            reps_of.setdefault(name, []).append(b)
        for name, entries in reps_of.items():
            # The fastest repetition: interference from the rest of a shared host only adds time,
            # and comes and goes within a minute here, so the minimum of interleaved repetitions
            # is what a second run reproduces; the median is kept beside it (--save).
            figures = sorted((rep_ns(name, b), i) for i, b in enumerate(entries))
            b = entries[figures[0][1]]
            scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
            # cost_line_bench times a batch of operations and gives one operation's CPU time
            # as its per_op counter (seconds): reported per operation, as its README tables are.
            per_op = b.get("per_op")
            results[(program, name)] = {
                "cpu_ns": per_op * 1e9 if per_op else b["cpu_time"] * scale,
                "real_ns": b["real_time"] * scale,
                "rate": b.get("items_per_second") or b.get("bytes_per_second"),
                "items": b.get("items_per_second") is not None,
                "median_of_reps": statistics.median(f for f, _ in figures),
                "reps": len(entries),
            }
    return results, runs


def rep_ns(name, b):
    """One repetition's figure for choosing the fastest: its time per operation (CPU, or real time
    for a manually timed benchmark, whose work runs in a child process)."""
    scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
    if name.endswith("/manual_time"):
        return b["real_time"] * scale
    return b["per_op"] * 1e9 if b.get("per_op") else b["cpu_time"] * scale


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
        f"trncost/{d}/{h}" for d in ("readers", "scenario", "report")
        for h in os.listdir(os.path.join(include, "trncost", d))
        if h.endswith(".hpp") and not h.startswith("src"))  # src*.hpp: separate compilation only
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
    res, runs = run_benchmarks(a.build, a.repetitions, a.skip_slow, extra, a.cpu)
    where = {"fastest": "each program pinned to the CPU a probe found fastest just before it",
             "any": "not pinned"}.get(a.cpu, f"every program pinned to CPU {a.cpu}")
    say(f"Generated by `benchmarks/perf_report.py` (what `benchmarks/run_all` runs) on "
        f"{datetime.date.today()} at commit `{commit or '?'}`: "
        f"{os.cpu_count()} cores, {cpu_model()}, {where}; the fastest of {a.repetitions} interleaved "
        "repetitions (interference on a shared host only adds time), CPU time. "
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
            medians = {f"{program} {name}": m["median_of_reps"] for (program, name), m in res.items()}
            json.dump({"commit": commit, "date": str(datetime.date.today()), "cpu": a.cpu,
                       "repetitions": a.repetitions, "statistic": "fastest",
                       "cpu_ns": rows, "median_ns_per_iteration": medians}, f, indent=1,
                      sort_keys=True)
    if a.compare:
        say("")
        say(compare_text(a.compare, rows, commit, a.cpu))
    if not a.skip_compile:
        say("\nCompile time of a translation unit that includes one header (g++ -std=c++20 -O2):\n")
        say("| header | CPU seconds (median) |")
        say("|---|---:|")
        for h, sec in compile_times(a.compile_runs):
            say(f"| `{h}` | {sec:.2f} |")
    return "\n".join(lines) + "\n"


def compare_text(path, rows, commit, pinned):
    """A table of this run's figures beside those --save wrote in an earlier run: the change of
    each, and whether every one is within REPRODUCED (10 %)."""
    with open(path) as f:
        prev = json.load(f)
    lines = [f"This run against an earlier one (`{prev.get('commit', '?')}`, {prev.get('date', '?')}, "
             f"{prev.get('statistic', 'medians')} of {prev.get('repetitions', '?')}; "
             "`perf_report.py --compare`), CPU time per "
             "operation or per sample, benchmarks and anchors:", "",
             "| benchmark | earlier run | this run | change |", "|---|---:|---:|---:|"]
    if prev.get("cpu", "any") != pinned:
        lines[0:0] = [f"**Note:** the earlier run chose its CPU by `--cpu {prev.get('cpu', 'any')}`, "
                      f"this one by `--cpu {pinned}`: on a virtual machine the CPUs need not run "
                      "alike.", ""]
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
    p.add_argument("--cpu", metavar="fastest|N|any", default="fastest",
                   help="where each program runs: the CPU a probe finds fastest just before it "
                        "(default), CPU N, or wherever the scheduler puts it")
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
