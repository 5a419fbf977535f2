#!/usr/bin/env python3
"""Checks a GIF made by `rover animate` with Pillow, a decoder that is not giflib: as many frames as frame files, each
shown for DELAY_MS, looping, and each frame's pixels equal to its file's 8-bit grey (the grey palette is exact).
Prints one line and exits 1 on the first difference.

Usage: movie_verify.py GIF DELAY_MS FRAME.png...
"""
import sys
from PIL import Image, ImageSequence

gif, delay, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
image = Image.open(gif)
if image.n_frames != len(paths):
    sys.exit(f"{gif}: {image.n_frames} frames, expected {len(paths)}")
if image.info.get("loop") != 0:
    sys.exit(f"{gif}: loop {image.info.get('loop')}, expected 0 (forever)")
for index, (frame, path) in enumerate(zip(ImageSequence.Iterator(image), paths)):
    if frame.info.get("duration") != delay:
        sys.exit(f"{gif}: frame {index} shows {frame.info.get('duration')} ms, expected {delay}")
    if frame.convert("L").tobytes() != Image.open(path).convert("L").tobytes():
        sys.exit(f"{gif}: frame {index} differs from {path}")
print(f"{gif}: {len(paths)} frames of {image.size[0]}x{image.size[1]}, {delay} ms each, pixels equal to the frames")
