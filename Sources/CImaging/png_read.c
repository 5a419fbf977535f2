#include "imaging_internal.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

// libpng's full API: it takes user limits, and it hands over rows, so the caller's buffer is the only image buffer
// (an interlaced file's seven passes go over the same rows).

typedef struct {
  png_structp png;
  png_infop info;
  FILE *file;
  char message[ROVER_IMAGING_MESSAGE];
} png_state;

void rover_imaging_png_error(png_structp png, png_const_charp message) {
  char *buffer = png_get_error_ptr(png);
  snprintf(buffer, ROVER_IMAGING_MESSAGE, "%s", message ? message : "unknown error");
  png_longjmp(png, 1);
}

void rover_imaging_png_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

static void close_png(void *opaque) {
  png_state *state = opaque;
  if (!state) return;
  png_destroy_read_struct(state->png ? &state->png : NULL, state->info ? &state->info : NULL, NULL);
  if (state->file) fclose(state->file);
  free(state);
}

// Palettes become RGB, 1-4 bit grey becomes 8-bit, 16-bit stays 16-bit in native byte order; alpha (or tRNS) is
// kept only when asked for.
static void request_layout(png_state *state, int keep_alpha) {
  png_structp png = state->png;
  png_infop info = state->info;
  int type = png_get_color_type(png, info);
  if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (type == PNG_COLOR_TYPE_GRAY && png_get_bit_depth(png, info) < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) {
    if (keep_alpha) png_set_tRNS_to_alpha(png);
  }
  if (!keep_alpha && (type & PNG_COLOR_MASK_ALPHA)) png_set_strip_alpha(png);
  if (png_get_bit_depth(png, info) == 16) {
    const unsigned short probe = 1;
    if (*(const unsigned char *)&probe == 1) png_set_swap(png);
  }
}

static int start(png_state *state, int keep_alpha, long max_pixels, rover_imaging_info *out, char *error,
                 size_t error_size) {
  if (setjmp(png_jmpbuf(state->png))) {
    return rover_imaging_fail(ROVER_IMAGING_CORRUPT, error, error_size, "cannot decode PNG", state->message);
  }
  png_set_user_limits(state->png, ROVER_IMAGING_MAX_SIDE, ROVER_IMAGING_MAX_SIDE);
  png_set_chunk_malloc_max(state->png, ROVER_IMAGING_MAX_CHUNK_BYTES);
  // Text, profiles, suggested palettes: nothing a frame uses; libpng would inflate and keep them, so they are skipped.
  static const png_byte ignored[] = "tEXt\0zTXt\0iTXt\0sPLT\0iCCP\0eXIf\0";
  png_set_keep_unknown_chunks(state->png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
  png_set_keep_unknown_chunks(state->png, PNG_HANDLE_CHUNK_NEVER, ignored, 6);
  png_set_chunk_cache_max(state->png, 32);
  png_init_io(state->png, state->file);
  png_read_info(state->png, state->info);
  png_uint_32 width = png_get_image_width(state->png, state->info);
  png_uint_32 height = png_get_image_height(state->png, state->info);
  int status = rover_imaging_check_size(width, height, max_pixels, error, error_size);
  if (status != ROVER_IMAGING_OK) return status;
  request_layout(state, keep_alpha);
  png_set_interlace_handling(state->png);
  png_read_update_info(state->png, state->info);
  out->width = (int)width;
  out->height = (int)height;
  out->channels = png_get_channels(state->png, state->info);
  out->bit_depth = png_get_bit_depth(state->png, state->info);
  size_t expected = (size_t)width * (size_t)out->channels * (size_t)(out->bit_depth / 8);
  if (png_get_rowbytes(state->png, state->info) != expected) png_error(state->png, "unexpected row layout");
  return ROVER_IMAGING_OK;
}

static void *open_png(FILE *file, int keep_alpha, long max_pixels, rover_imaging_info *info, int *status, char *error,
                      size_t error_size) {
  png_state *state = calloc(1, sizeof(png_state));
  if (!state) {
    fclose(file);
    *status = rover_imaging_fail(ROVER_IMAGING_UNREADABLE, error, error_size, "out of memory", NULL);
    return NULL;
  }
  state->file = file;
  state->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, state->message, rover_imaging_png_error,
                                      rover_imaging_png_warning);
  state->info = state->png ? png_create_info_struct(state->png) : NULL;
  *status = state->info ? start(state, keep_alpha, max_pixels, info, error, error_size)
                        : rover_imaging_fail(ROVER_IMAGING_UNREADABLE, error, error_size, "cannot start libpng", NULL);
  if (*status != ROVER_IMAGING_OK) {
    close_png(state);
    return NULL;
  }
  return state;
}

static int read_png(void *opaque, const rover_imaging_info *info, unsigned char *pixels, char *error,
                    size_t error_size) {
  png_state *state = opaque;
  if (setjmp(png_jmpbuf(state->png))) {
    return rover_imaging_fail(ROVER_IMAGING_CORRUPT, error, error_size, "cannot decode PNG", state->message);
  }
  size_t stride = (size_t)info->width * (size_t)info->channels * (size_t)(info->bit_depth / 8);
  int passes = png_set_interlace_handling(state->png);
  for (int pass = 0; pass < passes; pass++) {
    for (int y = 0; y < info->height; y++) png_read_row(state->png, pixels + (size_t)y * stride, NULL);
  }
  return ROVER_IMAGING_OK;
}

const rover_imaging_format rover_imaging_png = {open_png, read_png, close_png};
