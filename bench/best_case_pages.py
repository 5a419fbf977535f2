#!/usr/bin/env python3
"""The best case for listing a paged service: page 1, then every remaining page at once.

Why: issue 15 asks `rover photos` on a paged service with latency to come within 1.05x of this. Nothing can do
better without knowing the page count in advance, so it is the reference the listing row divides by.

    best_case_pages.py 'http://127.0.0.1:PORT/api/v1/rovers/curiosity/photos?sol=1000&per_page=100'

Reads `pagination.total_pages` from page 1 (Mars Vista style), fetches pages 2..N on one connection each, and
prints the photos as JSON Lines, like `rover photos --format jsonl`.
"""

from __future__ import annotations

import http.client
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit


def fetch(url: str, page: int) -> dict:
    """One page on its own connection: the pages after the first all start at the same moment."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request("GET", f"{parts.path}?{parts.query}&page={page}", headers={"Accept": "application/json"})
        response = connection.getresponse()
        body = response.read()
        if response.status != 200:
            raise SystemExit(f"page {page}: HTTP {response.status}")
        return json.loads(body)
    finally:
        connection.close()


def main() -> None:
    url = sys.argv[1]
    first = fetch(url, 1)
    total_pages = first["pagination"]["total_pages"]
    with ThreadPoolExecutor(max_workers=max(1, total_pages - 1)) as pool:
        rest = list(pool.map(lambda page: fetch(url, page), range(2, total_pages + 1)))
    out = sys.stdout
    for answer in [first, *rest]:
        for photo in answer["photos"]:
            out.write(json.dumps(photo, separators=(",", ":"), sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
