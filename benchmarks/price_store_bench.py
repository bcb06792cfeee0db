#!/usr/bin/env python3
"""Fetch and store vs read from disk: `trncost prices fetch` on the synthetic EC2 offer file.

    python3 benchmarks/offer_file_gen.py /tmp/ec2-synthetic.json --products 100000
    python3 benchmarks/price_store_bench.py BUILD/examples/cli/trncost /tmp/ec2-synthetic.json [--reps 3]

Measures, as CPU time (user + system) and peak memory (max RSS) of the trncost process, medians of
--reps runs:
- disk: `trncost prices fetch --store S FILE --families ...`: the streamed reader, the filter, the store;
- http: the same file served on 127.0.0.1 by this script's http.server (its CPU is not the child's):
  download into the cache (.part, then renamed), then the same read and store;
- load: `trncost prices show` on a store of about 10,000 prices (wall time of the whole process);
- the python anchor, once: urllib download, json.load, the same filter, sqlite3 inserts.
"""
import argparse
import http.server
import json
import os
import resource
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.request

FAMILIES = "trn1,trn1n,trn2,p4d,p5"


def child_run(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rss_kib = int(out.stderr.strip().splitlines()[-1])
    return out, cpu, wall, rss_kib


def python_anchor(url, work):
    t0 = time.process_time()
    local = os.path.join(work, "py.json")
    with urllib.request.urlopen(url) as r, open(local, "wb") as f:
        shutil.copyfileobj(r, f, 1 << 20)
    with open(local) as f:
        offer = json.load(f)
    prefixes = tuple(p + "." for p in FAMILIES.split(","))
    keep = {sku: p for sku, p in offer["products"].items()
            if p.get("attributes", {}).get("instanceType", "").startswith(prefixes)}
    db = sqlite3.connect(os.path.join(work, "py.sqlite"))
    db.execute("CREATE TABLE prices (sku, rate_code, unit, price)")
    rows = []
    for terms in offer["terms"].values():
        for sku, by_code in terms.items():
            if sku not in keep:
                continue
            for term in by_code.values():
                for rate, d in term["priceDimensions"].items():
                    rows.append((sku, rate, d["unit"], d["pricePerUnit"]["USD"]))
    db.executemany("INSERT INTO prices VALUES (?, ?, ?, ?)", rows)
    db.commit()
    return time.process_time() - t0, len(rows), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("trncost")
    ap.add_argument("offer_file")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--no-python", action="store_true")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="trncost-price-store-bench-")
    directory = os.path.dirname(os.path.abspath(a.offer_file))
    name = os.path.basename(a.offer_file)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kw):
            super().__init__(*args, directory=directory, **kw)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{name}"
    size_mb = os.path.getsize(a.offer_file) / 1e6

    results = {}
    for kind, source in (("disk", a.offer_file), ("http", url)):
        cpus, walls, rss = [], [], []
        for i in range(a.reps):
            store = os.path.join(work, f"{kind}{i}.sqlite")
            out, cpu, wall, kib = child_run([a.trncost, "prices", "fetch", "--store", store, "--families", FAMILIES,
                                             "--cache", os.path.join(work, f"cache{i}"), source])
            assert out.returncode == 0, out.stderr
            cpus.append(cpu)
            walls.append(wall)
            rss.append(kib)
        results[kind] = (statistics.median(cpus), statistics.median(walls), max(rss))
        print(f"{kind}: {out.stdout.strip()}")
        print(f"{kind}: CPU {results[kind][0]:.2f} s (median of {a.reps}; {size_mb / results[kind][0]:.0f} MB/s), "
              f"wall {results[kind][1]:.2f} s, peak {results[kind][2] / 1024:.1f} MiB")
    print(f"http / disk CPU: {results['http'][0] / results['disk'][0]:.2f}x")

    # Loading the store: show matches nothing, so the time is the load (and the process).
    store = os.path.join(work, "disk0.sqlite")
    walls = []
    for _ in range(max(a.reps, 5)):
        out, cpu, wall, kib = child_run([a.trncost, "prices", "show", "--store", store, "--as-of", "2026-11-30",
                                         "--where", "instanceType=none"])
        walls.append(wall)
    print(f"load: {statistics.median(walls) * 1000:.1f} ms wall (median, whole process) for the store above")

    if not a.no_python:
        cpu, rows, peak = python_anchor(url, work)
        print(f"python anchor (urllib + json.load + filter + sqlite3): CPU {cpu:.2f} s, {rows} prices, "
              f"peak {peak / 1024:.0f} MiB")
    server.shutdown()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
