#!/usr/bin/env python3
"""A tiny HTTP/1.1 file server that waits a fixed delay before every response.

Why it exists: on raw loopback a download benchmark measures only client CPU. Real image hosts answer in tens of
milliseconds, so load 1 of bench/fetch-image.sh needs a server with latency, and the latency must overlap across
connections (asyncio: one task per connection, so 16 connections sleep in parallel) or the server, not the client,
would set the pace. Keep-alive matters too: clients that reuse connections must be able to.

Serves GET/HEAD /img/<name> from --root as image/jpeg with Content-Length; anything else is 404.
Binds only the address given (the benchmark passes 127.0.0.1) and writes the chosen port to --port-file.
"""

import argparse
import asyncio
import os
import re
import signal

SAFE_NAME = re.compile(r"^[A-Za-z0-9._-]+$")  # no slashes, so no path escapes from --root


def response_head(status: str, length: int, content_type: str, keep_alive: bool) -> bytes:
    connection = "keep-alive" if keep_alive else "close"
    return (
        f"HTTP/1.1 {status}\r\n"
        f"Content-Type: {content_type}\r\n"
        f"Content-Length: {length}\r\n"
        f"Connection: {connection}\r\n"
        "\r\n"
    ).encode("ascii")


async def serve_connection(reader, writer, root: str, delay: float) -> None:
    try:
        while True:
            request_line = await reader.readline()
            if not request_line:
                return  # client closed an idle keep-alive connection
            headers = {}
            while True:
                line = await reader.readline()
                if line in (b"\r\n", b"\n", b""):
                    break
                name, _, value = line.decode("latin-1").partition(":")
                headers[name.strip().lower()] = value.strip()
            # Drain a request body if one was sent, so the next request on this connection parses cleanly.
            body_length = int(headers.get("content-length", "0") or "0")
            if body_length:
                await reader.readexactly(body_length)

            parts = request_line.decode("latin-1").split()
            method, target, version = (parts + ["", "", ""])[:3]
            connection = headers.get("connection", "").lower()
            keep_alive = (version == "HTTP/1.1" and connection != "close") or connection == "keep-alive"

            # The simulated latency: sleeping here, not blocking, lets every other connection proceed meanwhile.
            await asyncio.sleep(delay)

            body = None
            name = target.split("?", 1)[0].removeprefix("/img/")
            if method in ("GET", "HEAD") and target.startswith("/img/") and SAFE_NAME.match(name):
                try:
                    with open(os.path.join(root, name), "rb") as f:
                        body = f.read()  # 48 KB from the page cache: microseconds, not worth an executor
                except OSError:
                    body = None
            if body is None:
                message = b"not found\n"
                writer.write(response_head("404 Not Found", len(message), "text/plain", keep_alive) + message)
            else:
                head = response_head("200 OK", len(body), "image/jpeg", keep_alive)
                writer.write(head if method == "HEAD" else head + body)
            await writer.drain()
            if not keep_alive:
                return
    except (ConnectionError, asyncio.IncompleteReadError, ValueError):
        pass  # a client going away mid-request is normal at the end of a run
    finally:
        writer.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True, help="directory holding the image files")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--port-file", help="write the bound port here once listening")
    parser.add_argument("--delay-ms", type=float, default=50.0)
    args = parser.parse_args()

    delay = args.delay_ms / 1000.0
    server = await asyncio.start_server(
        lambda r, w: serve_connection(r, w, args.root, delay),
        host=args.host,
        port=args.port,
        backlog=1024,  # clients open 16+ connections at once; the default 100 is fine but leave headroom
    )
    port = server.sockets[0].getsockname()[1]
    if args.port_file:
        # Write then rename so the benchmark never reads a half-written port number.
        tmp = args.port_file + ".tmp"
        with open(tmp, "w") as f:
            f.write(f"{port}\n")
        os.replace(tmp, args.port_file)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with server:
        await stop.wait()


if __name__ == "__main__":
    asyncio.run(main())
