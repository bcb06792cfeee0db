"""What the scripts that run both verifiers of trncost's reports share (tests/reports/verify_both.py,
tests/reports/verify_reconciliation.py, tests/tamper/run_corpus.py): their command line and the
loading of tools/verify_report.py. Harness only: nothing here reads or checks a report, and nothing
imports trncost, so the Python verifier's recomputation stays independent of trncost's code.
Standard library only."""

import argparse
import importlib.util


def arguments(shipped_reports=False, cli_help=None):
    """The command line: --cli (the program of the C++ verifier), --verifier (tools/verify_report.py),
    --work (a directory to write in) and --repo (the repository's root); with shipped_reports, what
    writes the reports to check: --scenario FILE and --example PROGRAM, each repeatable."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True, help=cli_help)
    ap.add_argument("--verifier", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--repo", required=True)
    if shipped_reports:
        ap.add_argument("--scenario", action="append", default=[])
        ap.add_argument("--example", action="append", default=[])
    return ap.parse_args()


def load_verifier(path):
    """tools/verify_report.py as a module: its main(argv) returns the exit code the program would,
    so a script calls it once per report without starting an interpreter each time."""
    spec = importlib.util.spec_from_file_location("verify_report", path)
    verifier = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(verifier)
    return verifier
