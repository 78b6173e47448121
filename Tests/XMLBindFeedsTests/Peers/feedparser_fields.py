"""Reads each feed named on the command line with feedparser and prints, one JSON object a
line, the fields the feedparser comparison test compares: the feed's title, and each entry's
title, summary, link and date (seconds since 1970, UTC)."""

import calendar
import json
import sys

import feedparser


def seconds(parsed):
    return None if parsed is None else calendar.timegm(parsed)


for path in sys.argv[1:]:
    with open(path, "rb") as f:
        result = feedparser.parse(f.read())
    entries = []
    for entry in result.entries:
        entries.append({
            "title": entry.get("title"),
            "summary": entry.get("summary"),
            "link": entry.get("link"),
            "date": seconds(entry.get("published_parsed") or entry.get("updated_parsed")),
        })
    print(json.dumps({
        "file": path.rsplit("/", 1)[-1],
        "title": result.feed.get("title"),
        "encoding": result.get("encoding"),
        "bozo": str(result.get("bozo_exception", "")),
        "entries": entries,
    }, ensure_ascii=False))
