"""A short run of the fuzzer of Python documents (tests/fuzz/python_documents_fuzz.py): shipped files
read as mappings, changed at random, read through trncost.scenario/study/plan; only trncost.Error,
TypeError or ValueError may come out, and to_toml may write no table the mapping did not give.
Long runs are recorded in tests/fuzz/README.md."""

import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_a_few_seconds_of_fuzzing_find_nothing(capsys):
    spec = importlib.util.spec_from_file_location(
        "python_documents_fuzz", ROOT / "tests" / "fuzz" / "python_documents_fuzz.py")
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    assert fuzz.main(["--seconds", "3", "--seed", "7"]) == 0, capsys.readouterr().out
    assert "no finding" in capsys.readouterr().out
