#!/usr/bin/env python3
"""Whole-process time of `printkit build` (three kits: PDF, SVG, previews)
next to Typst compiling the one hand-written kit of ../shared/bench, runs
interleaved so both see the same machine load; wall time and CPU time (user +
system, all threads), which a busy machine disturbs less. Builds into one
folder leave unchanged files in place and reuse the host keys' solver
sentences kept in the cache folder; the "fresh folder" lines build into a
new folder each run, and "empty cache" also starts from an empty cache, so
every search runs. The goal's own case
is one kit: `printkit build clone-jump-convert --paper a4` (the player kit
and the host key, PDF, SVG and previews) against Typst's one kit; its ratio
is printed last. Usage:
    scripts/vs-typst.py target/release/printkit /path/to/venv/bin/python [runs] [other printkit]
(the venv has `pip install typst`, see ../shared/bench/README.md; a second
printkit, e.g. the build before a change, is timed in the same rounds)."""
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
other = sys.argv[4] if len(sys.argv) > 4 else None
here = os.path.dirname(os.path.abspath(__file__))
typ = os.path.join(here, "..", "..", "shared", "bench", "clone_kit.typ")
if not os.path.exists(typ):
    typ = "/work/shared/bench/clone_kit.typ"
out = tempfile.mkdtemp(prefix="printkit-vs-typst-")
one = tempfile.mkdtemp(prefix="printkit-vs-typst-one-")
fresh = tempfile.mkdtemp(prefix="printkit-vs-typst-fresh-")
cache = tempfile.mkdtemp(prefix="printkit-vs-typst-cache-")
# The other printkit keeps its answers apart: the cache is keyed by the
# binary, so one shared cache had each rebuild its host key every round.
other_cache = tempfile.mkdtemp(prefix="printkit-vs-typst-other-cache-")
commands = {
    "printkit build (3 kits, pdf+svg+previews)": [exe, "build", "--out", out],
    "printkit build (3 kits, pdf)": [exe, "build", "--format", "pdf", "--out", out],
    "printkit build (3 kits, all, fresh folder)": [exe, "build", "--out", None],
    "printkit build (3 kits, pdf, fresh folder)": [exe, "build", "--format", "pdf", "--out", None],
    "printkit build (3 kits, all, fresh, empty cache)": ["CACHE", exe, "build", "--out", None],
    "printkit build (1 kit: clone, a4)": [exe, "build", "clone-jump-convert", "--paper", "a4", "--out", one],
    "printkit build (1 kit, fresh folder)": [exe, "build", "clone-jump-convert", "--paper", "a4", "--out", None],
    "typst compile (1 kit)": [
        python,
        "-c",
        f"import typst; typst.compile({typ!r}, output={os.path.join(out, 't.pdf')!r})",
    ],
}
if other:
    for what in ["1 kit: clone, a4", "1 kit, fresh folder"]:
        cmd = commands[f"printkit build ({what})"]
        own = tempfile.mkdtemp(prefix="printkit-vs-typst-other-")
        commands[f"other printkit ({what})"] = [other] + [own if c == one else c for c in cmd[1:]]
times = {k: [] for k in commands}
cpu = {k: [] for k in commands}
for i in range(runs + 2):
    for name, cmd in commands.items():
        env = dict(os.environ, PRINTKIT_CACHE_DIR=other_cache if name.startswith("other") else cache)
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
typst = "typst compile (1 kit)"
for name in [k for k in commands if "1 kit" in k and k != typst]:
    print(
        f"{name:46} / Typst: wall {statistics.median(times[name]) / statistics.median(times[typst]):.2f}x, "
        f"CPU {statistics.median(cpu[name]) / statistics.median(cpu[typst]):.2f}x"
    )
shutil.rmtree(out)
shutil.rmtree(one)
shutil.rmtree(fresh)
shutil.rmtree(cache)
shutil.rmtree(other_cache)
