#!/usr/bin/env python3
"""Small HTTP/1.1 keep-alive servers for bench/bench.py, on the address given (always 127.0.0.1 there).

Why asyncio and not `python3 -m http.server`: that one speaks HTTP/1.0 without keep-alive, so clients would pay a
new connection per request and the benchmark would measure the server. Here every connection is a task, so
simulated latency overlaps across connections the way a real host's does.

    servers.py images --root DIR --delay-ms 50 --port-file F
        GET /img/NAME: the file NAME from DIR as image/jpeg, after the delay.
    servers.py api --sols 1000..1001 --per-sol 50 --img-base http://127.0.0.1:P/tiny --port-file F
        A mock of the Photos API (original shapes, section 1 of the API reference):
        GET /api/v1/manifests/curiosity and GET /api/v1/rovers/curiosity/photos?sol=S&page=P&per_page=PP.
        --max-per-page and --pagination make it behave like Mars Vista (per_page clamped, a `pagination` object).
    servers.py feed --records FILE [--sols 100..1009 --copies 3] --port-file F
        NASA's Perseverance raw-image feed (`/rss/api/?feed=raw_images&category=mars2020&feedtype=json`) replaying
        real records (a JSON array of `images[]` items): `latest=true` gives the summary, `sol=S&page=0` that
        sol's records, any other page none. With --sols every sol of the range lists all the records, each moved
        to that sol (its id, file URLs, `sol` and Mars date rewritten), so a range lists len(records) a sol; with
        --copies K each record K times a sol, copy c's spacecraft clock (in its id and file names) moved on by c
        seconds, so every copy is a frame of its own. (rover refuses a sol the rover cannot have reached yet, so
        60 000 photos need more than one copy a sol.)

The chosen port is written to --port-file (write, then rename) once the server listens. With --access-log FILE every
request adds a line `msec port connection protocol`, the format of the benchmark's nginx log, so the harness checks
connections the same way on both.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import itertools
import json
import math
import os
import re
import signal
import time
from collections.abc import Awaitable, Callable
from typing import TextIO
from urllib.parse import parse_qs, urlsplit

SAFE_NAME = re.compile(r"^[A-Za-z0-9._-]+$")  # no slashes, so no path escapes from --root

# (status line, content type, body)
Response = tuple[str, str, bytes]
Handler = Callable[[str, str], Awaitable[Response]]
CONNECTION_NUMBERS = itertools.count(1)  # like nginx's $connection: a serial number per accepted connection


def response_head(status: str, length: int, content_type: str, keep_alive: bool) -> bytes:
    connection = "keep-alive" if keep_alive else "close"
    return (
        f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {length}\r\n"
        f"Connection: {connection}\r\n\r\n"
    ).encode("ascii")


async def serve_connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, handler: Handler,
                           access_log: TextIO | None) -> None:
    """Answers requests on one connection until the client closes it or asks to."""
    number, port = next(CONNECTION_NUMBERS), writer.get_extra_info("sockname")[1]
    try:
        while True:
            request_line = await reader.readline()
            if not request_line:
                return  # the client closed an idle keep-alive connection
            headers: dict[str, str] = {}
            while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                headers[name.strip().lower()] = value.strip()
            if body_length := int(headers.get("content-length", "0") or "0"):
                await reader.readexactly(body_length)  # so the next request on this connection parses cleanly
            method, target, version = (request_line.decode("latin-1").split() + ["", "", ""])[:3]
            connection = headers.get("connection", "").lower()
            keep_alive = (version == "HTTP/1.1" and connection != "close") or connection == "keep-alive"
            status, content_type, body = await handler(method, target)
            head = response_head(status, len(body), content_type, keep_alive)
            if access_log:  # line-buffered, and before the answer: a run's lines are all there once it exits
                access_log.write(f"{time.time():.3f} {port} {number} {version}\n")
            writer.write(head if method == "HEAD" else head + body)
            await writer.drain()
            if not keep_alive:
                return
    except (ConnectionError, asyncio.IncompleteReadError, ValueError):
        pass  # a client going away mid-request is normal at the end of a run
    finally:
        writer.close()


NOT_FOUND: Response = ("404 Not Found", "text/plain", b"not found\n")


def image_handler(root: str, delay: float) -> Handler:
    """Files from root, each after `delay` seconds: a sleep, so other connections proceed meanwhile."""

    async def handle(method: str, target: str) -> Response:
        await asyncio.sleep(delay)
        name = target.split("?", 1)[0].removeprefix("/img/")
        if method not in ("GET", "HEAD") or not target.startswith("/img/") or not SAFE_NAME.match(name):
            return NOT_FOUND
        try:
            with open(os.path.join(root, name), "rb") as f:
                return ("200 OK", "image/jpeg", f.read())  # from the page cache: microseconds
        except OSError:
            return NOT_FOUND

    return handle


class PhotoCatalog:
    """Curiosity photos on sols first..last, `per_sol` each, every one with its own image URL.

    Photo number g (1-based, counted across sols) points at img_base/NNNNNN.jpg, so a download of the listing
    fetches files the benchmark generated. Answers are built once and kept: the server must cost little next to
    the client being measured.
    """

    LANDING = datetime.date(2012, 8, 6)
    ROVER = {"id": 5, "name": "Curiosity", "landing_date": "2012-08-06", "launch_date": "2011-11-26",
             "status": "active"}
    CAMERA = {"id": 20, "name": "FHAZ", "rover_id": 5, "full_name": "Front Hazard Avoidance Camera"}

    def __init__(self, first: int, last: int, per_sol: int, img_base: str, max_per_page: int | None,
                 pagination: bool) -> None:
        self.first, self.last, self.per_sol = first, last, per_sol
        self.img_base = img_base.rstrip("/")
        self.max_per_page = max_per_page
        self.pagination = pagination
        self.answers: dict[str, bytes] = {}

    def earth_date(self, sol: int) -> str:
        """The original API's formula: landing date + floor(sol × 88775.244 / 86400) days."""
        return (self.LANDING + datetime.timedelta(days=math.floor(sol * 88775.244 / 86400))).isoformat()

    def photo(self, sol: int, index: int) -> dict:
        number = (sol - self.first) * self.per_sol + index + 1
        return {"id": 1_000_000 + number, "sol": sol, "camera": self.CAMERA,
                "img_src": f"{self.img_base}/{number:06d}.jpg", "earth_date": self.earth_date(sol),
                "rover": self.ROVER}

    def manifest(self) -> dict:
        sols = range(self.first, self.last + 1)
        return {"photo_manifest": {
            "name": "Curiosity", "landing_date": "2012-08-06", "launch_date": "2011-11-26", "status": "active",
            "max_sol": self.last, "max_date": self.earth_date(self.last), "total_photos": self.per_sol * len(sols),
            "photos": [{"sol": s, "earth_date": self.earth_date(s), "total_photos": self.per_sol,
                        "cameras": ["FHAZ"]} for s in sols]}}

    def photos(self, query: dict[str, list[str]]) -> dict:
        """One page, or with no `page` every photo of the sol (the original API; Mars Vista always pages)."""
        sol = int(query.get("sol", ["-1"])[0] or -1)
        count = self.per_sol if self.first <= sol <= self.last else 0
        paged = "page" in query or self.pagination
        page = max(1, int(query.get("page", ["1"])[0] or 1))
        per_page = max(1, int(query.get("per_page", ["25"])[0] or 25)) if paged else max(count, 1)
        if self.max_per_page:
            per_page = min(per_page, self.max_per_page)
        start = (page - 1) * per_page if paged else 0
        answer: dict = {"photos": [self.photo(sol, i) for i in range(start, min(count, start + per_page))]}
        if self.pagination:
            answer["pagination"] = {"total_count": count, "page": page, "per_page": per_page,
                                    "total_pages": math.ceil(count / per_page)}
        return answer

    def answer(self, target: str) -> Response:
        if (cached := self.answers.get(target)) is None:
            url = urlsplit(target)
            if url.path.rstrip("/") == "/api/v1/manifests/curiosity":
                body = self.manifest()
            elif url.path.rstrip("/") == "/api/v1/rovers/curiosity/photos":
                body = self.photos(parse_qs(url.query))
            else:
                return ("404 Not Found", "application/json", b'{"status":404,"error":"Not Found"}')
            cached = self.answers[target] = json.dumps(body, separators=(",", ":")).encode()
        return ("200 OK", "application/json; charset=utf-8", cached)


class FeedReplay:
    """The Perseverance raw-image feed from real records; answers are built once and kept, like PhotoCatalog's."""

    def __init__(self, records_path: str, sols: tuple[int, int] | None, copies: int = 1) -> None:
        with open(records_path, "rb") as f:
            records: list[dict] = json.load(f)
        self.records = [self.copy(r, c) for c in range(max(1, copies)) for r in records]
        self.sols = sols
        self.answers: dict[str, bytes] = {}
        if sols is None:
            self.by_sol: dict[int, list[dict]] = {}
            for record in self.records:
                self.by_sol.setdefault(int(record["sol"]), []).append(record)
        self.latest_sol = sols[1] if sols else max(int(r["sol"]) for r in self.records)
        self.total = len(self.records) * (sols[1] - sols[0] + 1) if sols else len(self.records)

    @staticmethod
    def copy(record: dict, index: int) -> dict:
        """The record as frame `index` of its copies: the spacecraft clock field of its id (`NLF_0060_0671382174_…`)
        moved on by `index` seconds, wherever the id appears; copy 0 is the record itself."""
        if index == 0:
            return record
        old_id = record["imageid"]
        new_id = f"{old_id[:9]}{int(old_id[9:19]) + index:010d}{old_id[19:]}"
        return json.loads(json.dumps(record).replace(old_id, new_id))

    @staticmethod
    def moved(record: dict, sol: int) -> dict:
        """The record as if taken on `sol`: the id's sol field (`NLF_0060_…`) and every text naming the old id or
        the old sol's folder follow, so each (record, sol) is its own frame with its own file names."""
        old_sol, old_id = int(record["sol"]), record["imageid"]
        new_id = f"{old_id[:4]}{sol:04d}{old_id[8:]}"
        text = json.dumps(record).replace(old_id, new_id).replace(f"/sol/{old_sol:05d}/", f"/sol/{sol:05d}/")
        text = text.replace(f"Sol-{old_sol:05d}M", f"Sol-{sol:05d}M")
        moved = json.loads(text)
        moved["sol"] = sol
        return moved

    def images(self, sol: int) -> list[dict]:
        if self.sols is None:
            return self.by_sol.get(sol, [])
        return [self.moved(r, sol) for r in self.records] if self.sols[0] <= sol <= self.sols[1] else []

    def answer(self, target: str) -> Response:
        if (cached := self.answers.get(target)) is None:
            url = urlsplit(target)
            if url.path.rstrip("/") != "/rss/api":
                return NOT_FOUND
            query = parse_qs(url.query)
            if query.get("latest", [""])[0] == "true":
                body: dict = {"latest_sol": self.latest_sol, "total": self.total, "type": "mars2020-latest-images-1.1"}
            else:
                sol = int(query.get("sol", ["-1"])[0] or -1)
                page = int(query.get("page", ["0"])[0] or 0)
                images = self.images(sol) if page == 0 else []
                body = {"images": images, "per_page": query.get("num", ["100"])[0], "total_results": len(images),
                        "page": page, "mission": "mars2020", "total_images": self.total}
            cached = json.dumps(body, separators=(",", ":")).encode()
            if len(self.answers) < 10_000:  # a full run asks each sol once; keep memory bounded anyway
                self.answers[target] = cached
        return ("200 OK", "application/json", cached)


def api_handler(catalog: PhotoCatalog | FeedReplay, delay: float) -> Handler:
    async def handle(method: str, target: str) -> Response:
        if delay:
            await asyncio.sleep(delay)
        return catalog.answer(target) if method in ("GET", "HEAD") else NOT_FOUND

    return handle


def sol_range(text: str) -> tuple[int, int]:
    first, _, last = text.partition("..")
    return int(first), int(last or first)


async def serve(handler: Handler, host: str, port: int, port_file: str | None, access_log: TextIO | None) -> None:
    server = await asyncio.start_server(lambda r, w: serve_connection(r, w, handler, access_log), host=host,
                                        port=port, backlog=1024)
    if port_file:
        with open(port_file + ".tmp", "w") as f:
            f.write(f"{server.sockets[0].getsockname()[1]}\n")
        os.replace(port_file + ".tmp", port_file)  # the benchmark never reads a half-written number
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set)
    async with server:
        await stop.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--port-file", help="write the bound port here once listening")
    parser.add_argument("--delay-ms", type=float, default=0.0, help="wait this long before each response")
    parser.add_argument("--access-log", help="append `msec port connection protocol` here for every request")
    kinds = parser.add_subparsers(dest="kind", required=True)
    images = kinds.add_parser("images", help="image files with latency")
    images.add_argument("--root", required=True)
    api = kinds.add_parser("api", help="a mock Photos API for Curiosity")
    api.add_argument("--sols", type=sol_range, required=True, help="FIRST..LAST")
    api.add_argument("--per-sol", type=int, required=True)
    api.add_argument("--img-base", required=True, help="image URLs are IMG_BASE/NNNNNN.jpg")
    api.add_argument("--max-per-page", type=int, help="clamp per_page (Mars Vista: 100)")
    api.add_argument("--pagination", action="store_true", help="always page and add Mars Vista's pagination")
    feed = kinds.add_parser("feed", help="NASA's Perseverance raw-image feed replaying real records")
    feed.add_argument("--records", required=True, help="a JSON array of the feed's images[] items")
    feed.add_argument("--sols", type=sol_range, help="FIRST..LAST: every sol lists every record, moved to it")
    feed.add_argument("--copies", type=int, default=1, help="each record this many times a sol, as distinct frames")
    args = parser.parse_args()

    delay = args.delay_ms / 1000.0
    if args.kind == "images":
        handler = image_handler(args.root, delay)
    elif args.kind == "feed":
        handler = api_handler(FeedReplay(args.records, args.sols, args.copies), delay)
    else:
        catalog = PhotoCatalog(*args.sols, args.per_sol, args.img_base, args.max_per_page, args.pagination)
        handler = api_handler(catalog, delay)
    access_log = open(args.access_log, "a", buffering=1) if args.access_log else None
    asyncio.run(serve(handler, args.host, args.port, args.port_file, access_log))


if __name__ == "__main__":
    main()
