#!/usr/bin/env python3
"""The README's screenshot of the demo's map, and whether it shows what the demo draws today.

  demo_screenshot.py stamp MAP.html SHOT.png OUT.png
      Writes SHOT.png (a browser's picture of MAP.html) to OUT.png with a PNG text chunk,
      `forage-demo-map`, recording what the map says.
  demo_screenshot.py check MAP.html PNG
      Exit 0 when PNG records what MAP.html says; else one line on standard error saying what
      differs, and exit 1.

What a map says is its text, as a browser shows it: tags, styles and drawing coordinates left out,
whitespace collapsed (the totals, the legend, the notes, every place's name, type and distance,
the attribution). The chunk holds that text's SHA-256 and the map's totals line, so a screenshot
whose counts, places or words are not today's fails the check, while nothing that depends on the
browser's pixels (fonts, anti-aliasing) is compared. `make screenshot` makes the file; the
ScreenshotTests suite checks it against a fresh `forage demo`.
"""
import hashlib
import html.parser
import re
import struct
import sys
import zlib

KEYWORD = b"forage-demo-map"
SIGNATURE = b"\x89PNG\r\n\x1a\n"


class _Text(html.parser.HTMLParser):
    """Collects a page's text, leaving out styles and scripts."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.skipping = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self.skipping += 1

    def handle_endtag(self, tag):
        if tag in ("style", "script") and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def page_record(path):
    """The record of what a map page says: its text's digest and its totals line."""
    page = open(path, encoding="utf-8").read()
    parser = _Text()
    parser.feed(page)
    text = " ".join(" ".join(parser.parts).split())
    match = re.search(r"<header><h1>.*?</h1><p>(.*?)</p></header>", page, re.S)
    totals = " ".join(match.group(1).split()) if match else ""
    totals = totals.encode("ascii", "backslashreplace").decode("ascii")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return f"text-sha256={digest}\ntotals={totals}"


def chunks(data):
    """The chunks of a PNG file, as (kind, body) pairs."""
    if data[:8] != SIGNATURE:
        raise ValueError("not a PNG file")
    found, position = [], 8
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        found.append((kind, data[position + 8 : position + 8 + length]))
        position += 12 + length
    return found


def png_record(path):
    """The record a screenshot holds, or None."""
    for kind, body in chunks(open(path, "rb").read()):
        keyword, _, text = body.partition(b"\0")
        if kind == b"tEXt" and keyword == KEYWORD:
            return text.decode("latin-1")
    return None


def stamp(page, shot, out):
    """Writes the screenshot with the page's record, replacing any older record."""
    record = page_record(page).encode("latin-1")
    data = b""
    for kind, body in chunks(open(shot, "rb").read()):
        if kind == b"tEXt" and body.partition(b"\0")[0] == KEYWORD:
            continue
        data += struct.pack(">I", len(body)) + kind + body
        data += struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        if kind == b"IHDR":
            text = KEYWORD + b"\0" + record
            data += struct.pack(">I", len(text)) + b"tEXt" + text
            data += struct.pack(">I", zlib.crc32(b"tEXt" + text) & 0xFFFFFFFF)
    with open(out, "wb") as handle:
        handle.write(SIGNATURE + data)


def check(page, png):
    """0 when the screenshot records what the page says; else 1, with one line saying why."""
    want, have = page_record(page), png_record(png)
    if have == want:
        return 0
    totals = want.split("\ntotals=", 1)[1]
    if have is None:
        why = "it records no map (it was not made by `make screenshot`)"
    else:
        old = have.split("\ntotals=", 1)[-1]
        why = (
            f'it shows "{old}" where the demo now says "{totals}"'
            if old != totals
            else "the demo's map now says other words (names, legend or notes)"
        )
    print(f"{png} is stale: {why}; run `make screenshot`", file=sys.stderr)
    return 1


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "stamp":
        stamp(*sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "check":
        sys.exit(check(*sys.argv[2:]))
    else:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        sys.exit(64)
