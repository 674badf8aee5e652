#!/usr/bin/env python3
"""Ink coverage of printed pages, rendered at 50 dpi (pdftoppm, greyscale):
the share of non-white pixels, and the toner weight (mean darkness, 0 for
white paper, 100% for solid black). Usage: scripts/ink.py FILE.pdf...
Prints one line a page and the mean of each file."""
import subprocess
import sys


def pages_grey(pdf):
    """Yields each page of `pdf` as (width, height, pixels)."""
    out = subprocess.run(
        ["pdftoppm", "-r", "50", "-gray", pdf], capture_output=True, check=True
    ).stdout
    at = 0
    while at < len(out):
        fields = []
        while len(fields) < 4:
            while out[at : at + 1].isspace():
                at += 1
            start = at
            while not out[at : at + 1].isspace():
                at += 1
            fields.append(out[start:at])
        at += 1
        w, h = int(fields[1]), int(fields[2])
        yield w, h, out[at : at + w * h]
        at += w * h


for pdf in sys.argv[1:]:
    shares, weights = [], []
    for n, (w, h, px) in enumerate(pages_grey(pdf), 1):
        share = sum(1 for p in px if p < 255) / (w * h)
        weight = sum(255 - p for p in px) / (255 * w * h)
        shares.append(share)
        weights.append(weight)
        print(f"{pdf} page {n}: {100 * share:5.1f}% inked, weight {100 * weight:5.1f}%")
    if shares:
        print(
            f"{pdf} mean: {100 * sum(shares) / len(shares):5.1f}% inked, "
            f"weight {100 * sum(weights) / len(weights):5.1f}%"
        )
