#!/usr/bin/env python3
"""`trncost prices fetch` against a local fixture server, without the internet.

Usage: fetch_cases.py TRNCOST_BINARY WORK_DIR   (run from the repository root; CTest does)

A threaded http.server on 127.0.0.1 (a free port chosen by the system) serves the bulk files in the
real layouts (offer index, region index, version index, regional offer files), written here from the
project's own flagship offer files (examples/data/offers/). Each case's files live under /<case>/, so
one server serves every case; --base selects the case. Checked:

- ok: the index walk fetches the EC2 offer file, direct URLs the three others; `trncost estimate` on a
  scenario naming the store gives the report of the scenario naming the files (sources aside: URLs
  here, paths there);
- resume: the first transfer breaks halfway; the retry resumes with a Range request (If-Range: the
  ETag) and succeeds;
- restart: the same, but the server then ignores the range: the client writes the file again from
  its first byte;
- truncated, 404, 500, slow (slower than --min-speed for --timeout), inner version not the index's, a complete
  transfer of a cut-off JSON file: each exits 6 with one sentence on stderr and the store unchanged;
- the current version changes between two runs: both versions are kept, each in force on its dates.
"""
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time

TRNCOST, WORK = sys.argv[1], sys.argv[2]
OFFERS = "examples/data/offers"
V1, V1_PUBLISHED = "20260910195514", "2026-09-10T19:55:14Z"
V2, V2_PUBLISHED = "20261105000000", "2026-11-05T00:00:00Z"
failures = []
SP_FILE = "tests/prices/data/savings-plans-us-east-1-small.json"
SP_VERSION, SP_PUBLISHED = "20260912000000", "2026-09-12T00:00:00Z"
SP_INDEX = "/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/current/region_index.json"


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what)
    if not cond:
        failures.append(what)


def read(path):
    with open(path, "rb") as f:
        return f.read()


EC2_V1 = read(f"{OFFERS}/AmazonEC2-us-east-1.json")
# The same offer a version later: trn1.32xlarge at 20.00 instead of 21.50.
EC2_V2 = (EC2_V1.replace(V1.encode(), V2.encode()).replace(V1_PUBLISHED.encode(), V2_PUBLISHED.encode())
          .replace(b'"21.5000000000"', b'"20.0000000000"').replace(b'$21.50 per', b'$20.00 per'))
assert EC2_V2.count(b'"20.0000000000"') == 1 and EC2_V2 != EC2_V1


def dumps(obj):
    return json.dumps(obj, indent=2, separators=(",", " : ")).encode()


def offer_index():
    offers = {code: {
        "offerCode": code,
        "versionIndexUrl": f"/offers/v1.0/aws/{code}/index.json",
        "currentVersionUrl": f"/offers/v1.0/aws/{code}/current/index.json",
        "currentRegionIndexUrl": f"/offers/v1.0/aws/{code}/current/region_index.json"}
        for code in ("AmazonEC2", "AmazonS3")}
    offers["AmazonEC2"]["currentSavingsPlanIndexUrl"] = SP_INDEX
    return dumps({"formatVersion": "v1.0", "disclaimer": "fixture", "publicationDate": V1_PUBLISHED,
                  "offers": offers})


def region_index(version, published):
    return dumps({"formatVersion": "v1.0", "disclaimer": "fixture", "publicationDate": published,
                  "regions": {r: {"regionCode": r,
                                  "currentVersionUrl": f"/offers/v1.0/aws/AmazonEC2/{version}/{r}/index.json"}
                              for r in ("us-east-1", "us-west-2")}})


def version_index(current):
    versions = {V1: {"versionEffectiveBeginDate": "2026-09-01T00:00:00Z",
                     "versionEffectiveEndDate": "" if current == V1 else "2026-11-01T00:00:00Z",
                     "offerVersionUrl": f"/offers/v1.0/aws/AmazonEC2/{V1}/index.json"}}
    if current == V2:
        versions[V2] = {"versionEffectiveBeginDate": "2026-11-01T00:00:00Z", "versionEffectiveEndDate": "",
                        "offerVersionUrl": f"/offers/v1.0/aws/AmazonEC2/{V2}/index.json"}
    return dumps({"formatVersion": "v1.0", "disclaimer": "fixture", "publicationDate": V1_PUBLISHED,
                  "offerCode": "AmazonEC2", "currentVersion": current, "versions": versions})


state = {"changing_region_index_calls": 0, "resume_calls": 0, "restart_calls": 0, "ranges": []}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_body(self, body, status=200, length=None, cut=None, stall=0.0, ranges=True):
        rng = self.headers.get("Range") if ranges else None
        start = 0
        if rng and status == 200:
            m = re.fullmatch(r"bytes=(\d+)-", rng)
            start = int(m.group(1))
            state["ranges"].append(start)
            status = 206
        part = body[start:]
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(part) if length is None else length))
        if status == 206:
            self.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
        self.send_header("Accept-Ranges", "bytes")
        # A strong ETag: what a kept partial file is resumed against (If-Range).
        self.send_header("ETag", '"' + hashlib.sha256(body).hexdigest()[:16] + '"')
        self.end_headers()
        if stall:
            time.sleep(stall)
        self.wfile.write(part if cut is None else part[:cut])
        self.wfile.flush()
        if cut is not None:
            self.close_connection = True

    def do_GET(self):
        parts = self.path.split("/", 2)
        case, path = parts[1], "/" + parts[2]
        ec2_file = f"/offers/v1.0/aws/AmazonEC2/{V1}/us-east-1/index.json"
        if path == "/offers/v1.0/aws/index.json":
            return self.send_body(offer_index())
        if path.startswith("/files/"):  # the other offers, by direct URL
            return self.send_body(read(f"{OFFERS}/{path[len('/files/'):]}"))
        if path == SP_INDEX:  # regions is an array here, unlike the offers' region index
            return self.send_body(dumps({"disclaimer": "fixture", "publicationDate": SP_PUBLISHED, "regions": [
                {"regionCode": r, "versionUrl": f"/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/{SP_VERSION}/{r}/index.json"}
                for r in ("us-west-2", "us-east-1")]}))
        if path == f"/savingsPlan/v1.0/aws/AWSComputeSavingsPlan/{SP_VERSION}/us-east-1/index.json":
            return self.send_body(read(SP_FILE))
        if path == "/offers/v1.0/aws/AmazonEC2/current/region_index.json":
            if case == "404":
                return self.send_body(b"<html>Not Found</html>", status=404)
            if case == "changing":
                state["changing_region_index_calls"] += 1
                if state["changing_region_index_calls"] > 1:
                    return self.send_body(region_index(V2, V2_PUBLISHED))
            if case == "inner-version":
                return self.send_body(region_index(V2, V2_PUBLISHED))  # V2 announced, V1 served below
            return self.send_body(region_index(V1, V1_PUBLISHED))
        if path == "/offers/v1.0/aws/AmazonEC2/index.json":
            return self.send_body(version_index(V2 if case == "changing" else V1))
        if path == f"/offers/v1.0/aws/AmazonEC2/{V2}/us-east-1/index.json":
            return self.send_body(EC2_V1 if case == "inner-version" else EC2_V2)
        if path == ec2_file:
            if case == "truncated":
                return self.send_body(EC2_V1, cut=len(EC2_V1) // 2)
            if case == "resume":
                state["resume_calls"] += 1
                if state["resume_calls"] == 1:
                    return self.send_body(EC2_V1, cut=len(EC2_V1) // 2)
                return self.send_body(EC2_V1)
            if case == "restart":  # breaks once, then ignores ranges: the client must start again
                state["restart_calls"] += 1
                if state["restart_calls"] == 1:
                    return self.send_body(EC2_V1, cut=len(EC2_V1) // 2)
                return self.send_body(EC2_V1, ranges=False)
            if case == "500":
                return self.send_body(b"<html>Internal Server Error</html>", status=500)
            if case == "slow":
                return self.send_body(EC2_V1, stall=4.0)
            if case == "cut-json":  # a complete transfer of a file cut off mid-way
                return self.send_body(EC2_V1[: len(EC2_V1) // 2])
            return self.send_body(EC2_V1)
        return self.send_body(b"<html>Not Found</html>", status=404)


def run(*args):
    r = subprocess.run([TRNCOST, *args], capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout, r.stderr


def fingerprint(store):
    if not os.path.exists(store):
        return None
    return hashlib.sha256(read(store)).hexdigest()


def strip_sources(value):
    if isinstance(value, dict):
        return {k: strip_sources(v) for k, v in value.items() if k != "source"}
    if isinstance(value, list):
        return [strip_sources(v) for v in value]
    return value


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    root = f"http://127.0.0.1:{server.server_address[1]}"
    store = os.path.join(WORK, "prices.sqlite")
    common = ["--store", store, "--retrieved", "2026-11-30", "--retries", "0", "--timeout", "1"]

    # ok: the index walk for EC2, direct URLs for the others, with the flagship scenario's filters.
    rc, out, err = run("prices", "fetch", *common, "--base", f"{root}/ok", "--offer", "AmazonEC2",
                       "--region", "us-east-1", "--where", "regionCode=us-east-1")
    check(rc == 0 and out.startswith(f"stored AmazonEC2 {V1} (published {V1_PUBLISHED}) us-east-1: "),
          f"ok: the index walk stores EC2 {V1} (rc {rc}: {out}{err})")
    for name, where in (("AmazonS3-us-east-1.csv", "regionCode=us-east-1"),
                        ("AmazonCloudWatch-us-east-1.json",
                         "usagetype=USE1-DataProcessing-Bytes,USE1-TimedStorage-ByteHrs"),
                        ("AWSDataTransfer-us-east-1.json", "fromRegionCode=us-east-1")):
        rc, out, err = run("prices", "fetch", *common, "--where", where, f"{root}/ok/files/{name}")
        check(rc == 0, f"ok: {name} by URL (rc {rc}: {err})")

    # The Savings Plans file of the region, through the Savings Plans region index (an array).
    sp_store = os.path.join(WORK, "savings-plans.sqlite")
    rc, out, err = run("prices", "fetch", "--store", sp_store, "--base", f"{root}/ok", "--offer", "AmazonEC2", "--region",
                       "us-east-1", "--savings-plans", "--where", "discountedInstanceType=trn1.32xlarge")
    check(rc == 0 and out.startswith(f"stored AWSComputeSavingsPlan {SP_VERSION} (published {SP_PUBLISHED}) us-east-1: "),
          f"savings plans: stored through the Savings Plans region index (rc {rc}: {out}{err})")
    rc, out, err = run("prices", "show", "--store", sp_store, "--as-of", "2026-11-30", "--where",
                       "discountedInstanceType=trn1.32xlarge")
    check(rc == 0 and "  savingsPlan  " in out, f"savings plans: the rates are shown ({out}{err})")

    # The scenario naming the store gives the report of the scenario naming the files.
    with open("examples/scenarios/fine-tune-8b-trn1.toml") as f:
        scenario = f.read()
    files_block = re.search(r"files = \[\n  \{ file = \"\.\./data/offers/.*?\n\]\n", scenario, re.S)
    check(files_block is not None, "the flagship scenario names its offer files")
    by_store = scenario.replace(files_block.group(0), 'store = "prices.sqlite"\n').replace(
        '"../data/ft-8b-trn1-runs.csv"', '"' + os.path.abspath("examples/data/ft-8b-trn1-runs.csv") + '"')
    with open(os.path.join(WORK, "by-store.toml"), "w") as f:
        f.write(by_store)
    rc_a, from_files, err_a = run("estimate", "examples/scenarios/fine-tune-8b-trn1.toml")
    rc_b, from_store, err_b = run("estimate", os.path.join(WORK, "by-store.toml"))
    check(rc_a == 0 and rc_b == 0, f"both scenarios estimate ({err_a}{err_b})")
    a, b = json.loads(from_files), json.loads(from_store)
    check(a["totals"]["total"] == "397.635212328767123288", "the files give the flagship's total")
    check(strip_sources(a) == strip_sources(b), "the store gives the same report as the files (sources aside)")
    check(from_store.count(f"{root}/ok/offers/v1.0/aws/AmazonEC2/{V1}/us-east-1/index.json") > 0,
          "the store's prices name the URL they came from")

    # Failures: exit code 6, one sentence, the store unchanged.
    before = fingerprint(store)
    cases = [
        ("truncated", [], r"could not be downloaded: transfer closed with \d+ bytes remaining to read"),
        ("404", [], r"region_index\.json: the region index could not be downloaded: the server answered HTTP 404$"),
        ("500", ["--retries", "1"], r"the server answered HTTP 500 \(after 1 retries\)$"),
        ("slow", [], r"slower than 1000 bytes/s for 1 s \(--min-speed, --timeout\)"),
        ("inner-version", [], rf"the file says version {V1} but the index says {V2}; it was not stored$"),
        ("cut-json", [], r"invalid JSON: .*\(the input ends early: truncated file\?\); it was not stored$"),
    ]
    for case, extra, pattern in cases:
        started = time.monotonic()
        # Each case its own cache: the cache names files by offer code, version and region (never by
        # URL), so the cases' files would otherwise share one name.
        cache = ["--cache", os.path.join(WORK, "cache-" + case)]
        rc, out, err = run("prices", "fetch", *common, *cache, *extra, "--base", f"{root}/{case}", "--offer", "AmazonEC2",
                           "--region", "us-east-1", "--where", "regionCode=us-east-1")
        # Progress lines (stderr, "\r...: 1.2 of 3.4 MB") and retry notices are not the error.
        lines = [l for l in err.splitlines()
                 if l.strip() and not l.startswith("\r") and not re.search(r"retrying \(\d+ of \d+\)$", l)]
        check(rc == 6, f"{case}: exit code 6 (got {rc})")
        check(len(lines) == 1 and re.search(pattern, lines[0]) is not None,
              f"{case}: one sentence matching /{pattern}/ (got {err!r})")
        check(fingerprint(store) == before, f"{case}: the store is unchanged")
        if case == "slow":
            check(time.monotonic() - started < 3.5, "slow: given up after the 1 s timeout, not the 4 s stall")

    # resume: the first transfer breaks halfway, the retry asks for the rest and completes.
    rc, out, err = run("prices", "fetch", *common, "--cache", os.path.join(WORK, "cache-resume"), "--retries", "1",
                       "--base", f"{root}/resume", "--offer",
                       "AmazonEC2", "--region", "us-east-1", "--where", "regionCode=us-east-1")
    check(rc == 0, f"resume: stored after one retry (rc {rc}: {err})")
    check(state["ranges"] == [len(EC2_V1) // 2], f"resume: the retry asked for bytes {len(EC2_V1) // 2}- "
                                                 f"(ranges asked: {state['ranges']})")

    # restart: the first transfer breaks, the server then ignores the range and sends the whole file:
    # the client writes it from its first byte (no third request).
    rc, out, err = run("prices", "fetch", *common, "--cache", os.path.join(WORK, "cache-restart"), "--retries", "2",
                       "--base", f"{root}/restart", "--offer",
                       "AmazonEC2", "--region", "us-east-1", "--where", "regionCode=us-east-1")
    check(rc == 0, f"restart: stored after starting again (rc {rc}: {err})")
    check(state["restart_calls"] == 2, f"restart: two requests (got {state['restart_calls']})")

    # The current version changes between two runs: both kept, each in force on its dates.
    changing = os.path.join(WORK, "changing.sqlite")
    for _ in range(2):
        rc, out, err = run("prices", "fetch", "--store", changing, "--retries", "0", "--base", f"{root}/changing",
                           "--offer", "AmazonEC2", "--region", "us-east-1", "--where", "regionCode=us-east-1")
        check(rc == 0, f"changing: fetched ({out.strip()}{err})")
    rc, out, err = run("prices", "list", "--store", changing)
    check(f"\t{V1}\t" in out and f"\t{V2}\t" in out, f"changing: both versions listed ({out})")
    for day, price in (("2026-11-04", "21.5"), ("2026-11-05", "20")):
        rc, out, err = run("prices", "show", "--store", changing, "--as-of", day, "--where",
                           "instanceType=trn1.32xlarge")
        check(rc == 0 and f"\n{price} USD per Hrs  OnDemand" in out, f"changing: {price} in force on {day} ({out}{err})")
    # --as-of walks the version index (effective dates) instead of the region index.
    rc, out, err = run("prices", "fetch", "--store", changing, "--retries", "0", "--base", f"{root}/changing",
                       "--offer", "AmazonEC2", "--region", "us-east-1", "--as-of", "2026-10-15",
                       "--where", "regionCode=us-east-1")
    check(rc == 0 and out.startswith(f"stored AmazonEC2 {V1} "), f"--as-of 2026-10-15 picks {V1} ({out}{err})")
    rc, out, err = run("prices", "list", "--store", changing)
    check("2026-09-01T00:00:00Z to 2026-11-01T00:00:00Z" in out, f"the version index's effective dates are kept ({out})")

    # Offline: what the cache holds, and a clear sentence for what it does not.
    rc, out, err = run("prices", "fetch", "--store", changing, "--offline", "--base", f"{root}/changing",
                       "--offer", "AmazonEC2", "--region", "us-west-2", "--where", "regionCode=us-west-2")
    check(rc == 6 and "offline, and the cache" in err, f"offline: an uncached file is named ({err})")

    server.shutdown()
    print(f"{len(failures)} failed" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
