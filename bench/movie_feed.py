#!/usr/bin/env python3
"""A local Curiosity raw feed for the animate bench: lists the names in DIR/names.json as sol 3121's
NAV_RIGHT_B subframes and serves DIR/<name>.png for /images/msl/3121/<name>.JPG. Prints its base URL, then serves
until killed.

Usage: movie_feed.py DIR
"""
import http.server, json, sys, threading
from urllib.parse import urlparse, parse_qs

directory = sys.argv[1]
names = json.load(open(f"{directory}/names.json"))


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, body, kind):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        if url.path.startswith("/images/"):
            name = url.path.rsplit("/", 1)[-1][:-4]
            return self.send(open(f"{directory}/{name}.png", "rb").read(), "image/png")
        if "latest" in url.path:
            return self.send(json.dumps({"success": True, "latest_data": {"latest_sol": 3121, "total": len(names)}}).encode(), "application/json")
        page = int(query.get("page", ["0"])[0])
        per_page = int(query.get("per_page", ["50"])[0])
        base = f"http://{self.headers['Host']}"
        chunk = names[page * per_page:(page + 1) * per_page]
        items = [{"id": 100000 + i, "imageid": n, "sol": 3121, "instrument": "NAV_RIGHT_B",
                  "url": f"{base}/images/msl/3121/{n}.JPG", "https_url": f"{base}/images/msl/3121/{n}.JPG",
                  "date_taken": "2021-05-17T12:00:00.000Z", "is_thumbnail": False, "title": "bench",
                  "extended": {"sample_type": "subframe"}} for i, n in enumerate(chunk, page * per_page)]
        more = (page + 1) * per_page < len(names)
        self.send(json.dumps({"items": items, "more": more, "total": len(names), "page": page, "per_page": per_page}).encode(), "application/json")


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"http://127.0.0.1:{server.server_port}", flush=True)
server.serve_forever()
