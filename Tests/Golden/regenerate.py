#!/usr/bin/env python3
"""Regenerates Tests/Golden from the debug build: runs every case of golden.json with
.build/debug/forage, writes the kept outputs and each case's size and 64-bit FNV-1a digest.

Run it after `swift build`, from anywhere; then read `git diff Tests/Golden` and say in
golden.json's "about" what changed and why. Prints one line a case: same or changed.
"""
import json
import os
import subprocess
import sys

root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
golden_dir = os.path.join(root, "Tests", "Golden")
forage = os.path.join(root, ".build", "debug", "forage")


def fnv1a64(data: bytes) -> str:
    value = 0xCBF29CE484222325
    for byte in data:
        value ^= byte
        value = (value * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def track_path(track: str) -> str:
    if track.startswith("resource:"):
        return os.path.join(root, "Resources", track[len("resource:"):])
    if track.startswith("data:"):
        return os.path.join(root, "Tests", "Data", track[len("data:"):])
    sys.exit(f"regenerate: unknown track {track!r}")


def main() -> None:
    if not os.access(forage, os.X_OK):
        sys.exit(f"regenerate: {forage} is missing: run `swift build` first")
    path = os.path.join(golden_dir, "golden.json")
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    for case in document["cases"]:
        result = subprocess.run(
            [forage, "run", "--track", track_path(case["track"])] + case["arguments"],
            capture_output=True,
            cwd=root,
        )
        if result.returncode != 0:
            sys.exit(f"regenerate: {case['name']}: exit {result.returncode}: "
                     + result.stderr.decode(errors="replace"))
        output = result.stdout
        digest = fnv1a64(output)
        changed = digest != case["fnv1a64"] or len(output) != case["bytes"]
        case["bytes"] = len(output)
        case["fnv1a64"] = digest
        if case.get("file"):
            with open(os.path.join(golden_dir, case["file"]), "wb") as handle:
                handle.write(output)
        print(f"{case['name']}: {'changed' if changed else 'same'} ({len(output)} bytes, {digest})")
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(document, handle, indent=2, ensure_ascii=False)
        handle.write("\n")


main()
