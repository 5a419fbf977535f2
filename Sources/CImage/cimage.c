#include "CImage.h"
#include "cimage_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <turbojpeg.h>
#include <unistd.h>

// Larger files are refused rather than read: a thumbnail run must keep its memory flat. The largest real
// images (full-resolution PNGs of the raw feeds) are a few megabytes.
#define MAX_FILE_BYTES (64L * 1024 * 1024)

int rover_fail(char *error, size_t size, const char *what, const char *detail) {
  if (error && size > 0) snprintf(error, size, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
  return -1;
}

// Reads a whole regular file without following a symlink at its final name.
static unsigned char *read_file(const char *path, unsigned long *size, char *error, size_t error_size) {
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    rover_fail(error, error_size, "cannot open", strerror(errno));
    return NULL;
  }
  struct stat info;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size <= 0 || info.st_size > MAX_FILE_BYTES) {
    close(fd);
    rover_fail(error, error_size, "not a readable image file of a sensible size", NULL);
    return NULL;
  }
  // The signature first: a file that is no JPEG or PNG is refused before its bytes are held.
  unsigned char head[8] = {0};
  ssize_t headCount = pread(fd, head, sizeof(head), 0);
  int jpeg = headCount >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF;
  int png = headCount == 8 && memcmp(head, "\x89PNG\r\n\x1a\n", 8) == 0;
  if (!jpeg && !png) {
    close(fd);
    rover_fail(error, error_size, "neither a JPEG nor a PNG", NULL);
    return NULL;
  }
  unsigned char *bytes = malloc((size_t)info.st_size);
  if (!bytes) {
    close(fd);
    rover_fail(error, error_size, "out of memory", NULL);
    return NULL;
  }
  size_t done = 0;
  while (done < (size_t)info.st_size) {
    ssize_t got = read(fd, bytes + done, (size_t)info.st_size - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    done += (size_t)got;
  }
  close(fd);
  if (done != (size_t)info.st_size) {
    free(bytes);
    rover_fail(error, error_size, "short read", NULL);
    return NULL;
  }
  *size = (unsigned long)done;
  return bytes;
}

int rover_fail_memory(char *error, size_t size) {
  char reason[64];
  snprintf(reason, sizeof(reason), "needs more than %d MB to decode", MAX_DECODER_MEGABYTES);
  return rover_fail(error, size, reason, NULL);
}

int rover_check_declared(unsigned long width, unsigned long height, char *error, size_t size) {
  char reason[120];
  if (width == 0 || height == 0) return rover_fail(error, size, "declares an empty image", NULL);
  if (width > MAX_SIDE || height > MAX_SIDE) {
    snprintf(reason, sizeof(reason), "declares %lux%lu pixels, over the limit of %d a side", width, height, MAX_SIDE);
    return rover_fail(error, size, reason, NULL);
  }
  if (width * height > (unsigned long)MAX_DECLARED_PIXELS) {
    snprintf(reason, sizeof(reason), "declares %lux%lu pixels, over the limit of %d megapixels", width, height,
             MAX_DECLARED_MEGAPIXELS);
    return rover_fail(error, size, reason, NULL);
  }
  return 0;
}

int rover_image_encode_rgb(const unsigned char *rgb, int width, int height, int quality, rover_jpeg *out,
                           char *error, size_t error_size) {
  memset(out, 0, sizeof(*out));
  tjhandle handle = tjInitCompress();
  if (!handle) return rover_fail(error, error_size, "cannot start the JPEG encoder", NULL);
  unsigned char *jpeg = NULL;
  unsigned long size = 0;
  int status = tjCompress2(handle, rgb, width, 0, height, TJPF_RGB, &jpeg, &size, TJSAMP_420, quality, 0);
  if (status != 0) {
    rover_fail(error, error_size, "cannot encode JPEG", tjGetErrorStr2(handle));
    tjDestroy(handle);
    if (jpeg) tjFree(jpeg);
    return -1;
  }
  tjDestroy(handle);
  out->data = jpeg;
  out->size = size;
  out->width = width;
  out->height = height;
  return 0;
}

int rover_image_thumbnail(const char *path, int max_side, int quality, rover_jpeg *out, char *error,
                          size_t error_size) {
  memset(out, 0, sizeof(*out));
  if (max_side < 1) return rover_fail(error, error_size, "thumbnail size must be positive", NULL);
  unsigned long size = 0;
  unsigned char *bytes = read_file(path, &size, error, error_size);
  if (!bytes) return -1;
  int width = 0, height = 0;
  unsigned char *rgb = NULL;
  static const unsigned char png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (size >= 3 && bytes[0] == 0xff && bytes[1] == 0xd8 && bytes[2] == 0xff) {
    rgb = rover_decode_jpeg(bytes, size, max_side, &width, &height, error, error_size);
  } else if (size >= 8 && memcmp(bytes, png_signature, 8) == 0) {
    rgb = rover_decode_png(bytes, size, max_side, &width, &height, error, error_size);
  } else {
    rover_fail(error, error_size, "neither a JPEG nor a PNG", NULL);
  }
  free(bytes);
  if (!rgb) return -1;
  int status = rover_image_encode_rgb(rgb, width, height, quality, out, error, error_size);
  free(rgb);
  return status;
}

void rover_image_free(rover_jpeg *image) {
  if (image && image->data) tjFree(image->data);
  if (image) memset(image, 0, sizeof(*image));
}
