"""The bill against the estimate, the budget gate and each line's identity from Python: the same
numbers as the command (`trncost reconcile`, `trncost check`), as Decimals and objects."""

import os
import pathlib
import subprocess
from decimal import Decimal

import pytest

import trncost

SCENARIO = "examples/scenarios/fine-tune-8b-trn1.toml"
BILL = "examples/data/bills/fine-tune-8b-trn1-focus.csv"


def trncost_command(*args):
    # The `trncost` program beside the trncost-estimate CTest passes in.
    program = pathlib.Path(os.environ["TRNCOST_ESTIMATE"]).with_name("trncost")
    return subprocess.run([str(program), *args], capture_output=True, text=True, check=False)


def test_every_line_says_what_it_is():
    est = trncost.load(SCENARIO).estimate()
    training = next(l for l in est.lines if l.description.startswith("training on"))
    assert training.identity == trncost.Identity("AmazonEC2", "us-east-1", "trn1.32xlarge",
                                                 "BoxUsage:trn1.32xlarge", "on-demand")
    tokenize = next(l for l in est.lines if l.component == "tokenize")
    assert tokenize.identity.service == ""


def test_a_bill_as_aws_delivers_it_gzip_in_parts_reads_as_the_plain_file(tmp_path):
    import gzip  # noqa: PLC0415

    est = trncost.load(SCENARIO).estimate()
    lines = pathlib.Path(BILL).read_text(encoding="utf-8").splitlines(keepends=True)
    # Two parts, each with the header, the second gzip: one bill, the totals of
    # tests/reports/reconcile_test.cpp (usage billed 381.058 against 397.635212328767123288).
    folder = tmp_path / "bill"
    folder.mkdir()
    (folder / "part-1.csv").write_text("".join(lines[:8]), encoding="utf-8")
    (folder / "part-2.csv.gz").write_bytes(gzip.compress("".join(lines[:1] + lines[8:]).encode()))
    r = trncost.reconcile(est, str(folder), name=SCENARIO)
    assert r.billed_usage == Decimal("381.058")
    assert r.difference == Decimal("-16.577212328767123288")


def test_a_transfer_billed_by_s3_names_both_services():
    text = pathlib.Path(SCENARIO).read_text(encoding="utf-8").replace(
        'what = "fine-tuned weights to the customer"\n',
        'what = "fine-tuned weights to the customer"\nbilled_by = "S3"\n')
    est = trncost.scenario(text, base_dir=str(pathlib.Path(SCENARIO).parent)).estimate()
    out = next(l for l in est.lines if "to the customer (0 to" in l.description)
    assert out.identity == trncost.Identity("AmazonS3", "us-east-1", "", "DataTransfer-Out-Bytes",
                                            "", "AWSDataTransfer")


def test_reconcile_gives_the_commands_numbers():
    est = trncost.load(SCENARIO).estimate()
    r = trncost.reconcile(est, BILL, name=SCENARIO)
    # Hand-computed in tests/reports/reconcile_test.cpp.
    assert r.estimated == Decimal("397.635212328767123288")
    assert r.billed_usage == Decimal("381.058")
    assert r.difference == Decimal("-16.577212328767123288")
    assert r.other_charges_total == Decimal("-188")
    ec2 = next(x for x in r.rows if x.identity.usage_type == "BoxUsage:trn1.32xlarge")
    assert (ec2.estimated, ec2.billed, ec2.usage_effect, ec2.price_effect) == (
        Decimal("334.8625"), Decimal("354.75"), Decimal("19.8875"), Decimal("0"))
    assert ec2.billed_quantity == Decimal("16.5") and ec2.unit == "Hrs"
    assert ec2.billed_as.kind == "measured"
    # The t3.micro of us-west-2 (0.312), a region the estimate has no line in, is its own row.
    assert r.left_out == ()
    t3 = next(x for x in r.rows if x.identity.usage_type == "BoxUsage:t3.micro")
    assert t3.why == "not in the estimate (another region)" and t3.billed == Decimal("0.312")
    # The Markdown is the command's, byte for byte.
    command = trncost_command("reconcile", SCENARIO, BILL)
    assert command.returncode == 0, command.stderr
    assert r.to_markdown() == command.stdout
    html = trncost_command("reconcile", SCENARIO, BILL, "--format", "html")
    assert r.to_html() == html.stdout and html.stdout.startswith("<!DOCTYPE html>")


def test_each_difference_names_the_resources_behind_it():
    r = trncost.reconcile(trncost.load(SCENARIO).estimate(), BILL)
    ec2 = next(x for x in r.rows if x.identity.usage_type == "BoxUsage:trn1.32xlarge")
    # The two instances of the bill: 9.5 h (204.25) and 7 h (150.50), largest first.
    assert ec2.resources == (
        trncost.ReconcileResource("i-0a1b2c3d4e5f60001", 1, Decimal("204.25"), Decimal("9.5"),
                                  "2026-11-20T00:00:00Z", "2026-11-21T00:00:00Z"),
        trncost.ReconcileResource("i-0a1b2c3d4e5f60002", 1, Decimal("150.5"), Decimal("7"),
                                  "2026-11-21T00:00:00Z", "2026-11-22T00:00:00Z"))
    assert sum(x.billed for x in ec2.resources) == ec2.billed
    assert "## Behind the differences" in r.to_markdown()


def test_the_sql_of_a_big_bill_reduced_in_sqlite_reconciles_alike(tmp_path):
    import csv  # noqa: PLC0415
    import sqlite3  # noqa: PLC0415

    sql = trncost.bill_query("export", layout="focus", dialect="sqlite", grain="month")
    assert sql == trncost_command("bill-query", "--table", "export", "--layout", "focus",
                                  "--dialect", "sqlite", "--grain", "month").stdout
    with open(BILL, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE export (" + ", ".join(f'"{c}" TEXT' for c in rows[0]) + ")")
    db.executemany("INSERT INTO export VALUES (" + ", ".join("?" * len(rows[0])) + ")", rows[1:])
    cursor = db.execute(sql)
    reduced = tmp_path / "reduced.csv"
    with open(reduced, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(d[0] for d in cursor.description)
        w.writerows(["" if v is None else v for v in row] for row in cursor)
    est = trncost.load(SCENARIO).estimate()
    direct, via = trncost.reconcile(est, BILL), trncost.reconcile(est, str(reduced))
    assert (via.billed_usage, via.difference, via.invoiced) == (
        direct.billed_usage, direct.difference, direct.invoiced)
    assert [(x.billed, x.why) for x in via.rows] == [(x.billed, x.why) for x in direct.rows]
    with pytest.raises(trncost.InputError, match="is not a table name"):
        trncost.bill_query("cur; DROP TABLE cur")
    with pytest.raises(trncost.InputError, match="athena, spark or sqlite"):
        trncost.bill_query("cur", dialect="mysql")


def test_reconcile_filters_and_basis():
    est = trncost.load(SCENARIO).estimate()
    day = trncost.reconcile(est, BILL, start="2026-11-21", end="2026-11-22")
    assert day.rows_kept == 2 and day.billed_usage == Decimal("152.3")
    tagged = trncost.reconcile(est, BILL, tags={"project": "ft-8b"})
    assert tagged.rows_kept == 11
    billed = trncost.reconcile(est, BILL, cost="billed")
    assert billed.basis == "billed"
    with pytest.raises(trncost.InputError, match="the bases are effective, billed"):
        trncost.reconcile(est, BILL, cost="list")


def test_a_hostile_bill_raises_the_readers_sentence(tmp_path):
    bad = tmp_path / "bill.csv"
    text = pathlib.Path(BILL).read_text(encoding="utf-8")
    bad.write_text(text + text.split("\n", 1)[1], encoding="utf-8")
    with pytest.raises(trncost.ParseError, match="repeats line 2 field for field"):
        trncost.reconcile(trncost.load(SCENARIO).estimate(), str(bad))


def test_reconcile_frame():
    pandas = pytest.importorskip("pandas")
    frame = trncost.reconcile(trncost.load(SCENARIO).estimate(), BILL).frame()
    assert isinstance(frame, pandas.DataFrame)
    assert frame["billed"].sum() == Decimal("381.058")


def test_check_budget_is_the_commands_gate(tmp_path):
    est = trncost.load(SCENARIO).estimate()
    over = trncost.check_budget(est, max_total=350, min_status=trncost.Status.verified)
    assert not over
    assert [c.limit for c in over.checks] == ["max-total", "min-status"]
    assert over.checks[0].sentence == \
        "the total 397.64 USD is over the limit of 350.00 USD by 47.64 USD"
    assert trncost.check_budget(est, max_total="450")
    # Against a previous report, audited first.
    old = tmp_path / "old.json"
    old.write_text(est.to_json(), encoding="utf-8")
    assert trncost.check_budget(est, max_increase=0, against=str(old))
    old.write_text(est.to_json().replace('"total": "397.635212328767123288"',
                                         '"total": "297.635212328767123288"'), encoding="utf-8")
    with pytest.raises(trncost.InputError, match="does not recompute"):
        trncost.check_budget(est, max_increase=0, against=str(old))
    with pytest.raises(ValueError, match="no limit given"):
        trncost.check_budget(est)
