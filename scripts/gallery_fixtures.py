"""Fixture photos for the gallery's browser test and benchmark: real PNG files (written with the standard library)
and `fetch-image --metadata`-style sidecars.

    python3 scripts/gallery_fixtures.py DIR            # the browser test's set (~300 photos, hostile text included)
    python3 scripts/gallery_fixtures.py DIR --bench N  # N tiny photos with sidecars, for bench/gallery.sh
"""
import argparse
import colorsys
import json
import os
import struct
import zlib

CAMERAS = {
    "CHEMCAM": "Chemistry and Camera Complex",
    "FHAZ": "Front Hazard Avoidance Camera",
    "MAST": "Mast Camera",
    "NAVCAM": "Navigation Camera",
}
# A camera name no page should ever run: the test checks it shows as text.
HOSTILE_CAMERA = "<script>window.__pwned=1</script>\u202eevil"


def png(width, height, pixel):
    """A truecolour PNG; pixel(x, y) -> (r, g, b)."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows.extend(pixel(x, y))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(
        b"IEND", b"")


def colour(index, count):
    r, g, b = colorsys.hsv_to_rgb(index / count, 0.75, 0.95)
    return int(r * 255), int(g * 255), int(b * 255)


def solid_with_stripes(width, height, rgb):
    """A flat colour with a darker band, so a photo is recognisable but its centre is exactly `rgb`."""
    dark = tuple(c // 2 for c in rgb)
    return png(width, height, lambda x, y: dark if y < height // 8 else rgb)


PLACES = [(1590, 77.32537352, 18.49081173, -2375.036133), (1886, 77.32458796, 18.49086483, -2372.846191),
          (2578, 77.32354257, 18.49098915, -2369.412354)]


def sidecar(rover, rover_id, sol, earth_date, camera, full_name, photo_id, name):
    return {
        "camera": {"full_name": full_name, "name": camera},
        "earth_date": earth_date,
        "id": photo_id,
        "img_src": f"https://mars.nasa.gov/msl-raw-images/{name}",
        "rover": {"id": rover_id, "landing_date": "2012-08-06", "launch_date": "2011-11-26", "name": rover,
                  "status": "active"},
        "sol": sol,
    }


def write_photo(root, relative, data, meta):
    path = os.path.join(root, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as file:
        file.write(data)
    if meta is not None:
        with open(path + ".json", "w", encoding="utf-8") as file:
            json.dump(meta, file, indent=2, sort_keys=True, ensure_ascii=False)
    return path


def browser_set(root):
    """Curiosity sols 1000-1005 x 4 cameras x 12, Perseverance sol 50 x 2 x 6, a hostile sidecar, and images
    without sidecars under names with spaces, `#`, `%` and non-ASCII. Prints one JSON line describing it."""
    photo_id = 400000
    cameras = sorted(CAMERAS)
    expected = {"first_colour": None}
    for sol in range(1000, 1006):
        for c, camera in enumerate(cameras):
            for n in range(12):
                photo_id += 1
                rgb = colour(c * 12 + n, len(cameras) * 12)
                size = (640, 480) if n < 2 else (160, 120)
                name = f"{sol}/{camera}/{photo_id}.png"
                meta = sidecar("Curiosity", 5, sol, f"2015-05-{30 + sol - 1000:02d}" if sol == 1000 else
                               f"2015-06-{sol - 1000:02d}", camera, CAMERAS[camera], photo_id, name)
                write_photo(root, name, solid_with_stripes(*size, rgb), meta)
                if sol == 1005 and c == 0 and n == 0:
                    expected["first_id"] = photo_id
                    expected["first_colour"] = rgb
    for c, camera in enumerate(["NAVCAM_LEFT", "NAVCAM_RIGHT"]):
        for n in range(6):
            name = f"perseverance/50/{camera}/NLF_0050_{c}{n}.png"
            meta = sidecar("Perseverance", 8, 50, "2021-04-09", camera, "Navigation Camera", f"NLF_0050_{c}{n}",
                           name)
            # Positions as `--positions` writes them: three of NASA's real site-51 localizations (sol-1110
            # waypoint capture, Tests/RoverCoreTests/Fixtures/places), two photos of each camera at each.
            drive, lon, lat, elevation = PLACES[n // 2]
            meta.update({"site": 51, "drive": drive, "lon": lon, "lat": lat, "elevation": elevation,
                         "position_method": "localized"})
            write_photo(root, name, solid_with_stripes(160, 120, colour(n, 6)), meta)
    hostile = sidecar("Curiosity", 5, 1003, "2015-06-03", HOSTILE_CAMERA,
                      "</style><b>bold", "9'9\"><img src=x onerror=alert(1)>", "hostile.png")
    hostile["img_src"] = "javascript:alert(1)"
    write_photo(root, "1003/hostile.png", solid_with_stripes(160, 120, (200, 200, 200)), hostile)
    for name in ["misc dir/ünïcode #1.png", "misc dir/100% sure?.png", "javascript:alert(1).png"]:
        write_photo(root, name, solid_with_stripes(160, 120, (90, 200, 90)), None)
    # What a download leaves beside the photos, which the gallery must ignore.
    write_photo(root, ".rover-downloads.tsv", b"id\tpath\n", None)
    write_photo(root, "1000/MAST/.400001.png.1234.part", b"partial", None)
    print(json.dumps(expected))


def bench_set(root, count):
    tiny = solid_with_stripes(8, 6, (180, 120, 60))
    cameras = sorted(CAMERAS)
    for i in range(count):
        sol = 1000 + i // 500
        camera = cameras[i % len(cameras)]
        name = f"{sol}/{camera}/{500000 + i}.png"
        write_photo(root, name, tiny, sidecar("Curiosity", 5, sol, "2015-06-01", camera, CAMERAS[camera],
                                              500000 + i, name))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("root")
    parser.add_argument("--bench", type=int)
    args = parser.parse_args()
    if args.bench:
        bench_set(args.root, args.bench)
    else:
        browser_set(args.root)


if __name__ == "__main__":
    main()
