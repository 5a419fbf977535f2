#ifndef ROVER_CIMAGING_H
#define ROVER_CIMAGING_H

// RoverImaging's codec: whole images in and out at their own bit depth, for assembling and rectifying frames.
// libpng reads and writes PNG (8 or 16 bits a sample, native byte order in memory); libjpeg-turbo's libjpeg API
// reads JPEG under a memory limit. A file is known by its first bytes, never its name, and its header's declared size
// is checked before any pixel buffer exists. Swift sees these five functions and neither library.
#include <stddef.h>

// What a failure was, so the Swift side can say it in its own words.
#define ROVER_IMAGING_OK 0
#define ROVER_IMAGING_UNREADABLE (-1)  // cannot open or read the file
#define ROVER_IMAGING_UNSUPPORTED (-2)  // neither PNG nor JPEG, or a kind of either that is not handled (CMYK JPEG)
#define ROVER_IMAGING_TOO_LARGE (-3)  // the header declares more than the limits
#define ROVER_IMAGING_CORRUPT (-4)  // the decoder failed part-way
#define ROVER_IMAGING_WRITE_FAILED (-5)  // the encoder or the file system failed

/// The layout a decoder will deliver: rows of width * channels samples of bit_depth / 8 bytes, top row first.
typedef struct {
  int width;
  int height;
  int channels;  // 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA
  int bit_depth;  // 8 or 16
} rover_imaging_info;

/// An opened image whose header has been read and checked; pixels not yet decoded.
typedef struct rover_imaging_decoder rover_imaging_decoder;

/// Opens the PNG or JPEG at `path`, reads its header, checks the declared size against the limits (at most
/// `max_pixels` pixels and 65535 a side) and fills `info` with the layout `rover_imaging_read` will deliver. With
/// `keep_alpha` 0, an alpha channel (or PNG transparency) is dropped. Returns NULL with `status` and a reason in
/// `error` on failure.
rover_imaging_decoder *rover_imaging_open(const char *path, int keep_alpha, long max_pixels, rover_imaging_info *info,
                                          int *status, char *error, size_t error_size);

/// Decodes every pixel into `pixels` (height rows of the layout in `info`, packed). Returns ROVER_IMAGING_OK or a
/// failure status with a reason in `error`. Call at most once.
int rover_imaging_read(rover_imaging_decoder *decoder, unsigned char *pixels, char *error, size_t error_size);

/// Releases a decoder, read or not; safe on NULL.
void rover_imaging_close(rover_imaging_decoder *decoder);

/// Encodes packed pixels (the layout of rover_imaging_info; 16-bit samples in native byte order) as a PNG written to
/// the open file `fd` (which stays open) with zlib `level` (0-9). Returns ROVER_IMAGING_OK or
/// ROVER_IMAGING_WRITE_FAILED with a reason in `error`.
int rover_imaging_write_png(int fd, const unsigned char *pixels, int width, int height, int channels, int bit_depth,
                            int level, char *error, size_t error_size);

#endif
