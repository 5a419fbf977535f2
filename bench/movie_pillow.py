#!/usr/bin/env python3
"""The contender: the same GIF from the same frames with Pillow (imageio's GIF writer is Pillow's), as a script
would make it: every frame read, converted to 8-bit grey, saved as one looping GIF with the same delay.

Usage: movie_pillow.py OUT.gif DELAY_MS FRAME.png...
"""
import sys
from PIL import Image

out, delay, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
frames = [Image.open(path).convert("L") for path in paths]
frames[0].save(out, save_all=True, append_images=frames[1:], duration=delay, loop=0)
