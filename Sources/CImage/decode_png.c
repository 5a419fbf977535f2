#include "cimage_internal.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libpng's full API rather than its simplified one: that one decodes the whole image into one buffer and exposes
// no limits; this one takes user limits and hands over one row at a time, so memory stays a row, not a picture.

// Everything decode() touches after setjmp lives here, on the heap, so it is intact after a jump.
typedef struct {
  png_structp png;
  png_infop info;
  const unsigned char *bytes;
  size_t size, offset;
  rover_shrinker shrinker;
  unsigned char *row;
  unsigned char *rgb;
  unsigned char *image;
  png_bytep *rows;
  char message[160];
} png_job;

static void jump_back(png_structp png, png_const_charp message) {
  png_job *job = png_get_error_ptr(png);
  snprintf(job->message, sizeof(job->message), "%s", message ? message : "unknown error");
  png_longjmp(png, 1);
}

static void ignore_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

static void read_bytes(png_structp png, png_bytep out, size_t length) {
  png_job *job = png_get_io_ptr(png);
  if (length > job->size - job->offset) png_error(png, "file ends early");
  memcpy(out, job->bytes + job->offset, length);
  job->offset += length;
}

// Every pixel made 8-bit RGBA, whatever the file's color type: one row layout for the rest of the code.
static void request_rgba(png_structp png) {
  png_set_expand(png);
  png_set_strip_16(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
}

// Transparent parts are composited onto the gallery's tile color.
static void flatten(const unsigned char *rgba, unsigned char *rgb, int width) {
  for (int x = 0; x < width; x++, rgba += 4, rgb += 3) {
    unsigned int alpha = rgba[3];
    for (int c = 0; c < 3; c++) rgb[c] = (unsigned char)((rgba[c] * alpha + 0x22 * (255 - alpha) + 127) / 255);
  }
}

// Adam7 fills each row over seven passes, so an interlaced file is read whole; only within the memory limit.
static int read_interlaced(png_job *job, int width, int height, char *error, size_t error_size) {
  if ((unsigned long)width * (unsigned long)height * 4 > (unsigned long)MAX_DECODER_BYTES) {
    return rover_fail_memory(error, error_size);
  }
  job->image = malloc((size_t)width * (size_t)height * 4);
  job->rows = malloc((size_t)height * sizeof(png_bytep));
  if (!job->image || !job->rows) return rover_fail(error, error_size, "out of memory", NULL);
  for (int y = 0; y < height; y++) job->rows[y] = job->image + (size_t)y * (size_t)width * 4;
  png_read_image(job->png, job->rows);
  for (int y = 0; y < height; y++) {
    flatten(job->rows[y], job->rgb, width);
    rover_shrinker_add_row(&job->shrinker, job->rgb);
  }
  return 0;
}

static int decode(png_job *job, int max_side, char *error, size_t error_size) {
  if (setjmp(png_jmpbuf(job->png))) return rover_fail(error, error_size, "cannot decode PNG", job->message);
  png_set_user_limits(job->png, MAX_SIDE, MAX_SIDE);
  png_set_chunk_malloc_max(job->png, MAX_CHUNK_BYTES);
  // Text, palettes, profiles: nothing a thumbnail uses. libpng would inflate and keep up to a thousand of them
  // (8 MB each, gigabytes from a file of a few megabytes); discarded unread instead.
  static const png_byte ignored[] = "tEXt\0zTXt\0iTXt\0sPLT\0iCCP\0eXIf\0";
  png_set_keep_unknown_chunks(job->png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
  png_set_keep_unknown_chunks(job->png, PNG_HANDLE_CHUNK_NEVER, ignored, 6);
  png_set_chunk_cache_max(job->png, 32);
  png_set_read_fn(job->png, job, read_bytes);
  png_read_info(job->png, job->info);
  png_uint_32 width = png_get_image_width(job->png, job->info), height = png_get_image_height(job->png, job->info);
  if (rover_check_declared(width, height, error, error_size) != 0) return -1;
  request_rgba(job->png);
  int passes = png_set_interlace_handling(job->png);
  png_read_update_info(job->png, job->info);
  if (png_get_rowbytes(job->png, job->info) != (size_t)width * 4) png_error(job->png, "unexpected row layout");
  job->row = malloc((size_t)width * 4);
  job->rgb = malloc((size_t)width * 3);
  if (!job->row || !job->rgb || rover_shrinker_start(&job->shrinker, (int)width, (int)height, max_side) != 0) {
    return rover_fail(error, error_size, "out of memory", NULL);
  }
  if (passes > 1) return read_interlaced(job, (int)width, (int)height, error, error_size);
  for (png_uint_32 y = 0; y < height; y++) {
    png_read_row(job->png, job->row, NULL);
    flatten(job->row, job->rgb, (int)width);
    rover_shrinker_add_row(&job->shrinker, job->rgb);
  }
  return 0;
}

// IHDR is the first chunk by rule (libpng insists): its size is checked here, before libpng sees the file.
static int check_header(const unsigned char *bytes, unsigned long size, char *error, size_t error_size) {
  if (size < 24 || memcmp(bytes + 12, "IHDR", 4) != 0) return 0;
  unsigned long width = (unsigned long)bytes[16] << 24 | (unsigned long)bytes[17] << 16 |
                        (unsigned long)bytes[18] << 8 | bytes[19];
  unsigned long height = (unsigned long)bytes[20] << 24 | (unsigned long)bytes[21] << 16 |
                         (unsigned long)bytes[22] << 8 | bytes[23];
  return rover_check_declared(width, height, error, error_size);
}

unsigned char *rover_decode_png(const unsigned char *bytes, unsigned long size, int max_side, int *width,
                                int *height, char *error, size_t error_size) {
  if (check_header(bytes, size, error, error_size) != 0) return NULL;
  png_job *job = calloc(1, sizeof(png_job));
  if (!job) {
    rover_fail(error, error_size, "out of memory", NULL);
    return NULL;
  }
  job->bytes = bytes;
  job->size = size;
  job->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, job, jump_back, ignore_warning);
  job->info = job->png ? png_create_info_struct(job->png) : NULL;
  unsigned char *pixels = NULL;
  if (!job->info) {
    rover_fail(error, error_size, "cannot start the PNG decoder", NULL);
  } else if (decode(job, max_side, error, error_size) == 0) {
    pixels = rover_shrinker_take(&job->shrinker, width, height);
  }
  png_destroy_read_struct(job->png ? &job->png : NULL, job->info ? &job->info : NULL, NULL);
  rover_shrinker_free(&job->shrinker);
  free(job->row);
  free(job->rgb);
  free(job->image);
  free(job->rows);
  free(job);
  return pixels;
}
