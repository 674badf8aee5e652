#!/usr/bin/env python3
"""Reads `cargo metadata --filter-platform TARGET` on stdin and writes
THIRD-PARTY-LICENSES.txt to stdout: every crate compiled into the printkit
binary for that target (its normal dependencies, followed from printkit;
build-time crates such as proc macros leave no code in it), each with its
licence expression, its source and the licence files it ships. Used by
scripts/release."""
import json
import os
import sys

meta = json.load(sys.stdin)
packages = {p["id"]: p for p in meta["packages"]}
nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
members = set(meta["workspace_members"])
root = next(i for i in members if packages[i]["name"] == "printkit")

seen, todo = set(), [root]
while todo:
    current = todo.pop()
    if current in seen:
        continue
    seen.add(current)
    for dep in nodes[current]["deps"]:
        if any(k["kind"] is None for k in dep["dep_kinds"]):
            todo.append(dep["pkg"])


def compiled_in(package):
    return not any("proc-macro" in t["kind"] for t in package["targets"])


third = sorted(
    (packages[i] for i in seen if i not in members and compiled_in(packages[i])),
    key=lambda p: (p["name"], p["version"]),
)
NAMES = ("license", "licence", "copying", "notice", "unlicense")
print("printkit includes the following crates, compiled into its binary.")
print("Each is listed with its licence and, below, the licence files it ships.")
print("printkit's own licence is in LICENSE; the DejaVu fonts' in")
print("LICENSE-DejaVu-fonts.txt.\n")
for p in third:
    print(f"  {p['name']} {p['version']}: {p.get('license') or p.get('license_file')}")
for p in third:
    folder = os.path.dirname(p["manifest_path"])
    files = sorted(f for f in os.listdir(folder) if f.lower().startswith(NAMES))
    print("\n" + "=" * 72)
    print(f"{p['name']} {p['version']}  ({p.get('license') or 'see its licence file'})")
    if p.get("repository"):
        print(p["repository"])
    if not files:
        print("(the crate ships no licence file; its licence is the expression above)")
    for f in files:
        path = os.path.join(folder, f)
        if os.path.isfile(path):
            print(f"\n--- {f}\n")
            with open(path, encoding="utf-8", errors="replace") as text:
                print(text.read().rstrip())
