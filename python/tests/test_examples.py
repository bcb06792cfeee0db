"""The Python examples run and print what the library computes (examples/python/)."""

import os
import pathlib
import subprocess
import sys

from conftest import ROOT

EXAMPLES = sorted((ROOT / "examples" / "python").glob("*.py"))


def run_example(path):
    r = subprocess.run([sys.executable, str(path)], cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ), check=False)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_every_example_runs():
    assert EXAMPLES, "no examples/python/*.py found"
    for path in EXAMPLES:
        assert run_example(path)


def test_the_fine_tune_comparison_prints_the_exact_figures():
    out = run_example(ROOT / "examples" / "python" / "fine_tune_comparison.py").splitlines()
    # Totals of docs/scenario.md (397.635212328767123288 and 196.861537328767123288 USD), to the cent.
    assert out[0] == "trn1.32xlarge x 2: 397.64 USD (verified)"
    assert out[1] == "trn2.48xlarge x 1: 196.86 USD (provisional)"
    assert out[2].startswith("  - fine-tune.price is third-party")
    # 397.635212328767123288 / 196.861537328767123288 = 2.019872534393041139 (18 digits, half-even)
    assert "  1. trn2.48xlarge x 1: 196.86 USD (x1)" in out
    assert "  2. trn1.32xlarge x 2: 397.64 USD (x2.019872534393041139)" in out
    # The band of the budget scenario's report (p5 394.280556, p50 403.702931, p95 415.158733,
    # P(total > 420) 0.007480): the same seed and inputs give the same draws.
    assert ("trn1 Monte Carlo: p5 394.28, p50 403.70, p95 415.16 USD; P(total > 420 USD) = 0.0075"
            in out)
    assert out[-1] == "trn1 decision: continue"
