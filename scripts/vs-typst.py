#!/usr/bin/env python3
"""Whole-process time of `printkit build` (three kits: PDF, SVG, previews)
next to Typst compiling the one hand-written kit of ../shared/bench, runs
interleaved so both see the same machine load; wall time and CPU time (user +
system, all threads), which a busy machine disturbs less. Builds into one
folder leave unchanged files in place and reuse the host keys' solver
sentences kept in the cache folder; the "fresh folder" lines build into a
new folder each run, and "empty cache" also starts from an empty cache, so
every search runs. Usage:
    scripts/vs-typst.py target/release/printkit /path/to/venv/bin/python [runs]
(the venv has `pip install typst`, see ../shared/bench/README.md)."""
import os
import resource
import shutil
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
fresh = tempfile.mkdtemp(prefix="printkit-vs-typst-fresh-")
cache = tempfile.mkdtemp(prefix="printkit-vs-typst-cache-")
commands = {
    "printkit build (3 kits, pdf+svg+previews)": [exe, "build", "--out", out],
    "printkit build (3 kits, pdf)": [exe, "build", "--format", "pdf", "--out", out],
    "printkit build (3 kits, all, fresh folder)": [exe, "build", "--out", None],
    "printkit build (3 kits, pdf, fresh folder)": [exe, "build", "--format", "pdf", "--out", None],
    "printkit build (3 kits, all, fresh, empty cache)": ["CACHE", exe, "build", "--out", None],
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
        env = dict(os.environ, PRINTKIT_CACHE_DIR=cache)
        if None in cmd:
            cmd = [tempfile.mkdtemp(dir=fresh) if c is None else c for c in cmd]
        if cmd[0] == "CACHE":
            cmd = cmd[1:]
            env["PRINTKIT_CACHE_DIR"] = tempfile.mkdtemp(dir=fresh)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
        wall = (time.perf_counter() - t) * 1000
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000
        if i >= 2:  # two warm-up rounds
            times[name].append(wall)
            cpu[name].append(used)
for name, ts in times.items():
    print(
        f"{name:46} wall median {statistics.median(ts):7.1f} ms  min {min(ts):7.1f} ms  "
        f"CPU median {statistics.median(cpu[name]):7.1f} ms  ({runs} runs)"
    )
shutil.rmtree(out)
shutil.rmtree(fresh)
shutil.rmtree(cache)
