#!/usr/bin/env python3
"""Rewrites every README code block marked `<!-- snippet: examples/FILE.cpp#TAG -->` with the region
of that example between its two `// [TAG]` lines: what tests/readme/check_snippets.cmake checks.
Run after editing (or formatting) an example: python3 tools/update_snippets.py [README.md]"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
readme = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else root / "README.md"
text = readme.read_text()


def region(ref: str) -> str:
    path, tag = ref.split("#", 1)
    lines = (root / path).read_text().splitlines(keepends=True)
    marks = [i for i, line in enumerate(lines) if line.strip() == f"// [{tag}]"]
    if len(marks) != 2:
        sys.exit(f"{path}: expected two `// [{tag}]` lines, found {len(marks)}")
    return "".join(lines[marks[0] + 1 : marks[1]])


pattern = re.compile(r"(<!-- snippet: ([^ ]+) -->\s*```cpp\n)(.*?)(```)", re.S)
new, count = pattern.subn(lambda m: m.group(1) + region(m.group(2)) + m.group(4), text)
if count == 0:
    sys.exit(f"{readme}: no snippet blocks")
readme.write_text(new)
print(f"{readme.name}: {count} snippet blocks written")
