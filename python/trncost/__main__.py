"""`python -m trncost estimate SCENARIO.toml [--format json|csv|md|html] [--output FILE]`: the
estimate of a scenario file in the format asked for, byte for byte what `trncost estimate` prints
(the same C++ renders it), with the command's exit codes (docs/cli.md): 0 success, 2 usage error,
3 a refused input (the message names the file, the line and the key), 5 the output could not be
written. Studies, audits and prices are the command's (`trncost estimate STUDY.toml`, `trncost
audit`, `trncost prices`)."""

import argparse
import sys
from typing import List, Optional

import trncost

FORMATS = ("json", "csv", "md", "html")


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m trncost",
        description="The estimate of a trncost scenario file (docs/scenario.md).")
    sub = parser.add_subparsers(dest="command", required=True)
    est = sub.add_parser("estimate", help="estimate a scenario file")
    est.add_argument("scenario", help="the scenario file (TOML)")
    est.add_argument("--format", choices=FORMATS, default="json",
                     help="json (default, as the command), csv (FOCUS), md or html")
    est.add_argument("--output", help="write the report to this file instead of standard output")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse's own exit: 2 for a usage error, 0 for --help
        return int(e.code or 0)
    try:
        with open(args.scenario, "rb") as f:
            is_study = any(line.strip().startswith(b"[study]") for line in f)
    except OSError as e:
        print(f"trncost: {args.scenario}: {e.strerror}", file=sys.stderr)
        return 3
    if is_study:
        print(f"trncost: {args.scenario}: a study file; estimate it with the command "
              "(trncost estimate), which renders studies", file=sys.stderr)
        return 2
    try:
        text = trncost.load(args.scenario).estimate()._h.render(args.format)
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
