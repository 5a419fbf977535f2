#include "imaging_internal.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

// libjpeg's own API rather than TurboJPEG's: TurboJPEG before 3.0 (Debian 12 ships 2.1) cannot limit a decoder's
// memory, and only libjpeg lets the header be checked before any image buffer exists.

typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  const char *reason;
} jpeg_guard;

typedef struct {
  struct jpeg_decompress_struct info;
  jpeg_guard guard;
  struct jpeg_progress_mgr progress;
  FILE *file;
  int created;
} jpeg_state;

static void jump_back(j_common_ptr info) { longjmp(((jpeg_guard *)info->err)->jump, 1); }

// A truncated download or a corrupt block is not a failure: the rest decodes grey, as every viewer shows it.
static void ignore_warning(j_common_ptr info, int level) {
  (void)info;
  (void)level;
}

static void count_scans(j_common_ptr info) {
  if (!info->is_decompressor || ((j_decompress_ptr)info)->input_scan_number <= ROVER_IMAGING_MAX_SCANS) return;
  jpeg_guard *guard = (jpeg_guard *)info->err;
  guard->reason = "more progressive scans than the limit of 500";
  longjmp(guard->jump, 1);
}

static int failure(jpeg_state *state, char *error, size_t error_size) {
  if (state->guard.reason) {
    return rover_imaging_fail(ROVER_IMAGING_TOO_LARGE, error, error_size, state->guard.reason, NULL);
  }
  if (state->guard.manager.msg_code == JERR_NO_BACKING_STORE) {
    return rover_imaging_fail(ROVER_IMAGING_TOO_LARGE, error, error_size, "needs more decoder memory than 256 MB",
                              NULL);
  }
  char message[JMSG_LENGTH_MAX];
  state->guard.manager.format_message((j_common_ptr)&state->info, message);
  return rover_imaging_fail(ROVER_IMAGING_CORRUPT, error, error_size, "cannot decode JPEG", message);
}

static void close_jpeg(void *opaque) {
  jpeg_state *state = opaque;
  if (!state) return;
  if (state->created) jpeg_destroy_decompress(&state->info);
  if (state->file) fclose(state->file);
  free(state);
}

static int start(jpeg_state *state, long max_pixels, rover_imaging_info *out, char *error, size_t error_size) {
  if (setjmp(state->guard.jump)) return failure(state, error, error_size);
  jpeg_create_decompress(&state->info);
  state->created = 1;
  // Past this, libjpeg asks for a backing store, which this build has not, and stops before allocating.
  state->info.mem->max_memory_to_use = ROVER_IMAGING_MAX_DECODER_BYTES;
  state->info.progress = &state->progress;
  jpeg_stdio_src(&state->info, state->file);
  jpeg_read_header(&state->info, TRUE);
  int status = rover_imaging_check_size(state->info.image_width, state->info.image_height, max_pixels, error,
                                        error_size);
  if (status != ROVER_IMAGING_OK) return status;
  J_COLOR_SPACE space = state->info.jpeg_color_space;
  if (space == JCS_CMYK || space == JCS_YCCK) {
    return rover_imaging_fail(ROVER_IMAGING_UNSUPPORTED, error, error_size, "CMYK JPEG", NULL);
  }
  state->info.out_color_space = space == JCS_GRAYSCALE ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_calc_output_dimensions(&state->info);
  out->width = (int)state->info.output_width;
  out->height = (int)state->info.output_height;
  out->channels = state->info.out_color_components;
  out->bit_depth = 8;
  return ROVER_IMAGING_OK;
}

static void *open_jpeg(FILE *file, int keep_alpha, long max_pixels, rover_imaging_info *info, int *status,
                       char *error, size_t error_size) {
  (void)keep_alpha;
  jpeg_state *state = calloc(1, sizeof(jpeg_state));
  if (!state) {
    fclose(file);
    *status = rover_imaging_fail(ROVER_IMAGING_UNREADABLE, error, error_size, "out of memory", NULL);
    return NULL;
  }
  state->file = file;
  state->info.err = jpeg_std_error(&state->guard.manager);
  state->guard.manager.error_exit = jump_back;
  state->guard.manager.emit_message = ignore_warning;
  state->progress.progress_monitor = count_scans;
  *status = start(state, max_pixels, info, error, error_size);
  if (*status != ROVER_IMAGING_OK) {
    close_jpeg(state);
    return NULL;
  }
  return state;
}

static int read_jpeg(void *opaque, const rover_imaging_info *info, unsigned char *pixels, char *error,
                     size_t error_size) {
  jpeg_state *state = opaque;
  if (setjmp(state->guard.jump)) return failure(state, error, error_size);
  jpeg_start_decompress(&state->info);
  size_t stride = (size_t)info->width * (size_t)info->channels;
  if (state->info.output_width != (JDIMENSION)info->width || state->info.output_components != info->channels) {
    return rover_imaging_fail(ROVER_IMAGING_CORRUPT, error, error_size, "cannot decode JPEG", "layout changed");
  }
  while (state->info.output_scanline < state->info.output_height) {
    JSAMPROW rows[1] = {pixels + (size_t)state->info.output_scanline * stride};
    if (jpeg_read_scanlines(&state->info, rows, 1) != 1) break;
  }
  return ROVER_IMAGING_OK;
}

const rover_imaging_format rover_imaging_jpeg = {open_jpeg, read_jpeg, close_jpeg};
