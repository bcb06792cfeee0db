"""Executes a notebook headless (nbclient, Debian python3-nbclient and python3-ipykernel), from the
repository root, its kernel seeing this build's module through PYTHONPATH: a cell that raises (an
assertion on a hand-computed figure, an API that changed) fails the test. Exit 77 (CTest's skip)
when nbclient, ipykernel or matplotlib is missing, except under CI=true, where they are required.

    run_notebook.py NOTEBOOK.ipynb
"""

import importlib.util
import os
import sys


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    missing = [m for m in ("nbformat", "nbclient", "ipykernel", "matplotlib", "pandas")
               if importlib.util.find_spec(m) is None]
    if missing:
        print(f"run_notebook.py: {', '.join(missing)} not installed (Debian: python3-nbclient, "
              "python3-ipykernel, python3-matplotlib, python3-pandas)", file=sys.stderr)
        return 1 if os.environ.get("CI") == "true" else 77
    import nbclient  # noqa: PLC0415 - after the check above
    import nbformat  # noqa: PLC0415

    nb = nbformat.read(argv[1], as_version=4)
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": os.getcwd()}})
    try:
        client.execute()
    except nbclient.exceptions.CellExecutionError as e:
        print(f"run_notebook.py: {argv[1]}: a cell failed:\n{e}", file=sys.stderr)
        return 1
    images = sum(1 for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
                 if "image/png" in o.get("data", {}))
    print(f"run_notebook.py: {argv[1]}: {len(nb.cells)} cells run, {images} figure(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
