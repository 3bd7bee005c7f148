#!/usr/bin/env python3
"""Regenerates Tests/Golden/golden.json's sizes and digests (and its kept files) from the built
`forage`: run `swift build` first. Each case runs `forage run --track TRACK ARGUMENTS...`."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "Tests", "Golden")
FORAGE = os.path.join(ROOT, ".build", "debug", "forage")


def fnv1a64(data):
    value = 0xCBF29CE484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % value


def track(name):
    kind, _, path = name.partition(":")
    return os.path.join(ROOT, "Resources" if kind == "resource" else "Tests/Data", path)


def main():
    path = os.path.join(GOLDEN, "golden.json")
    with open(path) as file:
        document = json.load(file)
    for case in document["cases"]:
        output = subprocess.run(
            [FORAGE, "run", "--track", track(case["track"])] + case["arguments"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True,
        ).stdout
        case["bytes"], case["fnv1a64"] = len(output), fnv1a64(output)
        if case["file"]:
            with open(os.path.join(GOLDEN, case["file"]), "wb") as file:
                file.write(output)
        print(case["name"], case["bytes"], case["fnv1a64"], file=sys.stderr)
    with open(path, "w") as file:
        json.dump(document, file, indent=2, ensure_ascii=False)
        file.write("\n")


if __name__ == "__main__":
    main()
