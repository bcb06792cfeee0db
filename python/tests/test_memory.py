"""Reference counting: 100,000 estimates made and dropped in a loop leave the process's resident
memory where it was (the C++ estimates, their Python wrappers and the values handed over are all
freed)."""

import gc
from decimal import Decimal

import trncost
from test_model import flagship_like


def rss_kib():
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS in /proc/self/status")


def churn(model, n):
    total = Decimal(0)
    for _ in range(n):
        est = model.evaluate("2026-11-30")
        total = est.total          # a Decimal made from the C++ text
        _ = est.lines[0].amount    # records, tuples and Decimals of one line
        _ = est.status
    return total


def test_100000_estimates_do_not_grow_memory():
    m = flagship_like()
    assert churn(m, 2000) == Decimal("48.176712328767123288")  # warm up allocator and caches
    gc.collect()
    before = rss_kib()
    churn(m, 100_000)
    gc.collect()
    grown = rss_kib() - before
    # One leaked estimate (23 records, strings, shared pointers) is over 2 KiB: 100,000 would be
    # 200 MiB. Allocator noise stays within a few MiB.
    assert grown < 8 * 1024, f"resident memory grew by {grown} KiB over 100,000 estimates"


def test_scenario_estimates_and_reports_do_not_grow_memory():
    sc = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml")
    for _ in range(50):
        sc.estimate().to_json()
    gc.collect()
    before = rss_kib()
    for _ in range(2000):
        est = sc.estimate()
        est.to_json()
        est.lines
    gc.collect()
    grown = rss_kib() - before
    # A leaked report (about 60 KB of JSON) x 2000 would be 120 MB.
    assert grown < 8 * 1024, f"resident memory grew by {grown} KiB over 2,000 reports"
