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


CASES = {f.__name__: f for f in (
    output_refuses_character_device, output_refuses_fifo, output_refuses_own_inputs,
    output_replaces_whole_or_not_at_all, output_write_error_is_exit_5, stdout_write_error_is_exit_5,
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
    print(f"{len(failures)} failed" if failures else "all passed")
    if failures:
        return 1
    return SKIP if skipped == len(names) else 0


if __name__ == "__main__":
    sys.exit(main())
