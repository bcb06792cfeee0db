"""Shared fixtures of the trncost Python tests: the repository root (CTest runs pytest from there)
and the trncost-estimate of the same build (CTest passes it in TRNCOST_ESTIMATE), whose output is
what the module must reproduce."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "examples" / "scenarios").glob("*.toml"))


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("TRNCOST_ESTIMATE")
    if not path or not os.path.exists(path):
        pytest.fail("TRNCOST_ESTIMATE must name the trncost-estimate program of this build "
                    "(CTest sets it; see python/CMakeLists.txt)")

    def run(*args, check=True):
        r = subprocess.run([path, *map(str, args)], cwd=ROOT, capture_output=True, text=True)
        if check and r.returncode != 0:
            raise AssertionError(f"trncost-estimate {args} exited {r.returncode}: {r.stderr}")
        return r

    return run


@pytest.fixture(autouse=True)
def _at_root(monkeypatch):
    # Scenario paths in messages are the ones given: run from the root, as the CLI tests do.
    monkeypatch.chdir(ROOT)
