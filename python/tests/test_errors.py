"""Errors from Python are the C++ exceptions, with the same sentence: the file, line and key that
trncost-estimate prints for the same bad scenario."""

import pathlib

import pytest

import trncost
from conftest import ROOT

BAD = sorted((ROOT / "tests" / "scenario" / "data").glob("*.stderr"))


def test_the_bad_inputs_are_found():
    assert len(BAD) >= 5


@pytest.mark.parametrize("stderr", BAD, ids=lambda p: p.stem)
def test_a_refused_scenario_raises_the_command_lines_sentence(stderr, cli):
    scenario = pathlib.Path("tests/scenario/data") / (stderr.stem + ".toml")
    expected = stderr.read_text(encoding="utf-8").rstrip("\n")
    # The CLI prints the same sentence today (its exit code 3: bad input).
    r = cli(scenario, check=False)
    assert r.returncode == 3 and r.stderr.rstrip("\n") == expected
    with pytest.raises(trncost.Error) as caught:
        trncost.load(str(scenario)).estimate()
    assert str(caught.value) == expected


def test_a_missing_file_names_it():
    with pytest.raises(trncost.ParseError) as caught:
        trncost.load("examples/scenarios/no-such-file.toml")
    assert str(caught.value).startswith("trncost: examples/scenarios/no-such-file.toml")
    assert "cannot be opened" in str(caught.value)


def test_the_exception_classes_form_one_hierarchy():
    for cls in (trncost.ParseError, trncost.InputError, trncost.InexactError,
                trncost.DecimalOverflowError):
        assert issubclass(cls, trncost.Error)
    assert issubclass(trncost.Error, Exception)


def test_a_report_that_is_not_json_is_a_parse_error_naming_the_file():
    with pytest.raises(trncost.ParseError) as caught:
        trncost.audit("{ not json", "broken.json")
    assert "broken.json" in str(caught.value)


def test_an_unknown_report_format_is_refused():
    est = trncost.load("examples/scenarios/fine-tune-8b-trn1.toml").estimate()
    with pytest.raises(trncost.InputError, match='unknown format "xml"; the formats of an estimate are json, csv, md, html'):
        est.write("/dev/null", "xml")


def test_a_refusal_of_the_estimate_itself_says_the_command_lines_sentence(tmp_path, cli):
    # The trn1 scenario as of 2026-11-19, before its runs were measured and its prices consulted:
    # it parses and builds, and the estimate is refused by the timeline rule.
    text = (ROOT / "examples" / "scenarios" / "fine-tune-8b-trn1.toml").read_text(encoding="utf-8")
    text = text.replace('"../data/', f'"{ROOT}/examples/data/')
    text = text.replace("as_of = 2026-11-30", "as_of = 2026-11-19")
    text = text.replace("consulted = 2026-11-30", "consulted = 2026-11-19")
    early = tmp_path / "early.toml"
    early.write_text(text, encoding="utf-8")
    r = cli(early, check=False)
    assert r.returncode == 3
    expected = r.stderr.rstrip("\n")
    assert "after the as-of date 2026-11-19" in expected
    scenario = trncost.load(str(early))  # reading and building succeed
    with pytest.raises(trncost.InputError) as caught:
        scenario.estimate()
    assert str(caught.value) == expected
