#!/usr/bin/env python3
"""rover assemble / rover anaglyph next to the same work in NumPy + OpenCV.

Rows:
  assembly  a 16-tile scale-1 Navcam exposure (5120 x 3840 RGB) placed at its subframe offsets, written as PNG
  anaglyph  a full-resolution (5120 x 3840) stereo pair rectified through both eyes' CAHVORE models (cv2.remap),
            written as a grey red/cyan PNG

The inputs are made from the real sol-1110 tiles in Tests/RoverImagingTests/Fixtures/sol1110: the left eye's tiles
01 and 04 (the top half of the frame) mirrored into a whole frame and upscaled twice, then cut into 16 overlapping
tiles with feed records (subframe, scale 1, the camera model moved onto each tile); the pair is both eyes' tile 01
upscaled to 5120 x 3840, their models scaled with it. rover reads them from a local copy of NASA's feed (the image
files are already in its output folder, so a timed run lists, skips the downloads and builds the picture); the script
reads the same files and records.

Both write PNG with zlib level 3. Wall time and peak RSS come from /usr/bin/time -v; runs are interleaved.

Usage: bench/imaging.py [--runs 3] [--rover .build/release/rover] [--output bench/results-imaging.md]
Needs: pip install numpy opencv-python-headless
"""
import argparse
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests/RoverImagingTests/Fixtures/sol1110"
STEM = "_1110_0765465872_675ECM_N0512578NCAM13109_"
PNG_LEVEL = [cv2.IMWRITE_PNG_COMPRESSION, 3]


# ---------------------------------------------------------------------------------------------------------------
# Camera models: the feeds' "(c);(a);(h);(v);(o);(r);(e);type;parameter" text


def parse_model(text):
    parts = text.split(";")
    vectors = [np.array([float(x) for x in p.strip("()").split(",")]) for p in parts if p.startswith("(")]
    scalars = [float(p) for p in parts if not p.startswith("(")]
    return vectors, scalars


def format_model(vectors, scalars):
    return ";".join("(" + ",".join(repr(float(x)) for x in v) + ")" for v in vectors) + "".join(
        ";" + repr(s) for s in scalars)


def project_cahvore(vectors, scalars, points):
    """JPL's CAHVORE projection (Gennery), vectorised: points (N, 3) -> (N, 2) image positions."""
    c, a, h, v, o, r, e = vectors
    mtype = scalars[0] if scalars else 1
    linearity = {1: 1.0, 2: 0.0}.get(int(mtype), scalars[1] if len(scalars) > 1 else 1.0)
    p = points - c
    zeta = p @ o
    lam_vec = p - zeta[:, None] * o
    lam = np.linalg.norm(lam_vec, axis=1)
    theta = np.arctan2(lam, zeta)
    for _ in range(100):
        s, co = np.sin(theta), np.cos(theta)
        t2 = theta * theta
        pupil = e[0] + e[1] * t2 + e[2] * t2 * t2
        slope_pupil = 2 * e[1] * theta + 4 * e[2] * t2 * theta
        value = zeta * s - lam * co - (theta - s) * pupil
        slope = zeta * co + lam * s - (1 - co) * pupil - (theta - s) * slope_pupil
        step = value / slope
        theta = theta - step
        if np.max(np.abs(step)) < 1e-10:
            break
    if linearity > 1e-15:
        chi = np.tan(linearity * theta) / linearity
    elif linearity < -1e-15:
        chi = np.sin(linearity * theta) / linearity
    else:
        chi = theta
    chi2 = chi * chi
    mu = r[0] + r[1] * chi2 + r[2] * chi2 * chi2
    safe = theta > 1e-8
    moved = np.where(safe[:, None], o * (lam / np.where(safe, chi, 1))[:, None] + lam_vec * (1 + mu)[:, None], p)
    depth = moved @ a
    return np.stack([(moved @ h) / depth, (moved @ v) / depth], axis=1)


# ---------------------------------------------------------------------------------------------------------------
# The NumPy + OpenCV side (run as a child process so /usr/bin/time measures it alone)


def script_assembly(folder, out):
    records = sorted(Path(folder).glob("records/*.json"))
    canvas = np.zeros((3840, 5120, 3), np.uint8)
    for record_path in records:
        record = json.loads(record_path.read_text())
        x, y, w, h = (int(t) for t in record["extended"]["subframeRect"].strip("()").split(","))
        tile = cv2.imread(str(Path(folder) / "files" / (record["imageid"] + ".png")), cv2.IMREAD_UNCHANGED)
        assert tile.shape[:2] == (h, w)
        canvas[y - 1:y - 1 + h, x - 1:x - 1 + w] = tile
    cv2.imwrite(out, canvas, PNG_LEVEL)


def script_anaglyph(folder, out):
    step = 8
    left_record, right_record = (json.loads(p.read_text()) for p in sorted(Path(folder).glob("records/*.json")))
    eyes = []
    for record in (left_record, right_record):
        image = cv2.imread(str(Path(folder) / "files" / (record["imageid"] + ".png")), cv2.IMREAD_COLOR)
        eyes.append((cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), parse_model(record["camera"]["camera_model_component_list"])))
    (left, (lv, ls)), (right, (rv, rs)) = eyes
    height, width = left.shape
    # The common linear camera: x along the baseline, the mean pointing made orthogonal to it.
    x_axis = (rv[0] - lv[0]) / np.linalg.norm(rv[0] - lv[0])
    mean = (lv[1] + rv[1]) / 2
    axis = mean - x_axis * (mean @ x_axis)
    axis /= np.linalg.norm(axis)
    y_axis = np.cross(axis, x_axis)
    scale = lambda vs, u: np.linalg.norm(np.cross(vs[1], vs[u]))
    fx = (scale(lv, 2) + scale(rv, 2)) / 2
    fy = (scale(lv, 3) + scale(rv, 3)) / 2
    cx = (lv[1] @ lv[2] + rv[1] @ rv[2]) / 2
    cy = (lv[1] @ lv[3] + rv[1] @ rv[3]) / 2
    gx, gy = np.meshgrid(np.arange(0, width + step, step, dtype=np.float64),
                         np.arange(0, height + step, step, dtype=np.float64))
    rays = axis + ((gx - cx) / fx)[..., None] * x_axis + ((gy - cy) / fy)[..., None] * y_axis
    rays /= np.linalg.norm(rays, axis=2, keepdims=True)
    output = np.zeros((height, width, 3), np.uint8)
    for image, vectors, scalars, channels in ((left, lv, ls, [2]), (right, rv, rs, [0, 1])):
        points = (vectors[0] + rays * 100_000).reshape(-1, 3)
        grid = project_cahvore(vectors, scalars, points).reshape(gx.shape + (2,)).astype(np.float32)
        full = cv2.resize(grid, ((gx.shape[1] - 1) * step + 1, (gx.shape[0] - 1) * step + 1),
                          interpolation=cv2.INTER_LINEAR)[:height, :width]
        rectified = cv2.remap(image, full[..., 0], full[..., 1], cv2.INTER_LINEAR, borderValue=0)
        for channel in channels:  # OpenCV is BGR: red is channel 2
            output[..., channel] = rectified
    cv2.imwrite(out, output, PNG_LEVEL)


# ---------------------------------------------------------------------------------------------------------------
# Inputs


def record_for(base, imageid, subframe, model, url):
    record = json.loads(json.dumps(base))
    record["imageid"] = imageid
    x, y, w, h = subframe
    record["extended"]["subframeRect"] = f"({x},{y},{w},{h})"
    record["extended"]["dimension"] = f"({w},{h})"
    record["extended"]["scaleFactor"] = "1"
    record["camera"]["camera_model_component_list"] = format_model(*model)
    record["image_files"] = {k: url for k in ("full_res", "large", "medium", "small")}
    return record


def make_inputs(work, port):
    left01 = cv2.imread(str(FIXTURES / f"NLF{STEM}01_195J.png"), cv2.IMREAD_COLOR)
    left04 = cv2.imread(str(FIXTURES / f"NLF{STEM}04_195J.png"), cv2.IMREAD_COLOR)
    top = np.zeros((968, 2560, 3), np.uint8)
    top[:, :1288] = left01
    top[:, 1272:] = left04
    half = np.vstack([top, top[::-1]])[:1920]
    frame = cv2.resize(half, (5120, 3840), interpolation=cv2.INTER_LINEAR)
    base_l = json.loads((FIXTURES / f"NLF{STEM}01_195J.json").read_text())
    base_r = json.loads((FIXTURES / f"NRF{STEM}01_195J.json").read_text())
    vectors, scalars = parse_model(base_l["camera"]["camera_model_component_list"])
    # The scale-2 model at scale 1: every image-plane vector doubled.
    canvas_model = [vectors[0], vectors[1], vectors[2] * 2, vectors[3] * 2] + vectors[4:]
    feeds = {}
    tiles = work / "assembly"
    for sub in ("files", "records", "out-rover", "out-script"):
        (tiles / sub).mkdir(parents=True, exist_ok=True)
    images = []
    for row in range(4):
        for column in range(4):
            x0, x1 = max(0, column * 1280 - 8), min(5120, (column + 1) * 1280 + 8)
            y0, y1 = max(0, row * 960 - 8), min(3840, (row + 1) * 960 + 8)
            number = row * 4 + column + 1
            imageid = f"NLF{STEM}{number:02d}_095J"
            cv2.imwrite(str(tiles / "files" / f"{imageid}.png"), frame[y0:y1, x0:x1])
            a = canvas_model[1]
            model = ([canvas_model[0], a, canvas_model[2] - x0 * a, canvas_model[3] - y0 * a] + canvas_model[4:], scalars)
            url = f"http://127.0.0.1:{port}/pub/assembly/{imageid}01.png"
            record = record_for(base_l, imageid, (x0 + 1, y0 + 1, x1 - x0, y1 - y0), model, url)
            (tiles / "records" / f"{imageid}.json").write_text(json.dumps(record))
            images.append(record)
            shutil.copy(tiles / "files" / f"{imageid}.png", tiles / "out-rover" / f"perseverance_1110_NAVCAM_LEFT_{imageid}.png")
    feeds[1110] = images
    pair = work / "anaglyph"
    for sub in ("files", "records", "out-rover", "out-script"):
        (pair / sub).mkdir(parents=True, exist_ok=True)
    images = []
    for eye, base in (("L", base_l), ("R", base_r)):
        tile = cv2.imread(str(FIXTURES / f"N{eye}F{STEM}01_195J.png"), cv2.IMREAD_COLOR)
        big = cv2.resize(tile, (5120, 3840), interpolation=cv2.INTER_CUBIC)
        imageid = f"N{eye}F{STEM}01_195J"
        cv2.imwrite(str(pair / "files" / f"{imageid}.png"), big)
        vectors, scalars = parse_model(base["camera"]["camera_model_component_list"])
        sx, sy = 5120 / 1288, 3840 / 968
        model = ([vectors[0], vectors[1], vectors[2] * sx, vectors[3] * sy] + vectors[4:], scalars)
        url = f"http://127.0.0.1:{port}/pub/anaglyph/{imageid}01.png"
        record = record_for(base, imageid, (1, 1, 5120, 3840), model, url)
        record["sol"] = 1111
        (pair / "records" / f"{imageid}.json").write_text(json.dumps(record))
        images.append(record)
        camera = "NAVCAM_LEFT" if eye == "L" else "NAVCAM_RIGHT"
        shutil.copy(pair / "files" / f"{imageid}.png", pair / "out-rover" / f"perseverance_1111_{camera}_{imageid}.png")
    feeds[1111] = images
    return feeds


def serve(work, feeds):
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            if self.path.startswith("/pub/"):
                kind, name = self.path.split("/")[2:4]
                body = (work / kind / "files" / re.sub(r"01\.png$", ".png", name)).read_bytes()
                kind = "image/png"
            elif "latest=true" in self.path:
                body, kind = json.dumps({"latest_sol": 1111, "total": 18}).encode(), "application/json"
            else:
                match = re.search(r"[?&]sol=(\d+)", self.path)
                page = re.search(r"[?&]page=(\d+)", self.path)
                images = feeds.get(int(match.group(1)) if match else -1, []) if not page or page.group(1) == "0" else []
                body = json.dumps({"images": images, "per_page": "100", "total_results": len(images), "page": 0,
                                   "mission": "mars2020", "total_images": len(images)}).encode()
                kind = "application/json"
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# ---------------------------------------------------------------------------------------------------------------
# Measuring


def measure(command):
    start = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True)
    wall = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr[-2000:]}")
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1)) / 1024
    cpu = sum(float(re.search(rf"{kind} time \(seconds\): ([\d.]+)", result.stderr).group(1))
              for kind in ("User", "System"))
    return wall, rss, cpu


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rover", default=str(ROOT / ".build/release/rover"))
    parser.add_argument("--output", default=str(ROOT / "bench/results-imaging.md"))
    parser.add_argument("--worker", choices=["assembly", "anaglyph"])
    parser.add_argument("paths", nargs="*")
    args = parser.parse_args()
    if args.worker == "assembly":
        return script_assembly(*args.paths)
    if args.worker == "anaglyph":
        return script_anaglyph(*args.paths)
    work = Path(os.environ.get("BENCH_TMPDIR", "/var/tmp")) / "rover-imaging-bench"
    shutil.rmtree(work, ignore_errors=True)
    server = serve(work, {})
    feeds = make_inputs(work, server.server_address[1])
    server.shutdown()
    server = serve(work, feeds)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    env_rover = [args.rover]
    common = ["--service", "nasa-raw", "--base-url", base, "--no-cache", "-q"]
    rows = {
        "assembly": (
            env_rover + ["assemble", "perseverance", "--sol", "1110", "-o", str(work / "assembly/out-rover")] + common,
            [sys.executable, __file__, "--worker", "assembly", str(work / "assembly"),
             str(work / "assembly/out-script/frame.png")],
            5120 * 3840 * 3),
        "anaglyph": (
            env_rover + ["anaglyph", "perseverance", "--sol", "1111", "-o", str(work / "anaglyph/out-rover")] + common,
            [sys.executable, __file__, "--worker", "anaglyph", str(work / "anaglyph"),
             str(work / "anaglyph/out-script/anaglyph.png")],
            5120 * 3840 * 3),
    }
    results = {}
    for name, (rover, script, output_bytes) in rows.items():
        measure(rover)  # warm-up: also proves no image is fetched (the files are in place)
        measure(script)
        samples = {"rover": [], "script": []}
        for _ in range(args.runs):
            samples["rover"].append(measure(rover))
            samples["script"].append(measure(script))
        results[name] = (samples, output_bytes)
        print(name, samples, file=sys.stderr)
    server.shutdown()
    write_report(args, results)


def write_report(args, results):
    load = os.getloadavg()
    lines = [
        "# Imaging benchmark (`bench/imaging.py`)",
        "",
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: {os.cpu_count()} cores, load average "
        f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end; rover `{args.rover}` (release); OpenCV "
        f"{cv2.__version__}, NumPy {np.__version__}, Python {sys.version.split()[0]}. {args.runs} timed runs each "
        "after one warm-up, interleaved; medians, min–max; peak RSS is the worst run (`/usr/bin/time -v`).",
        "",
        "| row | measure | rover | NumPy + OpenCV | ratio | target | |",
        "|---|---|---|---|---|---|---|",
    ]
    labels = {"assembly": "16-tile scale-1 exposure → 5120×3840 RGB PNG",
              "anaglyph": "5120×3840 pair rectified (CAHVORE) → grey anaglyph PNG"}
    for name, (samples, output_bytes) in results.items():
        rw = [w for w, _, _ in samples["rover"]]
        sw = [w for w, _, _ in samples["script"]]
        rr = max(r for _, r, _ in samples["rover"])
        sr = max(r for _, r, _ in samples["script"])
        rc = statistics.median(c for _, _, c in samples["rover"])
        sc = statistics.median(c for _, _, c in samples["script"])
        ok_wall = statistics.median(rw) <= statistics.median(sw)
        limit = 3 * output_bytes / 1024 / 1024
        lines.append(
            f"| {labels[name]} | wall | {statistics.median(rw):.2f} s ({min(rw):.2f}–{max(rw):.2f}) | "
            f"{statistics.median(sw):.2f} s ({min(sw):.2f}–{max(sw):.2f}) | "
            f"{statistics.median(rw) / statistics.median(sw):.2f}× | ≤ script | {'✔' if ok_wall else '✘'} |")
        lines.append(
            f"| {labels[name]} | CPU (user + system) | {rc:.2f} s | {sc:.2f} s | {rc / sc:.2f}× | reported | — |")
        lines.append(
            f"| {labels[name]} | peak RSS | {rr:.1f} MB | {sr:.1f} MB | {rr / sr:.2f}× | ≤ 3 × output "
            f"({limit:.0f} MB) | {'✔' if rr <= limit else '✘'} |")
    Path(args.output).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
