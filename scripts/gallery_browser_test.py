"""Renders a `rover gallery` page in headless Chromium and checks it as a person would use it.

Chromium is driven over the DevTools protocol on a pipe (--remote-debugging-pipe: no port, no network). Usage:

    python3 scripts/gallery_browser_test.py --rover .build/debug/rover [--chromium chromium] [--shots DIR]

Prints one line per check and exits 0 when all pass, 1 when one fails (naming it), 2 when the test cannot run.
"""
import argparse
import base64
import json
import os
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from urllib.parse import quote

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gallery_fixtures  # noqa: E402

TIMEOUT = 30


class Failure(Exception):
    pass


class Browser:
    """One headless Chromium; commands and events as JSON over fds 3 (in) and 4 (out), NUL-terminated."""

    def __init__(self, binary, profile):
        to_chrome_read, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_write = os.pipe()

        def wire_pipes():
            # Copies first: a pipe may already sit on fd 3 or 4, and dup2 onto itself would keep close-on-exec.
            read_copy, write_copy = os.dup(to_chrome_read), os.dup(from_chrome_write)
            os.dup2(read_copy, 3)
            os.dup2(write_copy, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run",
             "--no-default-browser-check", "--hide-scrollbars", "--mute-audio", "--disable-extensions",
             "--disable-background-networking", "--disable-sync", "--disable-component-update",
             "--user-data-dir=" + profile, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=wire_pipes, close_fds=False)
        os.close(to_chrome_read)
        os.close(from_chrome_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def send(self, method, params=None, session=True, timeout=TIMEOUT):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self._read(deadline, method)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise Failure(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_event(self, name, timeout=TIMEOUT):
        deadline = time.time() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event["method"] == name:
                    return self.events.pop(index)
            self.events.append(self._read(deadline, name))

    def _read(self, deadline, waiting_for):
        while b"\0" not in self.buffer:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.from_chrome], [], [], left)[0]:
                raise Failure(f"Chromium did not answer {waiting_for} within {TIMEOUT} s")
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise Failure("Chromium exited")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def open_page(self, width, height):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        for domain in ["Page", "Runtime", "Network"]:
            self.send(domain + ".enable")
        self.resize(width, height)

    def resize(self, width, height, mobile=False):
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})

    def navigate(self, url):
        # A fragment change in the same document fires no load event: leave the page first.
        if "#" in url:
            self.send("Page.navigate", {"url": "about:blank"})
            self.wait_event("Page.loadEventFired")
        self.events = [e for e in self.events if e["method"] != "Page.loadEventFired"]
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")

    def js(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise Failure(f"script failed: {expression[:80]}: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def wait_for(self, expression, what, timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.js(expression):
                return
            time.sleep(0.05)
        raise Failure(f"timed out waiting for {what}")

    def click(self, x, y):
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"]:
            self.send("Input.dispatchMouseEvent",
                      {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def key(self, key, code, key_code):
        for kind in ["rawKeyDown", "keyUp"]:
            self.send("Input.dispatchKeyEvent",
                      {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": key_code})

    def screenshot(self, path):
        data = base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"})["data"])
        with open(path, "wb") as file:
            file.write(data)
        return decode_png(data)

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=5)
        except Failure:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def decode_png(data):
    """(width, height, rows of RGB tuples) of an 8-bit RGB or RGBA PNG, as Chromium writes them."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise Failure("screenshot is not a PNG")
    position, idat = 8, b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    if depth != 8 or colour_type not in (2, 6):
        raise Failure(f"unexpected screenshot PNG format {depth}/{colour_type}")
    channels = 4 if colour_type == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    return width, height, lambda x, y: tuple(rows[y][x * channels:x * channels + 3])


def near(a, b, tolerance=40):
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


class Checks:
    def __init__(self):
        self.passed = 0

    def check(self, condition, what, detail=""):
        if not condition:
            raise Failure(f"{what}{': ' + str(detail) if detail else ''}")
        self.passed += 1
        print(f"ok  {what}")


def run(args, work):
    photos = os.path.join(work, "photos")
    fixture = subprocess.run([sys.executable, os.path.join(HERE, "gallery_fixtures.py"), photos],
                             check=True, capture_output=True, text=True)
    expected = json.loads(fixture.stdout)
    checks = Checks()

    made = subprocess.run([args.rover, "gallery", photos, "--thumbnails", "--title", "Curiosity & friends <test>"],
                          capture_output=True, text=True, timeout=120)
    page = os.path.join(photos, "index.html")
    checks.check(made.returncode == 0 and made.stdout.strip() == page,
                 "rover gallery --thumbnails exits 0 and prints the page path", made)
    again = subprocess.run([args.rover, "gallery", photos, "--thumbnails", "--title", "Curiosity & friends <test>"],
                           capture_output=True, text=True, timeout=120)
    checks.check(again.returncode == 0 and "0 made" in again.stderr and "304 reused" in again.stderr,
                 "a second run reuses every thumbnail", again.stderr.strip())

    # The folder is moved before browsing: relative links must survive it.
    moved = os.path.join(work, "moved photos é")
    shutil.move(photos, moved)
    url = "file://" + quote(os.path.join(moved, "index.html"))

    browser = Browser(args.chromium, os.path.join(work, "profile"))
    try:
        browser.open_page(1280, 900)
        browser.navigate(url)
        requests = lambda: [e["params"]["request"]["url"] for e in browser.events  # noqa: E731
                            if e["method"] == "Network.requestWillBeSent"]

        title = browser.js("document.title")
        checks.check(title == "Curiosity & friends <test>", "title is shown as text", title)
        rovers = browser.js("[...document.querySelectorAll('main > section > h2')].map(h => h.firstChild"
                            ".textContent.trim())")
        checks.check(rovers == ["Curiosity", "Perseverance", "Without metadata"], "rovers in order", rovers)
        sols = browser.js("[...document.querySelectorAll('#rover-curiosity section.sol h3 a')].map(a => a.textContent)")
        checks.check(sols == [f"Sol {s}" for s in range(1005, 999, -1)], "sols newest first", sols)
        cameras = browser.js("[...document.querySelectorAll('#curiosity-sol-1005 h4')].map(h => h.firstChild"
                             ".textContent)")
        checks.check(cameras == ["CHEMCAM ", "FHAZ ", "MAST ", "NAVCAM "], "cameras in order", cameras)
        counts = browser.js("[...document.querySelectorAll('section.sol')].every(s => s.querySelector('h3 .count')"
                            ".textContent == s.querySelectorAll('.tile').length)")
        checks.check(counts, "each sol's count matches its photos")
        hostile = browser.js("({pwned: window.__pwned === 1, scripts: document.scripts.length, "
                             "text: [...document.querySelectorAll('#curiosity-sol-1003 h4')].map(h => h.textContent)"
                             ".join('|'), injected: document.querySelectorAll('main img:not([loading])').length,"
                             "js: document.querySelectorAll('a[href^=\"javascript:\" i]').length})")
        checks.check(not hostile["pwned"] and hostile["scripts"] == 1 and hostile["injected"] == 0
                     and hostile["js"] == 0 and "<script>window.__pwned=1</script>" in hostile["text"],
                     "hostile sidecar text is shown, not run", hostile)

        browser.wait_for("[...document.querySelectorAll('.tile img')].filter(i => i.getBoundingClientRect().top"
                         " < innerHeight).every(i => i.complete && i.naturalWidth > 0)", "first screen's images")
        time.sleep(1)
        loaded = browser.js("[...document.querySelectorAll('.tile img')].filter(i => i.naturalWidth > 0).length")
        total = browser.js("document.querySelectorAll('.tile img').length")
        checks.check(total == 304 and 0 < loaded < total // 2,
                     "only the images near the first screen load (lazy)", f"{loaded} of {total}")
        outside = [u for u in requests() if not u.startswith("file://")]
        checks.check(not outside, "no request leaves file://", outside[:3])
        thumbs = browser.js("[...document.querySelectorAll('.tile img')].every(i => i.getAttribute('src')"
                            ".startsWith('.thumbnails/'))")
        checks.check(thumbs, "tiles show the thumbnails")

        width, height, pixel = browser.screenshot(os.path.join(args.shots, "gallery-grid.png"))
        box = browser.js("(() => { const r = document.querySelector('.tile img').getBoundingClientRect();"
                         " return [r.left, r.top, r.width, r.height]; })()")
        centre = pixel(int(box[0] + box[2] / 2), int(box[1] + box[3] * 0.6))
        checks.check(near(centre, expected["first_colour"]), "screenshot: first photo is drawn where its tile is",
                     f"{centre} vs {expected['first_colour']}")
        background = pixel(width - 3, 3)
        checks.check(near(background, (17, 17, 17), 8), "screenshot: page background", background)

        first_id = f"photo-{expected['first_id']}"
        browser.click(box[0] + box[2] / 2, box[1] + box[3] / 2)
        browser.wait_for("!document.getElementById('lightbox').hidden && document.querySelector('#lightbox img')"
                         ".naturalWidth > 0", "the lightbox after a click")
        state = browser.js("({hash: location.hash, caption: document.querySelector('.lb-text').textContent,"
                           " src: document.querySelector('#lightbox img').getAttribute('src')})")
        checks.check(state["hash"] == "#" + first_id and "CHEMCAM" in state["caption"]
                     and not state["src"].startswith(".thumbnails"),
                     "a click opens the full image in the lightbox", state)
        width, height, pixel = browser.screenshot(os.path.join(args.shots, "gallery-lightbox.png"))
        checks.check(near(pixel(width // 2, height // 2), expected["first_colour"]),
                     "screenshot: lightbox shows the photo", pixel(width // 2, height // 2))

        browser.key("ArrowRight", "ArrowRight", 39)
        browser.wait_for(f"location.hash == '#photo-{expected['first_id'] + 1}'", "ArrowRight to the next photo")
        browser.key("ArrowLeft", "ArrowLeft", 37)
        browser.wait_for(f"location.hash == '#{first_id}'", "ArrowLeft back")
        checks.check(True, "arrow keys step through photos")
        browser.key("Escape", "Escape", 27)
        browser.wait_for("document.getElementById('lightbox').hidden && !location.hash", "Escape to close")
        checks.check(True, "Escape closes the lightbox")

        deep = "photo-NLF_0050_13"
        browser.navigate(url + "#" + deep)
        browser.wait_for("!document.getElementById('lightbox').hidden && document.querySelector('#lightbox img')"
                         ".naturalWidth > 0", "the lightbox from a URL fragment")
        caption = browser.js("document.querySelector('.lb-text').textContent")
        checks.check("NLF_0050_13" in caption, "#photo-ID opens that photo directly", caption)
        width, height, pixel = browser.screenshot(os.path.join(work, "fragment.png"))
        close_button = browser.js("(() => { const r = document.querySelector('.lb-close').getBoundingClientRect();"
                                  " return [r.top, r.right]; })()")
        checks.check(0 <= close_button[0] < 40 and width - 40 < close_button[1] <= width,
                     "the lightbox covers the viewport", close_button)

        browser.navigate(url)
        browser.js("document.getElementById('filter').focus()")
        browser.send("Input.insertText", {"text": "mast"})
        browser.wait_for("document.getElementById('shown').textContent != ''", "the camera filter")
        filtered = browser.js("({cameras: [...document.querySelectorAll('section.camera:not([hidden]) h4')]"
                              ".filter(h => h.offsetParent).map(h => h.firstChild.textContent.trim()),"
                              " shown: document.getElementById('shown').textContent,"
                              " perseverance: document.getElementById('rover-perseverance').hidden})")
        checks.check(set(filtered["cameras"]) == {"MAST"} and len(filtered["cameras"]) == 6
                     and filtered["shown"].startswith("72 of") and filtered["perseverance"],
                     "the camera filter shows only MAST", filtered)

        check_map(browser, checks)

        for label, size, mobile, columns in [("phone", (390, 844), True, (2, 3)), ("4K", (3840, 2160), False,
                                                                                  (12, 16))]:
            browser.resize(*size, mobile=mobile)
            browser.navigate(url)
            layout = browser.js("({overflow: document.documentElement.scrollWidth - innerWidth,"
                                " columns: getComputedStyle(document.querySelector('.grid'))"
                                ".gridTemplateColumns.split(' ').length})")
            checks.check(layout["overflow"] <= 0 and columns[0] <= layout["columns"] <= columns[1],
                         f"{label} width: no sideways scrolling, {columns[0]}-{columns[1]} columns", layout)
            if label == "phone":
                browser.screenshot(os.path.join(work, "gallery-phone.png"))
                check_map(browser, checks, label)

        browser.resize(1280, 900)
        browser.send("Emulation.setScriptExecutionDisabled", {"value": True})
        browser.navigate(url)
        box = browser.js("(() => { const r = document.querySelector('.tile img').getBoundingClientRect();"
                         " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        browser.events = []
        browser.click(*box)
        navigated = browser.wait_event("Page.frameNavigated")["params"]["frame"]["url"]
        checks.check(navigated.endswith(f"/1005/CHEMCAM/{expected['first_id']}.png"),
                     "with scripting off a click opens the image itself", navigated)
    finally:
        browser.close()
    return checks.passed


def check_map(browser, checks, label="desktop"):
    """The map of the Perseverance photos' positions: a traverse through three places, a marker each; clicking a
    marker (a real click where it is drawn) shows only that place's four photos, clicking it again shows all."""
    drawn = browser.js("(() => { const svg = document.querySelector('.map svg'); const r = svg.getBoundingClientRect();"
                       " return {markers: svg.querySelectorAll('.marker').length, points: svg.querySelector('"
                       ".traverse').getAttribute('points').trim().split(' ').length, width: r.width,"
                       " inside: r.right <= innerWidth}; })()")
    checks.check(drawn["markers"] == 3 and drawn["points"] == 3 and drawn["width"] > 200 and drawn["inside"],
                 f"{label}: the map draws the traverse and a marker per place", drawn)
    where = ("(() => { const m = document.querySelectorAll('.map .marker')[2];"
             " m.scrollIntoView({block: 'center'}); const r = m.getBoundingClientRect();"
             " return [r.left + r.width / 2, r.top + r.height / 2, m.getAttribute('data-place')]; })()")
    target = browser.js(where)
    browser.click(target[0], target[1])
    shown = browser.js("[...document.querySelectorAll('.tile')].filter(t => !t.hidden)"
                       ".map(t => t.getAttribute('data-place'))")
    checks.check(len(shown) == 4 and set(shown) == {target[2]},
                 f"{label}: clicking a marker shows that place's photos", shown)
    # Hiding tiles shortens the page, which may scroll the marker: find it again where it is now drawn.
    target = browser.js(where)
    browser.click(target[0], target[1])
    total = browser.js("[...document.querySelectorAll('.tile')].filter(t => !t.hidden).length")
    checks.check(total == 304, f"{label}: clicking the marker again shows every photo", total)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rover", required=True)
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--shots", help="folder for the screenshots (default: a temporary one)")
    args = parser.parse_args()
    if not shutil.which(args.chromium):
        print(f"gallery browser test: cannot run: no {args.chromium} on PATH", file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="rover-gallery-browser-")
    args.shots = os.path.abspath(args.shots or tempfile.mkdtemp(prefix="rover-gallery-shots-"))
    os.makedirs(args.shots, exist_ok=True)
    try:
        passed = run(args, work)
    except (Failure, subprocess.SubprocessError, OSError) as error:
        print(f"FAIL gallery browser test: {error}")
        print(f"(files kept in {work})")
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print(f"screenshots in {args.shots}")
    print(f"gallery: {passed} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
