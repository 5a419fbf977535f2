#include "cimage_internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

// libjpeg's own API rather than TurboJPEG's: TurboJPEG before 3.0 (Debian 12 ships 2.1) cannot set a memory limit,
// and only libjpeg lets the header be checked before any buffer for the image exists.

// libjpeg reports errors by calling error_exit, which must not return: it jumps back to decode().
typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  const char *reason;
} jpeg_guard;

// Everything decode() touches after setjmp lives here, in the caller's frame, so it is intact after a jump.
typedef struct {
  struct jpeg_decompress_struct info;
  jpeg_guard guard;
  struct jpeg_progress_mgr progress;
  rover_shrinker shrinker;
  unsigned char *row;
  int header_read;
} jpeg_job;

static void jump_back(j_common_ptr info) { longjmp(((jpeg_guard *)info->err)->jump, 1); }

// Warnings (a truncated download, a corrupt block) are not failures: the rest of the picture decodes as grey.
static void ignore_warning(j_common_ptr info, int level) {
  (void)info;
  (void)level;
}

// A progressive file of thousands of tiny scans costs CPU without bound; refuse it past MAX_SCANS.
static void count_scans(j_common_ptr info) {
  if (!info->is_decompressor || ((j_decompress_ptr)info)->input_scan_number <= MAX_SCANS) return;
  jpeg_guard *guard = (jpeg_guard *)info->err;
  guard->reason = "more progressive scans than the limit of 500";
  longjmp(guard->jump, 1);
}

// The smallest DCT scale (1/8 .. 8/8) whose longer side still reaches max_side: the decoder does the first shrink.
static void choose_scale(j_decompress_ptr info, int max_side) {
  info->scale_denom = 8;
  for (unsigned int eighths = 1; eighths <= 8; eighths++) {
    info->scale_num = eighths;
    jpeg_calc_output_dimensions(info);
    JDIMENSION longer = info->output_width > info->output_height ? info->output_width : info->output_height;
    if (longer >= (JDIMENSION)max_side) return;
  }
}

static int failure(jpeg_job *job, char *error, size_t error_size) {
  if (job->guard.reason) return rover_fail(error, error_size, job->guard.reason, NULL);
  if (job->guard.manager.msg_code == JERR_NO_BACKING_STORE) {
    return rover_fail_memory(error, error_size);
  }
  char message[JMSG_LENGTH_MAX];
  job->guard.manager.format_message((j_common_ptr)&job->info, message);
  return rover_fail(error, error_size, job->header_read ? "cannot decode JPEG" : "not a JPEG", message);
}

static int decode(jpeg_job *job, const unsigned char *bytes, unsigned long size, int max_side, char *error,
                  size_t error_size) {
  if (setjmp(job->guard.jump)) return failure(job, error, error_size);
  jpeg_create_decompress(&job->info);
  // Only what cannot be streamed (a progressive or multi-scan file's coefficients) counts against this; past it
  // libjpeg asks for a backing store, which this build has not, and stops before allocating.
  job->info.mem->max_memory_to_use = MAX_DECODER_BYTES;
  job->info.progress = &job->progress;
  jpeg_mem_src(&job->info, bytes, size);
  jpeg_read_header(&job->info, TRUE);
  job->header_read = 1;
  if (rover_check_declared(job->info.image_width, job->info.image_height, error, error_size) != 0) return -1;
  choose_scale(&job->info, max_side);
  job->info.out_color_space = JCS_RGB;
  job->info.dct_method = JDCT_IFAST;
  jpeg_start_decompress(&job->info);
  int width = (int)job->info.output_width, height = (int)job->info.output_height;
  job->row = malloc((size_t)width * 3);
  if (!job->row || rover_shrinker_start(&job->shrinker, width, height, max_side) != 0) {
    return rover_fail(error, error_size, "out of memory", NULL);
  }
  while (job->info.output_scanline < job->info.output_height) {
    JSAMPROW rows[1] = {job->row};
    if (jpeg_read_scanlines(&job->info, rows, 1) != 1) break;
    rover_shrinker_add_row(&job->shrinker, job->row);
  }
  return 0;
}

unsigned char *rover_decode_jpeg(const unsigned char *bytes, unsigned long size, int max_side, int *width,
                                 int *height, char *error, size_t error_size) {
  jpeg_job *job = calloc(1, sizeof(jpeg_job));
  if (!job) {
    rover_fail(error, error_size, "out of memory", NULL);
    return NULL;
  }
  job->info.err = jpeg_std_error(&job->guard.manager);
  job->guard.manager.error_exit = jump_back;
  job->guard.manager.emit_message = ignore_warning;
  job->progress.progress_monitor = count_scans;
  unsigned char *pixels = NULL;
  if (decode(job, bytes, size, max_side, error, error_size) == 0) {
    pixels = rover_shrinker_take(&job->shrinker, width, height);
  }
  rover_shrinker_free(&job->shrinker);
  free(job->row);
  jpeg_destroy_decompress(&job->info);
  free(job);
  return pixels;
}
