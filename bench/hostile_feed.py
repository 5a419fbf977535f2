#!/usr/bin/env python3
"""A hostile Curiosity raw feed (`raw_image_items`), for bench/results-memory-hostile.md: sol 10 answers pages of
`--records` records each, every record carrying a title and a description of the size that makes the page
`--page-mb` MB, with `more: true`. By default a page has as many records as keep each record's texts within what a
photo keeps (4 KB a text; longer ones are dropped, so they would cost rover nothing), and at least 500. With `--pages N` page N and later are empty (the sol ends, complete); without it every page is full
and only rover's own limits end the sol. Image requests (`/img/…`) answer a tiny JPEG.

    hostile_feed.py --page-mb 25 [--records N] [--pages 6] --port-file F

Pages are built once per page number and kept, so the server is not what is measured. HTTP/1.1 with keep-alive.
"""

from __future__ import annotations

import argparse
import http.server
import os
import urllib.parse

JPEG = bytes([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9])


TEXT_BYTES = 4000  # the longest title (and description) written: rover keeps a feed text of up to 4 KB


def page_body(number: int, records: int, padding: int, port: int, full: bool) -> bytes:
    title = "t" * min(padding, TEXT_BYTES)
    description = "d" * (padding - len(title))
    items = []
    for index in range(records if full else 0):
        ident = f"NLB_{number}_{index}"
        items.append(
            f'{{"id":"{ident}","imageid":"{ident}","sol":10,"instrument":"NAV_LEFT_B",'
            f'"url":"http://127.0.0.1:{port}/img/{ident}.JPG","date_taken":"2012-08-16T00:00:00Z",'
            f'"extended":{{"sample_type":"full"}},"title":"{title}","description":"{description}"}}')
    return ('{"items":[' + ",".join(items) + '],"more":' + ("true" if full else "false") + ',"total":null}').encode()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--page-mb", type=float, required=True)
    parser.add_argument("--records", type=int)
    parser.add_argument("--pages", type=int)
    parser.add_argument("--port-file", required=True)
    args = parser.parse_args()
    page_bytes = int(args.page_mb * 1024 * 1024)
    # At least the 500 a page rover asks for (a shorter page ends the sol), more while texts would pass 4 KB.
    records = args.records or max(500, page_bytes // (2 * TEXT_BYTES + 250))
    padding = max(1, page_bytes // records - 250)
    cache: dict[int, bytes] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *_: object) -> None:
            pass

        def send(self, body: bytes, kind: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            url = urllib.parse.urlsplit(self.path)
            if "/latest" in url.path:
                self.send(b'{"success":true,"latest_data":{"latest_sol":10,"total":5}}', "application/json")
                return
            if url.path.startswith("/img/"):
                self.send(JPEG, "image/jpeg")
                return
            number = int(urllib.parse.parse_qs(url.query).get("page", ["0"])[0])
            full = args.pages is None or number < args.pages
            key = number if full else -1
            if key not in cache:
                cache.clear()  # one page kept: the server's own memory stays small
                cache[key] = page_body(number, records, padding, server.server_port, full)
            self.send(cache[key], "application/json")

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(args.port_file + ".tmp", "w") as out:
        out.write(str(server.server_port))
    os.replace(args.port_file + ".tmp", args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
