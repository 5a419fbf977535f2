#ifndef ROVER_IMAGING_INTERNAL_H
#define ROVER_IMAGING_INTERNAL_H

// What the shim's files share; not part of the module's interface (it is outside include/).
#include <png.h>
#include <stdio.h>

#include "CImaging.h"

// JPEG's own ceiling on a side, applied to PNG too so that one row stays small.
#define ROVER_IMAGING_MAX_SIDE 65535
// Memory a JPEG decoder may take for what it cannot stream (a progressive file's coefficients): 2 bytes per pixel
// per component, so 256 MB covers a 20-megapixel colour frame at full chroma with room to spare.
#define ROVER_IMAGING_MAX_DECODER_BYTES (256L * 1024 * 1024)
// Progressive scans a JPEG may have: each one re-reads every coefficient.
#define ROVER_IMAGING_MAX_SCANS 500
// An ancillary PNG chunk decompressed (libpng's default, stated so that it cannot change).
#define ROVER_IMAGING_MAX_CHUNK_BYTES (8L * 1000 * 1000)

/// Fills `error` with "what: detail" (or "what") and returns `status`.
int rover_imaging_fail(int status, char *error, size_t size, const char *what, const char *detail);

/// ROVER_IMAGING_OK when a declared size is within the limits, else ROVER_IMAGING_TOO_LARGE with the reason.
int rover_imaging_check_size(unsigned long width, unsigned long height, long max_pixels, char *error, size_t size);

/// One format's decoder: opened on a FILE positioned at the start, it owns the FILE from then on.
typedef struct {
  void *(*open)(FILE *file, int keep_alpha, long max_pixels, rover_imaging_info *info, int *status, char *error,
                size_t error_size);
  int (*read)(void *state, const rover_imaging_info *info, unsigned char *pixels, char *error, size_t error_size);
  void (*close)(void *state);
} rover_imaging_format;

extern const rover_imaging_format rover_imaging_png;

/// libpng's error handler for reader and writer alike: the error pointer is a char[ROVER_IMAGING_MESSAGE] that
/// receives the message before the jump back to the setjmp in force.
#define ROVER_IMAGING_MESSAGE 160
void rover_imaging_png_error(png_structp png, png_const_charp message);
/// libpng's warnings (a bad CRC in an ancillary chunk) are not failures; they are dropped.
void rover_imaging_png_warning(png_structp png, png_const_charp message);
extern const rover_imaging_format rover_imaging_jpeg;

#endif
