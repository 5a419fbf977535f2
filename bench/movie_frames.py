#!/usr/bin/env python3
"""Bench fixtures for `rover animate` (constructed frames, no real data): N grey PNGs of W x H, a fixed noisy
texture with a bright blob drifting across it, named as Curiosity's Navcam names a dust-devil movie
(NRB_<sclk>EDR_S0880366NCAM00595M_), 13 s apart; and feed.json, the raw-feed items that list them for sol 3121.

Usage: movie_frames.py DIR N W H
"""
import json, sys
import numpy as np
from PIL import Image

directory, count, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = np.random.default_rng(36)
scene = (rng.normal(110, 25, (height, width)).clip(0, 255)).astype(np.float32)
names = []
for index in range(count):
    frame = scene + rng.normal(0, 3, (height, width))
    x = int((index * 7) % max(1, width - 40))
    frame[height // 3:height // 3 + 30, x:x + 30] += 60
    name = f"NRB_{674556998 + index * 13}EDR_S0880366NCAM00595M_"
    Image.fromarray(frame.clip(0, 255).astype(np.uint8), "L").save(f"{directory}/{name}.png", compress_level=1)
    names.append(name)
json.dump(names, open(f"{directory}/names.json", "w"))
