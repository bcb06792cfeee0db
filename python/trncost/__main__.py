"""`python -m trncost estimate FILE [--format ...] [--output FILE]`: the report of a scenario
(json by default, csv, md, html), a study (md by default, json, html, csv) or a plan (md, html, json) file, byte
for byte what `trncost estimate` prints (the same C++ renders it), with the command's exit codes
(docs/cli.md): 0 success, 2 usage error, 3 a refused input (the message names the file, the line and
the key), 5 the output could not be written. Audits, diffs and prices are the command's."""

import argparse
import os
import stat
import sys
import tempfile
from typing import List, Optional, Sequence

import trncost

# The formats of report/formats.hpp's table: a scenario's, a study's and a plan's are among an
# estimate's; the plan's and study's own are checked when the file's kind is known.
FORMATS = trncost.formats_of("estimate")


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

    def render() -> str:
        if trncost._core.is_plan_file(args.scenario):
            if args.format is not None and args.format not in trncost.formats_of("plan"):
                raise _Usage("python -m trncost: " +
                             trncost._core.format_refusal(args.format, "plan"))
            return trncost.load_plan(args.scenario).render(args.format or "md")
        if trncost._core.is_study_file(args.scenario):
            return trncost.load_study(args.scenario).render(args.format or "md")
        return trncost.load(args.scenario).estimate()._h.render(args.format or "json")

    if args.output is not None:
        refusal = output_refusal(args.output, [args.scenario])
        if refusal:
            print(f"python -m trncost: --output {args.output}: {refusal}", file=sys.stderr)
            return 5
    try:
        text, read = trncost._core.record_reads(render)
    except _Usage as e:
        print(str(e), file=sys.stderr)
        return 2
    except trncost.Error as e:
        print(str(e), file=sys.stderr)
        return 3
    if args.output is None:
        sys.stdout.write(text)
        return 0
    return write_output(args.output, text, [args.scenario] + list(read))


class _Usage(Exception):
    pass


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def output_refusal(path: str, inputs: Sequence[str]) -> Optional[str]:
    """Why the report may not be written to `path`, or None: what `trncost --output` refuses
    (docs/security.md): a target that exists and is not a regular file (a FIFO would block, a
    device never ends), a link to nothing, or the same file (device and inode) as one the run
    reads."""
    try:
        st = os.stat(path)  # through a link: the file it names
    except FileNotFoundError:
        if os.path.islink(path):
            return ("is a symbolic link to a file that does not exist; trncost writes through a "
                    "link only to an existing regular file")
        return None
    except OSError as e:
        return f"cannot be examined ({e.strerror})"
    if not stat.S_ISREG(st.st_mode):
        return (f"is {_kind(st.st_mode)}, not a regular file; trncost writes a report only to a "
                "regular file, which it replaces whole")
    for name in inputs:
        try:
            other = os.stat(name)
        except OSError:
            continue
        if (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino):
            same = os.path.normpath(name) == os.path.normpath(path)
            return ("is " + ("one of this run's inputs" if same else
                             f"the same file as {name}, one of this run's inputs") +
                    "; trncost will not write its output over what it reads")
    return None


def write_output(path: str, text: str, inputs: Sequence[str]) -> int:
    """Writes `text` to a new file beside `path` and renames it over `path` once whole: the
    target is the old file or the whole new one, never a part (a full disk, a file-size limit).
    Returns the exit code (0, or 5 with the reason on standard error)."""
    refusal = output_refusal(path, inputs)
    if refusal:
        print(f"python -m trncost: --output {path}: {refusal}", file=sys.stderr)
        return 5
    target = os.path.realpath(path) if os.path.islink(path) else path
    folder = os.path.dirname(os.path.abspath(target))
    existed = os.path.exists(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".trncost-", dir=folder)
    except OSError as e:
        print(f"python -m trncost: {path}: cannot be written: cannot create a temporary file in "
              f"{folder}: {e.strerror} (" + ("the file was left as it was" if existed else
                                             "nothing was written") + ")", file=sys.stderr)
        return 5
    try:
        if existed:
            os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
        else:
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(tmp, 0o666 & ~mask)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        refusal = output_refusal(path, inputs)  # it may have changed meanwhile: look again
        if refusal:
            os.unlink(tmp)
            print(f"python -m trncost: --output {path}: {refusal}", file=sys.stderr)
            return 5
        os.replace(tmp, target)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        print(f"python -m trncost: {path}: cannot be written: {e.strerror} (" +
              ("the file was left as it was" if existed else "nothing was written") + ")",
              file=sys.stderr)
        return 5
    return 0


if __name__ == "__main__":
    sys.exit(main())
