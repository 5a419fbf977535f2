#ifndef ROVER_CIMAGE_H
#define ROVER_CIMAGE_H

// Thumbnails for `rover gallery`: libjpeg-turbo decodes JPEGs with DCT scaling (libjpeg API, under a memory limit)
// and encodes the result (TurboJPEG API); libpng decodes PNGs a row at a time. Both check the size a header declares
// before decoding (cimage_internal.h has the limits). Swift calls these three functions and sees neither library.
#include <stddef.h>

/// A JPEG in memory, owned by the caller until passed to rover_image_free.
typedef struct {
  unsigned char *data;
  unsigned long size;
  int width;
  int height;
} rover_jpeg;

/// Reads the JPEG or PNG at `path` (decided by its first bytes, not its name), shrinks it so that its longer side is
/// at most `max_side` pixels (never enlarging), and encodes it as a baseline JPEG of `quality` (1-100).
/// Returns 0 and fills `out`, or -1 with a short reason in `error`: a file whose header declares more than
/// 100 megapixels or 65535 a side, or that would need more than 256 MB to decode, is refused before decoding.
int rover_image_thumbnail(const char *path, int max_side, int quality, rover_jpeg *out, char *error,
                          size_t error_size);

/// Encodes packed 8-bit RGB pixels as a JPEG. Returns 0 and fills `out`, or -1 with a reason in `error`.
int rover_image_encode_rgb(const unsigned char *rgb, int width, int height, int quality, rover_jpeg *out,
                           char *error, size_t error_size);

/// Releases the bytes of a JPEG filled by the functions above; safe on an empty one.
void rover_image_free(rover_jpeg *image);

#endif
