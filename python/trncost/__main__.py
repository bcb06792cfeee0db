"""`python -m trncost estimate FILE [--format ...] [--output FILE]`: the report of a scenario
(json by default, csv, md, html), a study (md by default, json, html, csv) or a plan (md) file, byte
for byte what `trncost estimate` prints (the same C++ renders it), with the command's exit codes
(docs/cli.md): 0 success, 2 usage error, 3 a refused input (the message names the file, the line and
the key), 5 the output could not be written. Audits, diffs and prices are the command's."""

import argparse
import sys
from typing import List, Optional

import trncost

FORMATS = ("json", "csv", "md", "html")


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m trncost",
        description="The report of a trncost scenario, study or plan file (docs/scenario.md).")
    sub = parser.add_subparsers(dest="command", required=True)
    est = sub.add_parser("estimate", help="estimate a scenario, study or plan file")
    est.add_argument("scenario", help="the scenario, study or plan file (TOML)")
    est.add_argument("--format", choices=FORMATS, default=None,
                     help="json (a scenario's default), csv (FOCUS), md (a study's and a plan's "
                          "default) or html")
    est.add_argument("--output", help="write the report to this file instead of standard output")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse's own exit: 2 for a usage error, 0 for --help
        return int(e.code or 0)
    try:
        with open(args.scenario, "rb"):
            pass
    except OSError as e:
        print(f"trncost: {args.scenario}: {e.strerror}", file=sys.stderr)
        return 3
    try:
        if trncost._core.is_plan_file(args.scenario):
            if args.format not in (None, "md"):
                print(f"python -m trncost: --format {args.format}: a plan's report is Markdown (md)",
                      file=sys.stderr)
                return 2
            text = trncost.load_plan(args.scenario).render("md")
        elif trncost._core.is_study_file(args.scenario):
            text = trncost.load_study(args.scenario).render(args.format or "md")
        else:
            text = trncost.load(args.scenario).estimate()._h.render(args.format or "json")
    except trncost.Error as e:
        print(str(e), file=sys.stderr)
        return 3
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        with open(args.output, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    except OSError as e:
        print(f"trncost: --output {args.output}: {e.strerror}", file=sys.stderr)
        return 5
    return 0


if __name__ == "__main__":
    sys.exit(main())
