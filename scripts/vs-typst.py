#!/usr/bin/env python3
"""Whole-process time of `printkit build` (three kits: PDF, SVG, previews)
next to Typst compiling the one hand-written kit of ../shared/bench, runs
interleaved so both see the same machine load; wall time and CPU time (user +
system, all threads), which a busy machine disturbs less. Usage:
    scripts/vs-typst.py target/release/printkit /path/to/venv/bin/python [runs]
(the venv has `pip install typst`, see ../shared/bench/README.md)."""
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

exe, python = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 15
here = os.path.dirname(os.path.abspath(__file__))
typ = os.path.join(here, "..", "..", "shared", "bench", "clone_kit.typ")
if not os.path.exists(typ):
    typ = "/work/shared/bench/clone_kit.typ"
out = tempfile.mkdtemp(prefix="printkit-vs-typst-")
commands = {
    "printkit build (3 kits, pdf+svg+previews)": [exe, "build", "--out", out],
    "printkit build (3 kits, pdf)": [exe, "build", "--format", "pdf", "--out", out],
    "typst compile (1 kit)": [
        python,
        "-c",
        f"import typst; typst.compile({typ!r}, output={os.path.join(out, 't.pdf')!r})",
    ],
}
times = {k: [] for k in commands}
cpu = {k: [] for k in commands}
for i in range(runs + 2):
    for name, cmd in commands.items():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        wall = (time.perf_counter() - t) * 1000
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000
        if i >= 2:  # two warm-up rounds
            times[name].append(wall)
            cpu[name].append(used)
for name, ts in times.items():
    print(
        f"{name:45} wall median {statistics.median(ts):7.1f} ms  min {min(ts):7.1f} ms  "
        f"CPU median {statistics.median(cpu[name]):7.1f} ms  ({runs} runs)"
    )
