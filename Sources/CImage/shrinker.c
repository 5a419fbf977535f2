#include "cimage_internal.h"

#include <stdlib.h>
#include <string.h>

// The output size: the longer side brought down to max_side, the shape kept, never enlarged.
static void fit(int width, int height, int max_side, int *out_width, int *out_height) {
  int longer = width > height ? width : height;
  if (longer <= max_side) {
    *out_width = width;
    *out_height = height;
    return;
  }
  *out_width = (int)(((long)width * max_side + longer / 2) / longer);
  *out_height = (int)(((long)height * max_side + longer / 2) / longer);
  if (*out_width < 1) *out_width = 1;
  if (*out_height < 1) *out_height = 1;
}

int rover_shrinker_start(rover_shrinker *shrinker, int width, int height, int max_side) {
  memset(shrinker, 0, sizeof(*shrinker));
  shrinker->width = width;
  shrinker->height = height;
  fit(width, height, max_side, &shrinker->out_width, &shrinker->out_height);
  size_t columns = (size_t)shrinker->out_width;
  shrinker->column_end = malloc(columns * sizeof(int));
  shrinker->sums = calloc(columns * 3, sizeof(unsigned long));
  shrinker->pixels = calloc(columns * (size_t)shrinker->out_height, 3);
  if (!shrinker->column_end || !shrinker->sums || !shrinker->pixels) {
    rover_shrinker_free(shrinker);
    return -1;
  }
  // Output column x covers source columns [end(x - 1), end(x)); as the output is never wider, none is empty.
  for (int x = 0; x < shrinker->out_width; x++) {
    shrinker->column_end[x] = (int)((long)(x + 1) * width / shrinker->out_width);
  }
  return 0;
}

// Writes one output row from the sums of the source rows it covers, and clears the sums for the next.
static void emit_row(rover_shrinker *shrinker, int rows) {
  unsigned char *out = shrinker->pixels + (size_t)shrinker->out_row * (size_t)shrinker->out_width * 3;
  int start = 0;
  for (int x = 0; x < shrinker->out_width; x++) {
    unsigned long count = (unsigned long)(shrinker->column_end[x] - start) * (unsigned long)rows;
    for (int c = 0; c < 3; c++) {
      unsigned long sum = shrinker->sums[(size_t)x * 3 + (size_t)c];
      out[(size_t)x * 3 + (size_t)c] = (unsigned char)((sum + count / 2) / count);
    }
    start = shrinker->column_end[x];
  }
  memset(shrinker->sums, 0, (size_t)shrinker->out_width * 3 * sizeof(unsigned long));
  shrinker->out_row++;
}

void rover_shrinker_add_row(rover_shrinker *shrinker, const unsigned char *rgb) {
  if (!shrinker->pixels || shrinker->out_row >= shrinker->out_height) return;
  int x = 0;
  for (int out_x = 0; out_x < shrinker->out_width; out_x++) {
    unsigned long *sum = shrinker->sums + (size_t)out_x * 3;
    for (; x < shrinker->column_end[out_x]; x++) {
      sum[0] += rgb[(size_t)x * 3];
      sum[1] += rgb[(size_t)x * 3 + 1];
      sum[2] += rgb[(size_t)x * 3 + 2];
    }
  }
  shrinker->row++;
  int first = (int)((long)shrinker->out_row * shrinker->height / shrinker->out_height);
  int end = (int)((long)(shrinker->out_row + 1) * shrinker->height / shrinker->out_height);
  if (shrinker->row >= end) emit_row(shrinker, end - first);
}

unsigned char *rover_shrinker_take(rover_shrinker *shrinker, int *width, int *height) {
  unsigned char *pixels = shrinker->pixels;
  *width = shrinker->out_width;
  *height = shrinker->out_height;
  shrinker->pixels = NULL;
  rover_shrinker_free(shrinker);
  return pixels;
}

void rover_shrinker_free(rover_shrinker *shrinker) {
  free(shrinker->column_end);
  free(shrinker->sums);
  free(shrinker->pixels);
  memset(shrinker, 0, sizeof(*shrinker));
}
