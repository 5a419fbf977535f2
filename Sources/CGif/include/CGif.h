#ifndef ROVER_CGIF_H
#define ROVER_CGIF_H

// Animated GIFs for `rover animate`, through giflib (Debian libgif-dev). Swift sees these functions only, never
// giflib's types: frames are encoded apart into blocks (on any thread), a writer appends them in order, a reader
// reports what a GIF holds.
#include <stddef.h>
#include <stdint.h>

/// A GIF being written; opaque.
typedef struct rover_gif_writer rover_gif_writer;

/// The palettes a movie can use: 256 greys, or a fixed 6x7x6 colour cube (252 colours).
enum { ROVER_GIF_GREY = 0, ROVER_GIF_COLOUR = 1 };

/// Starts a looping GIF89a of `width` x `height` (1-65535) on `descriptor`, which the writer takes over (closed by
/// rover_gif_close, or here on failure). Writes go through a 64 KiB buffer. Returns NULL with giflib's error code in
/// `error`.
rover_gif_writer *rover_gif_open(int descriptor, int width, int height, int palette, int *error);

/// The bytes a block of `width` x `height` may take at most: the buffer to give rover_gif_encode_block.
size_t rover_gif_block_capacity(int width, int height);

/// Encodes one frame's image block alone: an image descriptor and its LZW data (giflib's encoder), ready to follow a
/// graphics control extension in a GIF of the same size and palette. A GIF's frames are independent LZW streams, so
/// blocks can be encoded on several threads at once and appended in order. `pixels` holds `width * height` grey
/// bytes (grey palette) or RGB triples (colour palette); the block goes into `bytes` (`capacity` from
/// rover_gif_block_capacity), its length into `count`. Touches no shared state: safe on any thread. Returns 0, or
/// giflib's error code.
int rover_gif_encode_block(int width, int height, int palette, const uint8_t *pixels, uint8_t *bytes,
                           size_t capacity, size_t *count);

/// Adds a frame from its encoded block, shown for `delay_cs` hundredths of a second (1-65535). Returns 0, or
/// giflib's error code.
int rover_gif_put_block(rover_gif_writer *writer, const uint8_t *bytes, size_t count, int delay_cs);

/// Finishes the GIF and frees the writer. Returns 0, or giflib's error code (the file is then incomplete).
int rover_gif_close(rover_gif_writer *writer);

/// giflib's text for an error code.
const char *rover_gif_error(int error);

/// What a GIF at `path` holds, read whole with DGifSlurp (tests and checks of small files): its size, frame count,
/// the first `capacity` frame delays in hundredths of a second, and its loop count (-1 when it has no loop
/// extension, 0 for forever). Returns 0, or giflib's error code.
int rover_gif_inspect(const char *path, int *width, int *height, int *frames, int *delays, int capacity,
                      int *loops);

/// Copies frame `index`'s colour indices (width * height bytes) and the palette entry of each (RGB, 3 bytes per
/// pixel) into `rgb`. Returns 0, -1 for a bad index or size, or giflib's error code.
int rover_gif_frame_rgb(const char *path, int index, uint8_t *rgb, size_t capacity);

#endif
