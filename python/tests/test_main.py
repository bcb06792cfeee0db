"""`python -m trncost estimate` (python/trncost/__main__.py): byte for byte the command's report in
every format, for scenarios, studies and plans; the command's exit codes for a plan asked as JSON,
a refused scenario and an unwritable output; and the interpreter's `-m` entry point itself."""

import os
import pathlib
import subprocess
import sys

import pytest

import trncost
from trncost import __main__ as entry

SCENARIO = "examples/scenarios/fine-tune-8b-trn1.toml"


@pytest.mark.parametrize("fmt", ["json", "csv", "md", "html"])
def test_each_format_is_the_command_lines(fmt, cli, capsys):
    assert entry.main(["estimate", SCENARIO, "--format", fmt]) == 0
    assert capsys.readouterr().out == cli(SCENARIO, "--format", fmt).stdout


def test_json_is_the_default_as_for_the_command(cli, capsys):
    assert entry.main(["estimate", SCENARIO]) == 0
    assert capsys.readouterr().out == cli(SCENARIO).stdout


@pytest.mark.parametrize("path,fmt", [("examples/studies/batch-by-region.toml", None),
                                      ("examples/studies/qwen3-hosting-vs-bedrock.toml", "json"),
                                      ("examples/studies/qwen3-hosting-vs-bedrock.toml", "html"),
                                      ("examples/plans/2027-on-one-grant.toml", None)])
def test_studies_and_plans_are_the_command_lines(path, fmt, cli, capsys):
    extra = [] if fmt is None else ["--format", fmt]
    assert entry.main(["estimate", path, *extra]) == 0
    assert capsys.readouterr().out == cli(path, *extra).stdout


def test_output_file(tmp_path, cli):
    out = tmp_path / "r.md"
    assert entry.main(["estimate", SCENARIO, "--format", "md", "--output", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == cli(SCENARIO, "--format", "md").stdout


def test_exit_codes(tmp_path, capsys):
    # A plan is Markdown, HTML or JSON, never CSV: 2, saying so.
    assert entry.main(["estimate", "examples/plans/2027-on-one-grant.toml", "--format", "csv"]) == 2
    assert "\"csv\" is not a format of a plan; the formats of a plan are json, md, html" in \
        capsys.readouterr().err
    # A refused scenario: 3, the library's sentence naming the file, the line and the key.
    assert entry.main(["estimate", "tests/scenario/data/typo-kind.toml"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("trncost: tests/scenario/data/typo-kind.toml:13: component[0].kind: unknown")
    # A missing file: 3; an unknown format: 2; an output that cannot be written: 5.
    assert entry.main(["estimate", "no-such.toml"]) == 3
    assert entry.main(["estimate", SCENARIO, "--format", "pdf"]) == 2
    assert entry.main(["estimate", SCENARIO, "--output", str(tmp_path / "no" / "r.json")]) == 5


def copied_scenario(tmp_path):
    """The trn1 scenario and the files it reads, copied under tmp_path (scenarios/ and data/)."""
    import shutil
    root = pathlib.Path(__file__).resolve().parents[2]
    shutil.copytree(root / "examples" / "data", tmp_path / "data")
    (tmp_path / "scenarios").mkdir()
    shutil.copy(root / SCENARIO, tmp_path / "scenarios" / "s.toml")
    return tmp_path / "scenarios" / "s.toml"


def test_output_is_never_a_file_the_run_reads(tmp_path, capsys):
    s = copied_scenario(tmp_path)
    for target in (s, tmp_path / "data" / "ft-8b-trn1-runs.csv",
                   tmp_path / "data" / "offers" / "AmazonEC2-us-east-1.json"):
        kept = target.read_bytes()
        assert entry.main(["estimate", str(s), "--output", str(target)]) == 5
        assert "trncost will not write its output over what it reads" in capsys.readouterr().err
        assert target.read_bytes() == kept
    # Another name for the same file (a hard link) is the same file.
    link = tmp_path / "other-name.csv"
    os.link(tmp_path / "data" / "ft-8b-trn1-runs.csv", link)
    assert entry.main(["estimate", str(s), "--output", str(link)]) == 5
    assert "the same file as" in capsys.readouterr().err


def test_output_to_a_fifo_is_refused_without_opening_it(tmp_path, capsys):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert entry.main(["estimate", SCENARIO, "--output", str(fifo)]) == 5  # never blocks
    assert "is a FIFO (named pipe), not a regular file" in capsys.readouterr().err


def test_output_is_whole_or_the_old_file(tmp_path):
    # A file-size limit the report does not fit in: the old file stays, no temporary is left.
    import resource
    target = tmp_path / "r.json"
    target.write_text("old\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
    r = subprocess.run([sys.executable, "-m", "trncost", "estimate", SCENARIO, "--output",
                        str(target)], capture_output=True, text=True, env=env, preexec_fn=limit,
                       timeout=120)
    assert r.returncode == 5, r.stderr
    assert "cannot be written: File too large (the file was left as it was)" in r.stderr
    assert target.read_text() == "old\n"
    assert sorted(os.listdir(tmp_path)) == ["r.json"]


def test_the_interpreter_runs_the_module():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    r = subprocess.run([sys.executable, "-m", "trncost", "estimate", SCENARIO, "--format", "md"],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("# Fine-tune 8B on 2 x trn1.32xlarge (us-east-1)")
    assert trncost.load(SCENARIO).estimate().to_markdown() == r.stdout
