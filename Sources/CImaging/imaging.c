#include "imaging_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct rover_imaging_decoder {
  const rover_imaging_format *format;
  void *state;
  rover_imaging_info info;
  int read;
};

int rover_imaging_fail(int status, char *error, size_t size, const char *what, const char *detail) {
  if (error && size > 0) snprintf(error, size, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
  return status;
}

int rover_imaging_check_size(unsigned long width, unsigned long height, long max_pixels, char *error, size_t size) {
  char detail[96];
  snprintf(detail, sizeof(detail), "%lu x %lu", width, height);
  if (width == 0 || height == 0) return rover_imaging_fail(ROVER_IMAGING_CORRUPT, error, size, "empty image", detail);
  if (width > ROVER_IMAGING_MAX_SIDE || height > ROVER_IMAGING_MAX_SIDE ||
      (double)width * (double)height > (double)max_pixels) {
    return rover_imaging_fail(ROVER_IMAGING_TOO_LARGE, error, size, "declared size over the limit", detail);
  }
  return ROVER_IMAGING_OK;
}

// The file is opened without following a link at its final name, and must be a regular file; its first bytes say
// which decoder reads it.
rover_imaging_decoder *rover_imaging_open(const char *path, int keep_alpha, long max_pixels, rover_imaging_info *info,
                                          int *status, char *error, size_t error_size) {
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  struct stat facts;
  if (fd < 0 || fstat(fd, &facts) != 0 || !S_ISREG(facts.st_mode)) {
    *status = rover_imaging_fail(ROVER_IMAGING_UNREADABLE, error, error_size, "cannot open a regular file",
                                 fd < 0 ? strerror(errno) : NULL);
    if (fd >= 0) close(fd);
    return NULL;
  }
  unsigned char head[8] = {0};
  ssize_t count = pread(fd, head, sizeof(head), 0);
  const rover_imaging_format *format = NULL;
  if (count == 8 && memcmp(head, "\x89PNG\r\n\x1a\n", 8) == 0) format = &rover_imaging_png;
  if (count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF) format = &rover_imaging_jpeg;
  FILE *file = format ? fdopen(fd, "rb") : NULL;
  if (!file) {
    close(fd);
    *status = rover_imaging_fail(format ? ROVER_IMAGING_UNREADABLE : ROVER_IMAGING_UNSUPPORTED, error, error_size,
                                 format ? "cannot read" : "neither a PNG nor a JPEG", NULL);
    return NULL;
  }
  rover_imaging_decoder *decoder = calloc(1, sizeof(rover_imaging_decoder));
  if (!decoder) {
    fclose(file);
    *status = rover_imaging_fail(ROVER_IMAGING_UNREADABLE, error, error_size, "out of memory", NULL);
    return NULL;
  }
  decoder->format = format;
  *status = ROVER_IMAGING_OK;
  decoder->state = format->open(file, keep_alpha, max_pixels, &decoder->info, status, error, error_size);
  if (!decoder->state) {
    free(decoder);
    return NULL;
  }
  *info = decoder->info;
  return decoder;
}

int rover_imaging_read(rover_imaging_decoder *decoder, unsigned char *pixels, char *error, size_t error_size) {
  if (decoder->read) return rover_imaging_fail(ROVER_IMAGING_CORRUPT, error, error_size, "already read", NULL);
  decoder->read = 1;
  return decoder->format->read(decoder->state, &decoder->info, pixels, error, error_size);
}

void rover_imaging_close(rover_imaging_decoder *decoder) {
  if (!decoder) return;
  decoder->format->close(decoder->state);
  free(decoder);
}
