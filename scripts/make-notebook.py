#!/usr/bin/env python3
"""Builds a .ipynb (tslab kernel, no outputs) from a plain-text cell file.

Cells are separated by lines '%% md' (Markdown) or '%% ts' (TypeScript code). Notebooks are
authored this way so diffs stay readable; the .ipynb is what Jupyter opens and the tests execute.
Usage: make-notebook.py SRC.nb.txt OUT.ipynb
"""
import json, sys

src, out = sys.argv[1], sys.argv[2]
cells, kind, buf = [], None, []

def flush():
    if kind is None:
        return
    text = "\n".join(buf).strip("\n")
    lines = [l + "\n" for l in text.split("\n")]
    if lines:
        lines[-1] = lines[-1].rstrip("\n")
    if kind == "md":
        cells.append({"cell_type": "markdown", "metadata": {}, "source": lines})
    else:
        cells.append({"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": lines})

for line in open(src, encoding="utf-8").read().split("\n"):
    if line.startswith("%% "):
        flush()
        kind, buf = line[3:].strip(), []
        assert kind in ("md", "ts"), line
    else:
        buf.append(line)
flush()

nb = {
    "cells": cells,
    "metadata": {
        "kernelspec": {"display_name": "TypeScript", "language": "typescript", "name": "tslab"},
        "language_info": {"codemirror_mode": {"mode": "typescript", "name": "javascript", "typescript": True},
                          "file_extension": ".ts", "mimetype": "text/typescript", "name": "typescript", "version": "3.7.2"},
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}
for i, c in enumerate(nb["cells"]):
    c["id"] = f"cell-{i:02d}"
with open(out, "w", encoding="utf-8") as f:
    json.dump(nb, f, indent=1, ensure_ascii=False)
    f.write("\n")
