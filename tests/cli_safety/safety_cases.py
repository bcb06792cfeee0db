#!/usr/bin/env python3
"""What `trncost` reads, writes and fetches, and what it refuses (docs/security.md), one case at a time.

Usage: safety_cases.py TRNCOST_BINARY WORK_DIR CASE...   (from the repository root; CTest does)

Each case is a function below whose name is the CTest name after `cli_safety_`; docs/security.md
names the case that checks each of its lines. The network cases start their own HTTP server on
127.0.0.1 (a port the system picks) and fetch from it only: no other network is used. Nothing
outside WORK_DIR is written (the character device of the output cases is made there with mknod).
Exit status: 0 when every case passed, 1 otherwise, 77 when a case cannot run here (skipped).
"""
import gzip
import hashlib
import http.server
import json
import os
import re
import resource
import shutil
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import threading
import time

TRNCOST, WORK = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ROOT = os.getcwd()
OFFERS = os.path.join(ROOT, "examples/data/offers")
V1, V1_PUBLISHED = "20260910195514", "2026-09-10T19:55:14Z"
SKIP = 77
failures = []


class Skip(Exception):
    pass


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what)
    if not cond:
        failures.append(what)
    return cond


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def run(*args, timeout=60, **kw):
    """(exit code, stdout, stderr); a run that outlives `timeout` is killed and reported as such."""
    try:
        r = subprocess.run([TRNCOST, *args], capture_output=True, timeout=timeout, **kw)
    except subprocess.TimeoutExpired as e:
        return "timeout", (e.stdout or b"").decode(errors="replace"), (e.stderr or b"").decode(errors="replace")
    return r.returncode, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")


def sentences(err):
    """stderr without progress lines and retry notices: what the command says happened."""
    return [l for l in err.replace("\r", "\n").splitlines()
            if l.strip() and not re.search(r": \d+(\.\d+)? (of [\d.]+ )?MB", l)
            and not re.search(r"retrying \(\d+ of \d+\)$", l)]


def sha(path):
    return hashlib.sha256(read(path)).hexdigest() if os.path.exists(path) else None


def tree(path):
    """Every file under `path` with its digest (what a case compares before and after)."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(path):
        for n in dirnames + filenames:
            p = os.path.join(dirpath, n)
            st = os.lstat(p)
            out[os.path.relpath(p, path)] = (stat.S_IFMT(st.st_mode),
                                              sha(p) if stat.S_ISREG(st.st_mode) else None)
    return out


def temporaries(folder):
    return [n for n in os.listdir(folder) if ".trncost-" in n or n.endswith(".tmp-trncost-estimate")]


# --- a scenario with its files, in WORK ----------------------------------------------------------

def scenario_dir():
    """WORK/scenarios/s.toml: the flagship trn1 scenario, reading WORK/data/ (copies of its files)."""
    shutil.copytree(os.path.join(ROOT, "examples/data"), os.path.join(WORK, "data"))
    os.makedirs(os.path.join(WORK, "scenarios"))
    s = os.path.join(WORK, "scenarios", "s.toml")
    shutil.copy(os.path.join(ROOT, "examples/scenarios/fine-tune-8b-trn1.toml"), s)
    return s


# --- output cases ---------------------------------------------------------------------------------

def output_refuses_character_device():
    s = scenario_dir()
    dev = os.path.join(WORK, "full")  # the device /dev/full is (1, 7), made here so nothing real is at risk
    try:
        os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    except PermissionError:
        raise Skip("mknod is not permitted here")
    rc, out, err = run("estimate", s, "--output", dev)
    check(rc == 5, f"--output on a character device: exit code 5 (got {rc})")
    check(stat.S_ISCHR(os.lstat(dev).st_mode), "the character device is still a character device")
    check(re.fullmatch(rf"trncost estimate: --output {re.escape(dev)}: is a character device, not a regular file; "
                       r"trncost writes a report only to a regular file, which it replaces whole\n", err) is not None,
          f"one sentence naming the device ({err!r})")
    check(temporaries(WORK) == [], "no temporary file is left")


def output_refuses_fifo():
    s = scenario_dir()
    fifo = os.path.join(WORK, "fifo")
    os.mkfifo(fifo)
    rc, out, err = run("estimate", s, "--output", fifo, "--format", "md")
    check(rc == 5, f"--output on a FIFO: exit code 5 (got {rc})")
    check(stat.S_ISFIFO(os.lstat(fifo).st_mode), "the FIFO is still a FIFO")
    check("is a FIFO (named pipe), not a regular file" in err, f"the sentence names a FIFO ({err!r})")
    # A directory is refused the same way (rename would fail on it, but say why first).
    rc, out, err = run("estimate", s, "--output", os.path.join(WORK, "data"))
    check(rc == 5 and "is a directory, not a regular file" in err, f"--output on a directory: refused ({rc}, {err!r})")


def output_refuses_own_inputs():
    s = scenario_dir()
    before = tree(WORK)
    # The scenario itself, by its name, by a hard link (another name, the same inode) and by a
    # symbolic link; an offer file it reads; its run log.
    hard = os.path.join(WORK, "other-name.toml")
    os.link(s, hard)
    soft = os.path.join(WORK, "link.toml")
    os.symlink(s, soft)
    before = tree(WORK)
    for target, named in ((s, "one of this run's inputs"),
                          (hard, f"the same file as {s}, one of this run's inputs"),
                          (soft, f"the same file as {s}, one of this run's inputs"),
                          (os.path.join(WORK, "data/offers/AmazonEC2-us-east-1.json"), "one of this run's inputs"),
                          (os.path.join(WORK, "data/ft-8b-trn1-runs.csv"), "one of this run's inputs")):
        rc, out, err = run("estimate", s, "--output", target)
        check(rc == 5, f"--output {os.path.relpath(target, WORK)}: exit code 5 (got {rc})")
        check(f"--output {target}: is {named}; trncost will not write its output over what it reads" in err,
              f"--output {os.path.relpath(target, WORK)}: the sentence says so ({err!r})")
    check(tree(WORK) == before, "every input is byte-identical and no file was added")
    # diff: neither report may be the output.
    report = os.path.join(WORK, "r.json")
    rc, out, err = run("estimate", s, "--output", report)
    check(rc == 0, f"a report to a new file ({err!r})")
    kept = read(report)
    rc, out, err = run("diff", report, report, "--output", report)
    check(rc == 5 and read(report) == kept, f"diff --output over its own input: refused, the report kept ({rc}, {err!r})")


def output_refuses_every_file_read():
    """Not only the files named on the command line: every file the run reads, whatever reader
    opens it (a scenario's run logs and offer files behind `reconcile`, a study option's
    neuron-monitor capture), is refused as --output, and left as it was."""
    s = scenario_dir()
    bill = os.path.join(WORK, "data", "bills", "fine-tune-8b-trn1-focus.csv")
    before = tree(WORK)
    for target in (os.path.join(WORK, "data/ft-8b-trn1-runs.csv"),
                   os.path.join(WORK, "data/offers/AmazonS3-us-east-1.csv"),
                   os.path.join(WORK, "data/offers/AmazonCloudWatch-us-east-1.json")):
        rc, out, err = run("reconcile", s, bill, "--output", target)
        rel = os.path.relpath(target, WORK)
        check(rc == 5, f"reconcile --output {rel}, a file its estimate reads: exit code 5 (got {rc}, {err!r})")
        check("trncost will not write its output over what it reads" in err,
              f"reconcile --output {rel}: the sentence says so ({err!r})")
    check(tree(WORK) == before, "every file read is byte-identical and no file was added")
    check(temporaries(WORK) == [] and temporaries(os.path.join(WORK, "data")) == [],
          "no temporary file is left")


def output_replaces_whole_or_not_at_all():
    s = scenario_dir()
    target = os.path.join(WORK, "report.md")
    write(target, "the previous report\n")
    os.chmod(target, 0o640)
    # A failing run (a scenario that does not parse) leaves the old file as it was.
    bad = os.path.join(WORK, "scenarios", "bad.toml")
    write(bad, "format = 1\n[estimate\n")
    rc, out, err = run("estimate", bad, "--output", target)
    check(rc == 3 and read(target) == b"the previous report\n", f"a failed run leaves the output as it was ({rc})")
    # A successful one replaces it whole, keeping its permissions; a symbolic link stays a link.
    link = os.path.join(WORK, "latest.md")
    os.symlink("report.md", link)
    rc, out, err = run("estimate", s, "--format", "md", "--output", link)
    check(rc == 0, f"the report through a link ({err!r})")
    check(os.path.islink(link) and read(target).startswith(b"# Fine-tune 8B"), "the link is kept, the file it names replaced")
    check(stat.S_IMODE(os.stat(target).st_mode) == 0o640, "the file keeps its permissions (0640)")
    # Something planted at the old fixed temporary name is neither followed nor written.
    victim = os.path.join(WORK, "victim.txt")
    write(victim, "not trncost's\n")
    os.symlink(victim, os.path.join(WORK, "new.json.tmp-trncost-estimate"))
    rc, out, err = run("estimate", s, "--output", os.path.join(WORK, "new.json"))
    check(rc == 0 and read(victim) == b"not trncost's\n", f"a planted link at a temporary name is not followed ({rc})")
    check(read(os.path.join(WORK, "new.json")).startswith(b"{"), "the report is written")
    check([t for t in temporaries(WORK) if not t.endswith(".tmp-trncost-estimate")] == [], "no temporary file is left")


def no_space(limit):
    """A child whose files cannot grow past `limit` bytes: writes beyond fail with EFBIG (a full disk,
    as far as trncost can tell), since SIGXFSZ is ignored."""
    def preexec():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return preexec


def output_write_error_is_exit_5():
    s = scenario_dir()
    target = os.path.join(WORK, "report.json")
    write(target, "old\n")
    rc, out, err = run("estimate", s, "--output", target, preexec_fn=no_space(1000))
    check(rc == 5, f"a write that fails (file size limit): exit code 5 (got {rc})")
    check(re.fullmatch(rf"trncost estimate: {re.escape(target)}: cannot be written: File too large "
                       r"\(the file was left as it was\)\n", err) is not None, f"the sentence names the path and why ({err!r})")
    check(read(target) == b"old\n" and temporaries(WORK) == [], "the old file is kept, no temporary file is left")


def stdout_write_error_is_exit_5():
    s = scenario_dir()
    store = os.path.join(WORK, "prices.sqlite")
    rc, out, err = run("prices", "fetch", "--store", store, "--where", "regionCode=us-east-1",
                       os.path.join(WORK, "data/offers/AmazonEC2-us-east-1.json"))
    check(rc == 0, f"a store to list ({err!r})")
    report = os.path.join(WORK, "r.json")
    check(run("estimate", s, "--output", report)[0] == 0, "a report to audit")
    for args in (["prices", "list", "--store", store], ["estimate", s], ["audit", report], ["--help"]):
        with open("/dev/full", "wb") as full:
            r = subprocess.run([TRNCOST, *args], stdout=full, stderr=subprocess.PIPE, timeout=60)
        err = r.stderr.decode()
        program = "trncost" if args[0] == "--help" else "trncost " + args[0]
        check(r.returncode == 5, f"{' '.join(args[:2])} > /dev/full: exit code 5 (got {r.returncode})")
        check(err.endswith(f"{program}: standard output: cannot be written: No space left on device "
                           "(what was printed is incomplete)\n"), f"{' '.join(args[:2])} > /dev/full: says so ({err!r})")
    # A closed pipe: the reader went away before the report was written.
    rd, wr = os.pipe()
    os.close(rd)
    r = subprocess.run([TRNCOST, "estimate", s], stdout=wr, stderr=subprocess.PIPE, timeout=60)
    os.close(wr)
    err = r.stderr.decode()
    check(r.returncode == 5, f"stdout a closed pipe: exit code 5, not a death by SIGPIPE (got {r.returncode})")
    check("standard output: cannot be written: Broken pipe" in err, f"stdout a closed pipe: says so ({err!r})")


# --- a price-list server on 127.0.0.1 ------------------------------------------------------------

EC2_V1 = read(os.path.join(OFFERS, "AmazonEC2-us-east-1.json"))
EC2_PATH = f"/offers/v1.0/aws/AmazonEC2/{V1}/us-east-1/index.json"


def dumps(obj):
    return json.dumps(obj, indent=2).encode()


def offer_index():
    return dumps({"formatVersion": "v1.0", "publicationDate": V1_PUBLISHED, "offers": {"AmazonEC2": {
        "offerCode": "AmazonEC2",
        "versionIndexUrl": "/offers/v1.0/aws/AmazonEC2/index.json",
        "currentRegionIndexUrl": "/offers/v1.0/aws/AmazonEC2/current/region_index.json"}}})


def region_index(url=EC2_PATH):
    return dumps({"formatVersion": "v1.0", "publicationDate": V1_PUBLISHED,
                  "regions": {"us-east-1": {"regionCode": "us-east-1", "currentVersionUrl": url}}})


class Server:
    """A threaded HTTP/1.1 server on 127.0.0.1: `routes` maps a path to a function of the request
    handler; the offer index, the region index and the EC2 offer file are there unless replaced.
    Every request is logged as (method, path, Host header, Range header)."""

    def __init__(self):
        self.routes = {
            "/offers/v1.0/aws/index.json": lambda h: h.send_body(offer_index()),
            "/offers/v1.0/aws/AmazonEC2/current/region_index.json": lambda h: h.send_body(region_index()),
            EC2_PATH: lambda h: h.send_body(EC2_V1),
        }
        self.fallback = lambda h: h.send_body(b"<html>Not Found</html>", status=404)
        self.log = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def send_body(self, body, status=200, headers=(), length=None):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body) if length is None else length))
                for k, v in headers:
                    self.send_header(k, v)
                self.end_headers()
                try:
                    self.wfile.write(body)
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def redirect(self, location, status=302):
                self.send_body(b"", status=status, headers=[("Location", location)])

            def do_GET(self):
                server.log.append(("GET", self.path, self.headers.get("Host"), self.headers.get("Range")))
                path = self.path.split("?")[0]
                try:
                    server.routes.get(path, server.fallback)(self)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def fetch(server, store, *extra, timeout=60):
    """prices fetch of EC2 us-east-1 from the server, without retries, unless `extra` says otherwise.
    The server is named with --base, the spelling earlier trncosts know too (--mirror is the same)."""
    return run("prices", "fetch", "--store", store, "--retrieved", "2026-11-30", "--retries", "0",
               "--timeout", "2", "--base", server.url, "--offer", "AmazonEC2", "--region", "us-east-1",
               "--where", "regionCode=us-east-1", *extra, timeout=timeout)


def outside(path_to_skip):
    """WORK's tree without `path_to_skip` (the cache): what a fetch may not change."""
    return {k: v for k, v in tree(WORK).items() if not k.startswith(path_to_skip)}


# --- fetch cases: local names ---------------------------------------------------------------------

def fetch_dot_segments_stay_out():
    srv = Server()
    store = os.path.join(WORK, "prices.sqlite")
    os.makedirs(os.path.join(WORK, "victim"))
    victim = os.path.join(WORK, "victim", "us-east-1.json")
    write(victim, "precious\n")
    # Seven ".." climb from the old cache's host folder (store.cache/127.0.0.1_PORT/offers/...) to WORK;
    # what is served there does not read (a file cut in half), so the old code then deleted it.
    url = "/offers/v1.0/aws/AmazonEC2/current/../../../../../../../victim/us-east-1.json"
    srv.routes["/offers/v1.0/aws/AmazonEC2/current/region_index.json"] = lambda h: h.send_body(region_index(url))
    srv.fallback = lambda h: h.send_body(EC2_V1[: len(EC2_V1) // 2])
    before = outside("prices.sqlite.cache")
    rc, out, err = fetch(srv, store)
    srv.close()
    check(rc == 6, f"a region index naming a path with '..': exit code 6 (got {rc})")
    check(read(victim) == b"precious\n", "the file outside the cache is untouched")
    check(outside("prices.sqlite.cache") == before, "nothing outside the cache was written or deleted (the store neither)")
    check(len(sentences(err)) == 1 and f'regions.us-east-1.currentVersionUrl names "{url}", a path with a ".." segment; '
          "nothing was fetched from it" in err, f"one sentence naming the key and the path ({err!r})")
    check(all(".." not in p and "victim" not in p for _, p, _, _ in srv.log), f"the path was never asked for ({srv.log})")


def fetch_cache_names_from_codes():
    srv = Server()
    store = os.path.join(WORK, "prices.sqlite")
    rc, out, err = fetch(srv, store)
    check(rc == 0, f"the index walk stores EC2 (rc {rc}: {err})")
    cache = os.path.join(WORK, "prices.sqlite.cache")
    files = sorted(k for k, (kind, _) in tree(cache).items() if kind == stat.S_IFREG)
    check(files == ["offers/AmazonEC2/20260910195514/us-east-1/index.json", "offers/AmazonEC2/region_index.json",
                    "offers/index.json"], f"the cache's names are made of the offer code, version and region ({files})")
    # A version that is not one (the URL's folder) is refused before anything is fetched from it.
    srv.routes["/offers/v1.0/aws/AmazonEC2/current/region_index.json"] = lambda h: h.send_body(
        region_index("/offers/v1.0/aws/AmazonEC2/latest/us-east-1/index.json"))
    rc, out, err = fetch(srv, store)
    check(rc == 6 and 'regions.us-east-1.currentVersionUrl: "latest" is not a price-list version (14 digits, the '
          "publication's UTC time); nothing was fetched" in err, f"a version that is not one: refused ({rc}, {err!r})")
    srv.close()
    # What the user types is checked too: a usage error, and nothing is created.
    for flag, value in (("--offer", "../AmazonEC2"), ("--region", "us-east-1/../../x"), ("--region", "US-EAST-1"),
                        ("--version", "../20260910195514")):
        other = os.path.join(WORK, "other.sqlite")
        args = ["prices", "fetch", "--store", other, "--base", srv.url, "--offer", "AmazonEC2", "--region",
                "us-east-1", "--where", "regionCode=us-east-1", flag, value]
        rc, out, err = run(*args)
        check(rc == 2 and f"{flag} takes" in err, f"{flag} {value}: a usage error ({rc}, {err!r})")
        check(not os.path.exists(other) and not os.path.exists(other + ".cache"), f"{flag} {value}: nothing created")
    # Region codes AWS publishes are accepted (Local Zones, Wavelength Zones, GovCloud).
    for region in ("us-east-1-mia-1", "us-west-2-wl1-den1", "us-gov-west-1", "ap-southeast-5"):
        rc, out, err = run("prices", "fetch", "--store", os.path.join(WORK, "r.sqlite"), "--offline", "--base",
                           srv.url, "--offer", "AmazonEC2", "--region", region, "--where", "regionCode=" + region)
        check(rc == 6 and "offline, and the cache" in err, f"--region {region} is a region code ({rc}, {err!r})")


def fetch_hosts_allowed():
    srv = Server()
    store = os.path.join(WORK, "prices.sqlite")
    other = f"http://localhost:{srv.port}"  # the same server under another name: another host
    # An index naming a file on another host.
    srv.routes["/offers/v1.0/aws/AmazonEC2/current/region_index.json"] = lambda h: h.send_body(
        region_index(other + EC2_PATH))
    rc, out, err = fetch(srv, store)
    check(rc == 6 and f'currentVersionUrl names "{other}{EC2_PATH}", which is not on {srv.url}' in err,
          f"an index naming another host: refused ({rc}, {err!r})")
    # A redirect to another host, to file:// and to ftp://.
    srv.routes["/offers/v1.0/aws/AmazonEC2/current/region_index.json"] = lambda h: h.send_body(region_index())
    for target in (other + EC2_PATH, "file:///etc/passwd", f"ftp://127.0.0.1:{srv.port}/x"):
        srv.routes[EC2_PATH] = lambda h, t=target: h.redirect(t)
        rc, out, err = fetch(srv, store)
        check(rc == 6 and f"the server redirected to {target}, which is not on {srv.url}" in err,
              f"a redirect to {target}: refused ({rc}, {err!r})")
    # A URL whose "host" is a user name: the host is what follows the '@'.
    tricky = f"http://pricing.us-east-1.amazonaws.com@127.0.0.1:{srv.port}{EC2_PATH}"
    rc, out, err = run("prices", "fetch", "--store", store, "--retries", "0", "--where", "regionCode=us-east-1", tricky)
    check(rc == 6 and "a URL with a user name or password before its host; trncost does not fetch it" in err,
          f"a URL with credentials: refused ({rc}, {err!r})")
    check(not os.path.exists(store), "no store was created by the refused fetches")
    # --mirror is --base's other spelling: the same server, named so, is fetched.
    srv.routes[EC2_PATH] = lambda h: h.send_body(EC2_V1)
    rc, out, err = run("prices", "fetch", "--store", store, "--retries", "0", "--mirror", srv.url, "--offer", "AmazonEC2",
                       "--region", "us-east-1", "--where", "regionCode=us-east-1")
    check(rc == 0, f"--mirror names the server to fetch from ({rc}, {err!r})")
    srv.close()
    check(all(host == f"127.0.0.1:{srv.port}" for _, _, host, _ in srv.log),
          f"no request ever went to another host ({sorted(set(h for _, _, h, _ in srv.log))})")


def fetch_redirects_capped():
    srv = Server()
    store = os.path.join(WORK, "prices.sqlite")
    # Two redirects on the same host are followed.
    srv.routes[EC2_PATH] = lambda h: h.redirect("/moved/1")
    srv.routes["/moved/1"] = lambda h: h.redirect(f"{srv.url}/moved/2", status=301)
    srv.routes["/moved/2"] = lambda h: h.send_body(EC2_V1)
    rc, out, err = fetch(srv, store)
    check(rc == 0, f"two redirects on the price-list host are followed ({rc}, {err!r})")
    # A loop ends after the cap, and says so.
    srv.routes[EC2_PATH] = lambda h: h.redirect(EC2_PATH + "?again")
    before = sha(store)
    rc, out, err = fetch(srv, store)
    check(rc == 6 and "could not be downloaded: the server redirected more than 5 times (the last time to "
          f"{srv.url}{EC2_PATH}?again); a redirect loop?" in err, f"a redirect loop: capped and named ({rc}, {err!r})")
    check(sum(1 for _, p, _, _ in srv.log if p.startswith(EC2_PATH)) == 1 + 6, "six requests for the loop (five redirects followed)")
    rc, out, err = fetch(srv, store, "--max-redirects", "0")
    check(rc == 6 and "redirected more than 0 times" in err, f"--max-redirects 0 ({rc}, {err!r})")
    check(sha(store) == before, "the store is unchanged")
    srv.close()


# --- fetch cases: bounded transfers -------------------------------------------------------------

def dribble(h, body, rate, headers=(), length=None, status=200, first=0):
    """Sends `first` bytes at once, then the rest of `body` at `rate` bytes per second."""
    h.send_response(status)
    h.send_header("Content-Length", str(len(body) if length is None else length))
    for k, v in headers:
        h.send_header(k, v)
    h.end_headers()
    try:
        h.wfile.write(body[:first])
        h.wfile.flush()
        step = max(1, rate // 10)
        for i in range(first, len(body), step):
            h.wfile.write(body[i:i + step])
            h.wfile.flush()
            time.sleep(step / rate)
    except (BrokenPipeError, ConnectionResetError):
        pass


def cache_files(store):
    cache = store + ".cache"
    return sorted(k for k, (kind, _) in tree(cache).items() if kind == stat.S_IFREG) if os.path.isdir(cache) else []


def fetch_trickle_given_up():
    srv = Server()
    store = os.path.join(WORK, "prices.sqlite")
    srv.routes[EC2_PATH] = lambda h: dribble(h, EC2_V1, 4)  # 4 bytes per second: never a complete stall
    started = time.monotonic()
    rc, out, err = fetch(srv, store, timeout=20)
    took = time.monotonic() - started
    srv.close()
    check(rc == 6, f"a server sending 4 bytes/s: exit code 6 (got {rc})")
    check(took < 8, f"given up after --timeout 2 s at under --min-speed, not left running ({took:.1f} s)")
    check(len(sentences(err)) == 1 and "could not be downloaded: slower than 1000 bytes/s for 2 s (--min-speed, --timeout)"
          in err, f"one sentence saying why ({err!r})")
    check([f for f in cache_files(store) if f.endswith(".part")] == [], "no partial file is kept (no ETag)")
    check(not os.path.exists(store), "no store was created")


def fetch_deadline():
    srv = Server()
    store = os.path.join(WORK, "prices.sqlite")
    big = EC2_V1 * 20  # about 200 KB at 4 KB/s: fast enough for --min-speed, too slow for the deadline
    srv.routes[EC2_PATH] = lambda h: dribble(h, big, 4000)
    started = time.monotonic()
    rc, out, err = fetch(srv, store, "--deadline", "3", "--retries", "2", timeout=30)
    took = time.monotonic() - started
    srv.close()
    check(rc == 6 and "not complete within the 3 s deadline (--deadline)" in err,
          f"a transfer past the deadline: exit code 6, said so ({rc}, {err!r})")
    check(took < 6, f"the deadline holds for the whole command, retries included ({took:.1f} s)")


def endless_chunks(h):
    h.send_response(200)
    h.send_header("Transfer-Encoding", "chunked")
    h.end_headers()
    chunk = b"x" * 65536
    try:
        while True:
            h.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
    except (BrokenPipeError, ConnectionResetError):
        pass


def fetch_size_capped():
    srv = Server()
    store = os.path.join(WORK, "prices.sqlite")
    srv.routes[EC2_PATH] = endless_chunks
    started = time.monotonic()
    rc, out, err = fetch(srv, store, "--max-size", "1M", timeout=30)
    check(rc == 6 and "could not be downloaded: it is larger than the 1048576-byte cap (--max-size)" in err,
          f"an endless chunked body: stopped at the cap ({rc}, {err!r}, {time.monotonic() - started:.1f} s)")
    check([f for f in cache_files(store) if ".part" in f] == [], f"the partial file is deleted ({cache_files(store)})")
    # A length announced past the cap is refused before the body.
    srv.routes[EC2_PATH] = lambda h: h.send_body(EC2_V1, length=5 << 30)
    rc, out, err = fetch(srv, store, "--max-size", "1M", timeout=30)
    check(rc == 6 and "larger than the 1048576-byte cap" in err, f"a Content-Length past the cap ({rc}, {err!r})")
    # A small gzip answer that decodes past the cap.
    bomb = gzip.compress(b" " * (3 << 20))
    srv.routes[EC2_PATH] = lambda h: h.send_body(bomb, headers=[("Content-Encoding", "gzip")])
    rc, out, err = fetch(srv, store, "--max-size", "1M", timeout=30)
    check(rc == 6 and "larger than the 1048576-byte cap" in err, f"a gzip answer decoding past the cap ({rc}, {err!r})")
    srv.close()
    check(not os.path.exists(store), "no store was created")


def fetch_gzip_answers():
    srv = Server()
    store = os.path.join(WORK, "prices.sqlite")
    packed = gzip.compress(EC2_V1)
    asked = []

    def gz(h):
        asked.append(h.headers.get("Accept-Encoding", ""))
        h.send_body(packed, headers=[("Content-Encoding", "gzip")])
    srv.routes[EC2_PATH] = gz
    rc, out, err = fetch(srv, store)
    check(rc == 0 and out.startswith(f"stored AmazonEC2 {V1} "),
          f"a gzip answer with its (compressed) Content-Length is stored ({rc}, {err!r})")
    check(asked and "gzip" in asked[0], f"trncost asked for gzip ({asked})")
    check(read(os.path.join(store + ".cache", f"offers/AmazonEC2/{V1}/us-east-1/index.json")) == EC2_V1,
          "the cache holds the decoded file")
    # The compressed stream cut short (the connection closes before Content-Length bytes).
    before = sha(store)
    srv.routes[EC2_PATH] = lambda h: (h.send_body(packed[: len(packed) // 2], headers=[("Content-Encoding", "gzip")],
                                                  length=len(packed)), setattr(h, "close_connection", True))
    rc, out, err = fetch(srv, store)
    check(rc == 6 and sha(store) == before, f"a cut gzip answer: exit code 6, the store unchanged ({rc}, {err!r})")
    check([f for f in cache_files(store) if ".part" in f] == [], "its partial file is deleted (compressed bytes do not resume)")
    srv.close()


def half_then_close(body, headers):
    def handler(h):
        h.send_body(body[: len(body) // 2], headers=headers, length=len(body))
        h.close_connection = True
    return handler


def ranged(body, etag, log):
    """A server that honours Range with If-Range against `etag`."""
    def handler(h):
        rng, if_range = h.headers.get("Range"), h.headers.get("If-Range")
        log.append((rng, if_range))
        m = re.fullmatch(r"bytes=(\d+)-", rng or "")
        if m and (if_range is None or if_range == etag):
            start = int(m.group(1))
            h.send_body(body[start:], status=206, headers=[
                ("ETag", etag), ("Accept-Ranges", "bytes"), ("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")])
        else:
            h.send_body(body, headers=[("ETag", etag), ("Accept-Ranges", "bytes")])
    return handler


def fetch_partial_kept_only_to_resume():
    srv = Server()
    store = os.path.join(WORK, "prices.sqlite")
    part = os.path.join(store + ".cache", f"offers/AmazonEC2/{V1}/us-east-1/index.json.part")
    # Without an ETag, the half received cannot be resumed safely: deleted.
    srv.routes[EC2_PATH] = half_then_close(EC2_V1, [("Accept-Ranges", "bytes")])
    rc, out, err = fetch(srv, store)
    check(rc == 6 and not os.path.exists(part), f"no ETag: the partial file is deleted ({rc}, {cache_files(store)})")
    # With a strong ETag and byte ranges: kept, and the next run resumes it against that ETag.
    srv.routes[EC2_PATH] = half_then_close(EC2_V1, [("ETag", '"v1"'), ("Accept-Ranges", "bytes")])
    rc, out, err = fetch(srv, store)
    check(rc == 6 and os.path.exists(part) and os.path.getsize(part) == len(EC2_V1) // 2,
          f"a strong ETag: the half received is kept ({rc}, {err!r})")
    check(f"the {len(EC2_V1) // 2} bytes received are kept in the cache, to be resumed against the same ETag" in err,
          "the sentence says it is kept")
    log = []
    srv.routes[EC2_PATH] = ranged(EC2_V1, '"v1"', log)
    rc, out, err = fetch(srv, store)
    check(rc == 0 and log == [(f"bytes={len(EC2_V1) // 2}-", '"v1"')],
          f"the next run asks for the rest against the ETag and stores the file ({rc}, {log}, {err!r})")
    check(read(part[: -len(".part")]) == EC2_V1 and not os.path.exists(part), "the file is whole, the partial gone")
    # The file changed since (another ETag): the server sends it whole, never mixed with the old half.
    srv.routes[EC2_PATH] = half_then_close(EC2_V1, [("ETag", '"v1"'), ("Accept-Ranges", "bytes")])
    fetch(srv, store)
    changed = EC2_V1.replace(b'"21.5000000000"', b'"20.0000000000"').replace(b'$21.50 per', b'$20.00 per')
    log.clear()
    srv.routes[EC2_PATH] = ranged(changed, '"v2"', log)
    rc, out, err = fetch(srv, store)
    check(rc == 0 and log[0][1] == '"v1"' and read(part[: -len(".part")]) == changed,
          f"another version: restarted from its first byte ({rc}, {log}, {err!r})")
    # A weak ETag is not enough; nor is a compressed answer.
    srv.routes[EC2_PATH] = half_then_close(EC2_V1, [("ETag", 'W/"v1"'), ("Accept-Ranges", "bytes")])
    rc, out, err = fetch(srv, store)
    check(rc == 6 and not os.path.exists(part), "a weak ETag: deleted")
    srv.routes[EC2_PATH] = half_then_close(gzip.compress(EC2_V1), [("ETag", '"v1"'), ("Accept-Ranges", "bytes"),
                                                                  ("Content-Encoding", "gzip")])
    rc, out, err = fetch(srv, store)
    check(rc == 6 and not os.path.exists(part), "a compressed answer: deleted")
    srv.close()


def fetch_interrupted_leaves_store_identical():
    srv = Server()
    store = os.path.join(WORK, "prices.sqlite")
    rc, out, err = fetch(srv, store)
    check(rc == 0, f"a store to keep ({err!r})")
    before = read(store)
    half = len(EC2_V1) // 2
    sent_half = threading.Event()

    def slow_after_half(h):
        h.send_response(200)
        for k, v in (("Content-Length", str(len(EC2_V1))), ("ETag", '"v1"'), ("Accept-Ranges", "bytes")):
            h.send_header(k, v)
        h.end_headers()
        try:
            h.wfile.write(EC2_V1[:half])
            h.wfile.flush()
            sent_half.set()
            for b in range(half, len(EC2_V1), 1000):
                time.sleep(0.5)
                h.wfile.write(EC2_V1[b:b + 1000])
                h.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
    srv.routes[EC2_PATH] = slow_after_half
    part = os.path.join(store + ".cache", f"offers/AmazonEC2/{V1}/us-east-1/index.json.part")
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGKILL):
        sent_half.clear()
        p = subprocess.Popen([TRNCOST, "prices", "fetch", "--store", store, "--retrieved", "2026-12-01", "--retries", "0",
                              "--base", srv.url, "--offer", "AmazonEC2", "--region", "us-east-1", "--where",
                              "regionCode=us-east-1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        check(sent_half.wait(20), f"{sig.name}: the server sent half the file")
        time.sleep(0.5)
        p.send_signal(sig)
        try:
            out, err = p.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
        check(p.returncode == -sig, f"{sig.name}: the command ends by the signal (got {p.returncode})")
        check(read(store) == before, f"{sig.name} halfway: the store is byte-identical")
        check(not os.path.exists(store + "-journal") and not os.path.exists(store + "-wal"), f"{sig.name}: no journal left")
        if sig != signal.SIGKILL:  # what a program can catch: said, and the part kept to resume
            check("interrupted; the store is unchanged" in err.decode(), f"{sig.name}: says so ({err!r})")
            check(os.path.exists(part) and os.path.getsize(part) >= half,
                  f"{sig.name}: the part is kept to resume (an ETag)")
    log = []
    srv.routes[EC2_PATH] = ranged(EC2_V1, '"v1"', log)
    rc, out, err = fetch(srv, store)
    check(rc == 0 and log and log[0][0] is not None and log[0][0].startswith("bytes="),
          f"the next fetch resumes and stores ({rc}, {log}, {err!r})")
    srv.close()


def fetch_progress_only_on_terminal():
    import pty
    srv = Server()
    store = os.path.join(WORK, "prices.sqlite")
    srv.routes[EC2_PATH] = lambda h: dribble(h, EC2_V1, 5000, first=1000)  # about 2 s
    rc, out, err = fetch(srv, store, timeout=30)
    check(rc == 0 and "\r" not in err and "MB" not in err, f"stderr a pipe: no progress lines ({err!r})")
    try:
        master, slave = os.openpty()
    except OSError as e:  # a container or chroot without /dev/pts: no terminal to test with
        raise Skip(f"no pseudo-terminal here ({e.strerror}): the terminal half cannot run") from None
    p = subprocess.Popen([TRNCOST, "prices", "fetch", "--store", store, "--retrieved", "2026-11-30", "--retries", "0",
                          "--base", srv.url, "--offer", "AmazonEC2", "--region", "us-east-1", "--where",
                          "regionCode=us-east-1"], stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    p.wait(timeout=30)
    os.close(master)
    check(p.returncode == 0 and re.search(rb"\r[^\r\n]*offer file: [\d.]+ of [\d.]+ MB", seen) is not None,
          f"stderr a terminal: progress lines ({seen[:200]!r})")
    srv.close()


# --- store cases ------------------------------------------------------------------------------------

def local_store():
    """WORK/prices.sqlite holding the flagship's EC2 offer file (read locally: no network)."""
    store = os.path.join(WORK, "prices.sqlite")
    rc, out, err = run("prices", "fetch", "--store", store, "--retrieved", "2026-11-30", "--where",
                       "regionCode=us-east-1", os.path.join(OFFERS, "AmazonEC2-us-east-1.json"))
    check(rc == 0, f"a store to work on ({err!r})")
    return store


def refetch(store):
    return run("prices", "fetch", "--store", store, "--retrieved", "2026-12-01", "--where", "regionCode=us-east-1",
               os.path.join(OFFERS, "AmazonEC2-us-east-1.json"))


def never_suggests_a_new_store(err, what):
    check("create" not in err and "recreate" not in err, f"{what}: no suggestion to make the store again ({err!r})")


def fetch_local_file_never_deleted():
    """An offer file given by path is read where it is: never copied into the cache, never deleted,
    even when it does not read."""
    cut = os.path.join(WORK, "cut.json")
    write(cut, EC2_V1[: len(EC2_V1) // 2])
    store = os.path.join(WORK, "prices.sqlite")
    rc, out, err = run("prices", "fetch", "--store", store, "--where", "regionCode=us-east-1", cut)
    check(rc == 3 and "truncated file?" in err, f"a cut local offer file: refused as bad input ({rc}, {err!r})")
    check(read(cut) == EC2_V1[: len(EC2_V1) // 2], "the file is still there, unchanged")
    check(not os.path.exists(store) and not os.path.exists(store + ".cache"), "no store, no cache")


def store_locked_says_by_whom():
    store = local_store()
    before = read(store)
    con = sqlite3.connect(store, isolation_level=None)
    con.execute("BEGIN EXCLUSIVE")  # another program writing: readers and writers must wait
    try:
        pattern = (rf"{re.escape(store)}: price store: is locked by process {os.getpid()} \(python[^)]*\), which is "
                   "writing to it")
        rc, out, err = run("prices", "list", "--store", store)
        check(rc == 3 and re.search(pattern, err) is not None, f"prices list: locked, and by whom ({rc}, {err!r})")
        never_suggests_a_new_store(err, "list")
        rc, out, err = refetch(store)
        check(rc == 5 and re.search(pattern, err) is not None, f"prices fetch: locked, and by whom ({rc}, {err!r})")
    finally:
        con.execute("ROLLBACK")
        con.close()
    check(read(store) == before, "the store is unchanged")
    rc, out, err = run("prices", "list", "--store", store)
    check(rc == 0, f"once the lock is gone, it is read ({err!r})")


def store_damaged_says_where():
    store = local_store()
    whole = read(store)
    write(store, whole[: len(whole) // 2])
    half = read(store)
    for args, code in ((["prices", "list", "--store", store], 3), (["prices", "show", "--store", store], 3)):
        rc, out, err = run(*args)
        check(rc == code and f"{store}: price store: is damaged: the file has {len(half)} bytes but its SQLite header "
              f"says {len(whole)}" in err, f"{args[1]}: damaged, truncated, with the sizes ({rc}, {err!r})")
        never_suggests_a_new_store(err, args[1])
    rc, out, err = refetch(store)
    check(rc == 5 and "is damaged" in err and read(store) == half, f"fetch into it: refused, unchanged ({rc}, {err!r})")
    never_suggests_a_new_store(err, "fetch")
    # A page's header overwritten: SQLite says the file is malformed.
    scribbled = bytearray(whole)
    scribbled[4096:4104] = b"\x5a" * 8
    write(store, bytes(scribbled))
    rc, out, err = run("prices", "show", "--store", store)
    check(rc == 3 and f"{store}: price store: is damaged (" in err, f"a malformed page: damaged ({rc}, {err!r})")
    never_suggests_a_new_store(err, "show")


def store_newer_refused():
    store = local_store()
    con = sqlite3.connect(store)
    con.execute("UPDATE meta SET value = '3' WHERE key = 'schema'")
    con.commit()
    con.close()
    before = read(store)
    said = (f"{store}: price store: was written by a newer trncost (store layout 3; this trncost reads layouts 1 to 2): "
            "use that trncost or a newer one; the store was not changed")
    rc, out, err = run("prices", "list", "--store", store)
    check(rc == 3 and said in err, f"list: a newer layout, said so ({rc}, {err!r})")
    rc, out, err = refetch(store)
    check(rc == 5 and said in err and read(store) == before, f"fetch: refused, unchanged ({rc}, {err!r})")


def store_not_a_store_never_changed():
    other = os.path.join(WORK, "someone-elses.sqlite")
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE accounts (name TEXT)")
    con.execute("INSERT INTO accounts VALUES ('kept')")
    con.commit()
    con.close()
    before = read(other)
    rc, out, err = refetch(other)
    check(rc == 5 and "is not a trncost price store: it is a SQLite database without trncost's mark" in err,
          f"another program's database: refused ({rc}, {err!r})")
    check(read(other) == before, "its bytes are unchanged (no trncost table added)")
    never_suggests_a_new_store(err, "fetch")
    text = os.path.join(WORK, "notes.txt")
    write(text, "not a database\n")
    rc, out, err = run("prices", "list", "--store", text)
    check(rc == 3 and "is not a trncost price store: it is not a SQLite database" in err, f"a text file ({rc}, {err!r})")
    for name, make in (("dir", os.mkdir), ("fifo", os.mkfifo)):
        path = os.path.join(WORK, name)
        make(path)
        rc, out, err = refetch(path)
        check(rc == 5 and "not a regular file" in err, f"--store a {name}: refused ({rc}, {err!r})")


def store_tampered_price_refused():
    store = local_store()
    rc, out, err = run("prices", "show", "--store", store, "--as-of", "2026-11-30", "--where", "instanceType=trn1.32xlarge")
    check(rc == 0 and "\n21.5 USD per Hrs" in out, f"the price as stored ({err!r})")
    pristine = read(store)
    con = sqlite3.connect(store)
    con.execute("UPDATE prices SET price = '2.15' WHERE price = '21.5'")
    con.commit()
    con.close()
    rc, out, err = run("prices", "show", "--store", store, "--as-of", "2026-11-30", "--where", "instanceType=trn1.32xlarge")
    check(rc == 3 and "2.15" not in out and "AmazonEC2 20260910195514 us-east-1, SKU WVVQPJVCQU4SR8XF, rate code "
          "WVVQPJVCQU4SR8XF.JRTCKXETXF.6YS6EN2CT7: the row no longer matches the digest trncost stored it with" in err,
          f"a changed price: refused, never shown ({rc}, {out!r}, {err!r})")
    never_suggests_a_new_store(err, "show")
    # Fetching that version again replaces it with the rows as read.
    rc, out, err = refetch(store)
    check(rc == 0, f"fetching the version again replaces it ({err!r})")
    rc, out, err = run("prices", "show", "--store", store, "--as-of", "2026-11-30", "--where", "instanceType=trn1.32xlarge")
    check(rc == 0 and "\n21.5 USD per Hrs" in out, f"and the price is the file's again ({err!r})")


def fetch_cache_follows_no_link():
    """A symbolic link planted inside the fetch cache (a folder pointing elsewhere, or the file a
    download will be renamed to) is refused, naming it; nothing is written where it points."""
    srv = Server()
    store = os.path.join(WORK, "prices.sqlite")
    cache = store + ".cache"
    outside = os.path.join(WORK, "outside")
    os.makedirs(outside)
    os.makedirs(cache)
    os.symlink(outside, os.path.join(cache, "offers"))
    rc, out, err = fetch(srv, store)
    check(rc == 6 and "offers: is a symbolic link inside the cache" in err,
          f"a linked folder: refused, naming it ({rc}, {err!r})")
    check(os.listdir(outside) == [], f"nothing written through the link ({os.listdir(outside)})")
    os.remove(os.path.join(cache, "offers"))
    os.makedirs(os.path.join(cache, "offers"))
    victim = os.path.join(outside, "victim.json")
    with open(victim, "w") as f:
        f.write("keep me")
    os.symlink(victim, os.path.join(cache, "offers", "index.json"))
    rc, out, err = fetch(srv, store)
    check(rc == 6 and "index.json: is a symbolic link inside the cache" in err,
          f"a linked file: refused, naming it ({rc}, {err!r})")
    check(read(victim) == b"keep me", "the file the link points to is untouched")
    check(not os.path.exists(store), "no store made")
    srv.close()


CASES = {f.__name__: f for f in (
    output_refuses_character_device, output_refuses_fifo, output_refuses_own_inputs, output_refuses_every_file_read,
    output_replaces_whole_or_not_at_all, output_write_error_is_exit_5, stdout_write_error_is_exit_5,
    fetch_dot_segments_stay_out, fetch_cache_names_from_codes, fetch_hosts_allowed, fetch_redirects_capped,
    fetch_trickle_given_up, fetch_deadline, fetch_size_capped, fetch_gzip_answers, fetch_partial_kept_only_to_resume,
    fetch_interrupted_leaves_store_identical, fetch_progress_only_on_terminal,
    fetch_local_file_never_deleted, store_locked_says_by_whom, store_damaged_says_where, store_newer_refused, store_not_a_store_never_changed,
    store_tampered_price_refused, fetch_cache_follows_no_link,
)}


def main():
    names = sys.argv[3:]
    unknown = [n for n in names if n not in CASES]
    if unknown or not names:
        print(f"unknown case(s) {unknown}; the cases are: {', '.join(CASES)}")
        return 2
    skipped = 0
    for name in names:
        shutil.rmtree(WORK, ignore_errors=True)
        os.makedirs(WORK)
        print(f"== {name}")
        try:
            CASES[name]()
        except Skip as e:
            print(f"skipped: {e}")
            skipped += 1
        except Exception as e:  # a file the case expected is gone, a server that did not answer...
            import traceback
            traceback.print_exc()
            check(False, f"{name} ran to its end (it stopped at {type(e).__name__}: {e})")
    print(f"{len(failures)} failed" if failures else "all passed")
    if failures:
        return 1
    return SKIP if skipped == len(names) else 0


if __name__ == "__main__":
    sys.exit(main())
