"""The Python of docs/python.md runs: every ```python block, executed in order from the repository
root in one namespace, so that a renamed call or a changed figure breaks a test rather than
a reader's first try. The figures the blocks state in comments are checked by the other tests."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "python.md").read_text(encoding="utf-8"),
                    re.S)


def test_the_guide_has_python_blocks():
    assert len(BLOCKS) >= 4


def test_the_blocks_run_in_order():
    # One namespace, as a reader runs them one after the other in one session.
    namespace = {}
    for index, block in enumerate(BLOCKS):
        exec(compile(block, f"docs/python.md block {index + 1}", "exec"), namespace)


def test_the_document_block_gives_its_stated_total():
    namespace = {}
    block = next(b for b in BLOCKS if "trncost.scenario(doc)" in b)
    exec(compile(block.replace("print(trncost.to_toml(doc))", ""), "block", "exec"), namespace)
    # 500 GiB x 1 month x 0.08 USD/GiB-mo = 40 USD, the block's comment.
    assert namespace["est"].total == 40
