#include "CImage.h"

#include <errno.h>
#include <fcntl.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <turbojpeg.h>
#include <unistd.h>

// Larger files or pictures are refused rather than decoded: a thumbnail run must keep its memory flat.
#define MAX_FILE_BYTES (512L * 1024 * 1024)
#define MAX_DECODED_PIXELS (80L * 1000 * 1000)

static int fail(char *error, size_t size, const char *what, const char *detail) {
  if (error && size > 0) snprintf(error, size, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
  return -1;
}

// Reads a whole regular file without following a symlink at its final name.
static unsigned char *read_file(const char *path, unsigned long *size, char *error, size_t error_size) {
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    fail(error, error_size, "cannot open", strerror(errno));
    return NULL;
  }
  struct stat info;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size <= 0 || info.st_size > MAX_FILE_BYTES) {
    close(fd);
    fail(error, error_size, "not a readable image file of a sensible size", NULL);
    return NULL;
  }
  unsigned char *bytes = malloc((size_t)info.st_size);
  if (!bytes) {
    close(fd);
    fail(error, error_size, "out of memory", NULL);
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
    fail(error, error_size, "short read", NULL);
    return NULL;
  }
  *size = (unsigned long)done;
  return bytes;
}

// Area-averaging shrink of packed RGB: each output pixel is the mean of the source pixels it covers.
static unsigned char *shrink(const unsigned char *src, int width, int height, int out_width, int out_height) {
  unsigned char *out = malloc((size_t)out_width * (size_t)out_height * 3);
  if (!out) return NULL;
  for (int oy = 0; oy < out_height; oy++) {
    int y0 = (int)((long)oy * height / out_height);
    int y1 = (int)((long)(oy + 1) * height / out_height);
    if (y1 <= y0) y1 = y0 + 1;
    for (int ox = 0; ox < out_width; ox++) {
      int x0 = (int)((long)ox * width / out_width);
      int x1 = (int)((long)(ox + 1) * width / out_width);
      if (x1 <= x0) x1 = x0 + 1;
      unsigned long sum[3] = {0, 0, 0};
      for (int y = y0; y < y1; y++) {
        const unsigned char *row = src + ((size_t)y * (size_t)width + (size_t)x0) * 3;
        for (int x = x0; x < x1; x++, row += 3) {
          sum[0] += row[0];
          sum[1] += row[1];
          sum[2] += row[2];
        }
      }
      unsigned long count = (unsigned long)(x1 - x0) * (unsigned long)(y1 - y0);
      unsigned char *pixel = out + ((size_t)oy * (size_t)out_width + (size_t)ox) * 3;
      for (int c = 0; c < 3; c++) pixel[c] = (unsigned char)((sum[c] + count / 2) / count);
    }
  }
  return out;
}

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

int rover_image_encode_rgb(const unsigned char *rgb, int width, int height, int quality, rover_jpeg *out,
                           char *error, size_t error_size) {
  memset(out, 0, sizeof(*out));
  tjhandle handle = tjInitCompress();
  if (!handle) return fail(error, error_size, "cannot start the JPEG encoder", NULL);
  unsigned char *jpeg = NULL;
  unsigned long size = 0;
  int status = tjCompress2(handle, rgb, width, 0, height, TJPF_RGB, &jpeg, &size, TJSAMP_420, quality, 0);
  if (status != 0) {
    fail(error, error_size, "cannot encode JPEG", tjGetErrorStr2(handle));
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

// Decodes a JPEG at the smallest DCT scale (1/8 .. 1) whose longer side still reaches max_side.
static unsigned char *decode_jpeg(const unsigned char *bytes, unsigned long size, int max_side, int *width,
                                  int *height, char *error, size_t error_size) {
  tjhandle handle = tjInitDecompress();
  if (!handle) {
    fail(error, error_size, "cannot start the JPEG decoder", NULL);
    return NULL;
  }
  int full_width = 0, full_height = 0, subsampling = 0, colorspace = 0;
  if (tjDecompressHeader3(handle, bytes, size, &full_width, &full_height, &subsampling, &colorspace) != 0) {
    fail(error, error_size, "not a JPEG", tjGetErrorStr2(handle));
    tjDestroy(handle);
    return NULL;
  }
  int count = 0;
  tjscalingfactor *factors = tjGetScalingFactors(&count);
  tjscalingfactor best = {1, 1};
  long best_side = (long)(full_width > full_height ? full_width : full_height);
  for (int i = 0; factors && i < count; i++) {
    if (factors[i].num > factors[i].denom) continue;
    int w = TJSCALED(full_width, factors[i]);
    int h = TJSCALED(full_height, factors[i]);
    long side = w > h ? w : h;
    if (side >= max_side && side < best_side) {
      best = factors[i];
      best_side = side;
    }
  }
  int w = TJSCALED(full_width, best);
  int h = TJSCALED(full_height, best);
  if (w <= 0 || h <= 0 || (long)w * (long)h > MAX_DECODED_PIXELS) {
    fail(error, error_size, "image too large to decode", NULL);
    tjDestroy(handle);
    return NULL;
  }
  unsigned char *rgb = malloc((size_t)w * (size_t)h * 3);
  if (!rgb) {
    fail(error, error_size, "out of memory", NULL);
    tjDestroy(handle);
    return NULL;
  }
  // A truncated download still decodes to its top part with a warning; only a hard error is a failure.
  if (tjDecompress2(handle, bytes, size, rgb, w, 0, h, TJPF_RGB, TJFLAG_FASTDCT) != 0 &&
      tjGetErrorCode(handle) == TJERR_FATAL) {
    fail(error, error_size, "cannot decode JPEG", tjGetErrorStr2(handle));
    free(rgb);
    tjDestroy(handle);
    return NULL;
  }
  tjDestroy(handle);
  *width = w;
  *height = h;
  return rgb;
}

static unsigned char *decode_png(const unsigned char *bytes, unsigned long size, int *width, int *height,
                                 char *error, size_t error_size) {
  png_image image;
  memset(&image, 0, sizeof(image));
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, bytes, size)) {
    fail(error, error_size, "not a PNG", image.message);
    png_image_free(&image);
    return NULL;
  }
  if ((long)image.width * (long)image.height > MAX_DECODED_PIXELS) {
    png_image_free(&image);
    fail(error, error_size, "image too large to decode", NULL);
    return NULL;
  }
  image.format = PNG_FORMAT_RGB;
  unsigned char *rgb = malloc(PNG_IMAGE_SIZE(image));
  if (!rgb) {
    png_image_free(&image);
    fail(error, error_size, "out of memory", NULL);
    return NULL;
  }
  // Transparent parts are composited onto the gallery's tile colour.
  png_color background = {0x22, 0x22, 0x22};
  if (!png_image_finish_read(&image, &background, rgb, 0, NULL)) {
    fail(error, error_size, "cannot decode PNG", image.message);
    png_image_free(&image);
    free(rgb);
    return NULL;
  }
  *width = (int)image.width;
  *height = (int)image.height;
  png_image_free(&image);
  return rgb;
}

int rover_image_thumbnail(const char *path, int max_side, int quality, rover_jpeg *out, char *error,
                          size_t error_size) {
  memset(out, 0, sizeof(*out));
  if (max_side < 1) return fail(error, error_size, "thumbnail size must be positive", NULL);
  unsigned long size = 0;
  unsigned char *bytes = read_file(path, &size, error, error_size);
  if (!bytes) return -1;
  int width = 0, height = 0;
  unsigned char *rgb = NULL;
  static const unsigned char png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (size >= 3 && bytes[0] == 0xff && bytes[1] == 0xd8 && bytes[2] == 0xff) {
    rgb = decode_jpeg(bytes, size, max_side, &width, &height, error, error_size);
  } else if (size >= 8 && memcmp(bytes, png_signature, 8) == 0) {
    rgb = decode_png(bytes, size, &width, &height, error, error_size);
  } else {
    fail(error, error_size, "neither a JPEG nor a PNG", NULL);
  }
  free(bytes);
  if (!rgb) return -1;
  int out_width = 0, out_height = 0;
  fit(width, height, max_side, &out_width, &out_height);
  unsigned char *small = rgb;
  if (out_width != width || out_height != height) {
    small = shrink(rgb, width, height, out_width, out_height);
    free(rgb);
    if (!small) return fail(error, error_size, "out of memory", NULL);
  }
  int status = rover_image_encode_rgb(small, out_width, out_height, quality, out, error, error_size);
  free(small);
  return status;
}

void rover_image_free(rover_jpeg *image) {
  if (image && image->data) tjFree(image->data);
  if (image) memset(image, 0, sizeof(*image));
}
