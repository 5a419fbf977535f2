#ifndef ROVER_CIMAGE_INTERNAL_H
#define ROVER_CIMAGE_INTERNAL_H

// What the shim's files share; not part of the module's interface (it is outside include/).
#include <stddef.h>

// The limits a thumbnail run keeps to, whatever the files in the folder claim.
//
// Pixels a header may declare: the largest frames the rovers send are Perseverance's 20-megapixel engineering
// cameras (5120 x 3840); Mastcam-Z, SuperCam and Ingenuity's color camera are smaller (13 megapixels at most).
// 100 megapixels leaves room for stitched mosaics and is still refused in microseconds, before any decoding:
// a 154-byte progressive JPEG declaring 60000 x 60000 would otherwise fill 7.2 GB.
#define MAX_DECLARED_MEGAPIXELS 100
#define MAX_DECLARED_PIXELS (MAX_DECLARED_MEGAPIXELS * 1000L * 1000)
// The most a side may declare: JPEG's own ceiling, applied to PNG too so that one decoded row stays small.
#define MAX_SIDE 65535
// Memory one decoder may take for the whole image it cannot stream: a progressive JPEG's coefficients (2 bytes per
// pixel per component: 118 MB for a 20-megapixel color frame at full chroma) or an interlaced PNG's pixels. Each of
// the `jobs` decoders may take this much, so it is per job, and a file needing more is refused before allocating.
#define MAX_DECODER_MEGABYTES 256
#define MAX_DECODER_BYTES (MAX_DECODER_MEGABYTES * 1024L * 1024)
// Progressive scans a JPEG may have: each one re-reads the whole coefficient buffer (TurboJPEG's own limit).
#define MAX_SCANS 500
// An ancillary PNG chunk (text, ICC profile) decompressed: libpng's default, stated so that it cannot change.
#define MAX_CHUNK_BYTES (8L * 1000 * 1000)

/// -1, with "what: detail" (or "what") in `error`.
int rover_fail(char *error, size_t size, const char *what, const char *detail);
/// -1, with the reason for a file that would need more than MAX_DECODER_BYTES.
int rover_fail_memory(char *error, size_t size);

/// 0 when a header's declared size is within the limits, else -1 with the reason naming that size.
int rover_check_declared(unsigned long width, unsigned long height, char *error, size_t size);

/// An area-averaging shrink fed one packed RGB row at a time, so a decoder never holds the whole image: each output
/// pixel is the mean of the source pixels it covers. Never enlarges.
typedef struct {
  int width, height, out_width, out_height;
  int row, out_row;
  int *column_end;
  unsigned long *sums;
  unsigned char *pixels;
} rover_shrinker;

/// 0, or -1 when out of memory; `max_side` bounds the output's longer side.
int rover_shrinker_start(rover_shrinker *shrinker, int width, int height, int max_side);
void rover_shrinker_add_row(rover_shrinker *shrinker, const unsigned char *rgb);
/// The output pixels (the caller frees them); the shrinker is then empty.
unsigned char *rover_shrinker_take(rover_shrinker *shrinker, int *width, int *height);
void rover_shrinker_free(rover_shrinker *shrinker);

/// A JPEG or PNG in memory decoded and shrunk to at most `max_side`, as packed RGB the caller frees; NULL with a
/// reason in `error` when it is refused or broken.
unsigned char *rover_decode_jpeg(const unsigned char *bytes, unsigned long size, int max_side, int *width,
                                 int *height, char *error, size_t error_size);
unsigned char *rover_decode_png(const unsigned char *bytes, unsigned long size, int max_side, int *width,
                                int *height, char *error, size_t error_size);

#endif
