#include "CGif.h"

#include <gif_lib.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// A GIF being written: giflib writes the container through `put_bytes` into `buffer`, which goes to `descriptor`
/// when full; image blocks encoded apart are appended the same way, so everything reaches the file in order.
struct rover_gif_writer {
  GifFileType *file;
  int descriptor;
  int width;
  int height;
  int palette;
  int failed;  // errno of the first failed write(2), or 0
  size_t count;
  uint8_t buffer[65536];
};

/// The caller's buffer a block is encoded into; giflib's header before the image descriptor is not kept.
typedef struct {
  uint8_t *bytes;
  size_t capacity;
  size_t count;
  int keeping;
  int overflow;
} block_output;

/// giflib's output function for a block being encoded into memory.
static int put_memory(GifFileType *file, const GifByteType *bytes, int count) {
  block_output *out = file->UserData;
  if (!out->keeping) return count;
  if (out->count + (size_t)count > out->capacity) {
    out->overflow = 1;
    return 0;
  }
  memcpy(out->bytes + out->count, bytes, (size_t)count);
  out->count += (size_t)count;
  return count;
}

static int flush_writer(rover_gif_writer *writer) {
  size_t done = 0;
  while (done < writer->count && writer->failed == 0) {
    ssize_t written = write(writer->descriptor, writer->buffer + done, writer->count - done);
    if (written > 0) {
      done += (size_t)written;
    } else if (written < 0 && errno != EINTR) {
      writer->failed = errno;
    }
  }
  writer->count = 0;
  return writer->failed == 0;
}

static int writer_append(rover_gif_writer *writer, const uint8_t *bytes, size_t count) {
  while (count > 0 && writer->failed == 0) {
    if (writer->count == sizeof writer->buffer && !flush_writer(writer)) break;
    size_t room = sizeof writer->buffer - writer->count;
    size_t part = count < room ? count : room;
    memcpy(writer->buffer + writer->count, bytes, part);
    writer->count += part;
    bytes += part;
    count -= part;
  }
  return writer->failed == 0;
}

/// giflib's output function for the GIF file: through the writer's buffer.
static int put_file(GifFileType *file, const GifByteType *bytes, int count) {
  return writer_append(file->UserData, bytes, (size_t)count) ? count : 0;
}

/// 6 reds x 7 greens x 6 blues: the eye tells greens apart best, so green gets the seventh level. Each channel's
/// share of the index by table: one look-up a sample rather than a division.
static void cube_tables(uint8_t red[256], uint8_t green[256], uint8_t blue[256]) {
  for (int v = 0; v < 256; v++) {
    red[v] = (uint8_t)((v * 5 + 127) / 255 * 42);
    green[v] = (uint8_t)((v * 6 + 127) / 255 * 6);
    blue[v] = (uint8_t)((v * 5 + 127) / 255);
  }
}

static ColorMapObject *make_palette(int palette) {
  ColorMapObject *map = GifMakeMapObject(256, NULL);
  if (map == NULL) return NULL;
  for (int i = 0; i < 256; i++) {
    GifColorType *color = &map->Colors[i];
    if (palette == ROVER_GIF_GREY) {
      color->Red = color->Green = color->Blue = (GifByteType)i;
    } else if (i < 252) {
      color->Red = (GifByteType)(i / 42 * 255 / 5);
      color->Green = (GifByteType)(i / 6 % 7 * 255 / 6);
      color->Blue = (GifByteType)(i % 6 * 255 / 5);
    } else {
      color->Red = color->Green = color->Blue = 0;
    }
  }
  return map;
}

/// The NETSCAPE2.0 application extension: loop forever.
static int put_loop(GifFileType *file) {
  static const GifByteType netscape[] = "NETSCAPE2.0";
  static const GifByteType forever[] = {1, 0, 0};
  if (EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR) return file->Error;
  if (EGifPutExtensionBlock(file, 11, netscape) == GIF_ERROR) return file->Error;
  if (EGifPutExtensionBlock(file, 3, forever) == GIF_ERROR) return file->Error;
  if (EGifPutExtensionTrailer(file) == GIF_ERROR) return file->Error;
  return 0;
}

static int valid_size(int width, int height) {
  return width >= 1 && height >= 1 && width <= 65535 && height <= 65535;
}

rover_gif_writer *rover_gif_open(int descriptor, int width, int height, int palette, int *error) {
  *error = 0;
  rover_gif_writer *writer = valid_size(width, height) ? calloc(1, sizeof *writer) : NULL;
  if (writer == NULL) {
    close(descriptor);
    *error = valid_size(width, height) ? E_GIF_ERR_NOT_ENOUGH_MEM : E_GIF_ERR_DATA_TOO_BIG;
    return NULL;
  }
  writer->descriptor = descriptor;
  writer->width = width;
  writer->height = height;
  writer->palette = palette;
  writer->file = EGifOpen(writer, put_file, error);
  if (writer->file == NULL) {
    close(descriptor);
    free(writer);
    return NULL;
  }
  EGifSetGifVersion(writer->file, true);
  ColorMapObject *map = make_palette(palette);
  int code = 0;
  if (map == NULL) {
    code = E_GIF_ERR_NOT_ENOUGH_MEM;
  } else if (EGifPutScreenDesc(writer->file, width, height, 8, 0, map) == GIF_ERROR) {
    code = writer->file->Error;
  } else {
    code = put_loop(writer->file);
  }
  GifFreeMapObject(map);
  if (code != 0) {
    *error = code;
    rover_gif_close(writer);
    return NULL;
  }
  return writer;
}

size_t rover_gif_block_capacity(int width, int height) {
  size_t count = (size_t)width * (size_t)height;
  // At most one code of at most 12 bits a pixel, clear codes every ~4000 codes, a length byte every 255 bytes.
  return count / 2 * 3 + count / 128 + 4096;
}

/// Hands the frame to giflib a band of rows at a time through `line`, a copy (giflib masks its input in place) that
/// stays in cache: grey samples are their own palette indices, RGB goes through the cube's tables.
static int put_pixels(GifFileType *file, const uint8_t *pixels, int width, int height, int palette,
                      GifPixelType *line, int band) {
  uint8_t red[256], green[256], blue[256];
  if (palette != ROVER_GIF_GREY) cube_tables(red, green, blue);
  for (int y = 0; y < height; y += band) {
    size_t count = (size_t)width * (size_t)(height - y < band ? height - y : band);
    const uint8_t *row = pixels + (size_t)y * (size_t)width * (palette == ROVER_GIF_GREY ? 1 : 3);
    if (palette == ROVER_GIF_GREY) {
      memcpy(line, row, count);
    } else {
      for (size_t i = 0; i < count; i++) {
        line[i] = (GifPixelType)(red[row[i * 3]] + green[row[i * 3 + 1]] + blue[row[i * 3 + 2]]);
      }
    }
    if (EGifPutLine(file, line, (int)count) == GIF_ERROR) return file->Error;
  }
  return 0;
}

int rover_gif_encode_block(int width, int height, int palette, const uint8_t *pixels, uint8_t *bytes,
                           size_t capacity, size_t *count) {
  *count = 0;
  if (!valid_size(width, height)) return E_GIF_ERR_DATA_TOO_BIG;
  block_output out = {bytes, capacity, 0, 0, 0};
  int error = 0;
  GifFileType *file = EGifOpen(&out, put_memory, &error);
  if (file == NULL) return error ? error : E_GIF_ERR_NOT_ENOUGH_MEM;
  ColorMapObject *map = make_palette(palette);
  int band = width >= 65536 ? 1 : 65536 / width;
  GifPixelType *line = malloc((size_t)width * (size_t)band);
  if (map == NULL || line == NULL) {
    error = E_GIF_ERR_NOT_ENOUGH_MEM;
  } else if (EGifPutScreenDesc(file, width, height, 8, 0, map) == GIF_ERROR) {
    error = file->Error;
  } else {
    out.keeping = 1;  // everything before the image descriptor was a throwaway header
    if (EGifPutImageDesc(file, 0, 0, width, height, false, NULL) == GIF_ERROR) {
      error = file->Error;
    } else {
      error = put_pixels(file, pixels, width, height, palette, line, band);
    }
  }
  out.keeping = 0;  // the last pixel flushed the LZW data; closing only adds the trailer
  EGifCloseFile(file, NULL);
  GifFreeMapObject(map);
  free(line);
  if (error == 0 && out.overflow) error = E_GIF_ERR_DATA_TOO_BIG;
  if (error == 0) *count = out.count;
  return error;
}

int rover_gif_put_block(rover_gif_writer *writer, const uint8_t *bytes, size_t count, int delay_cs) {
  GifFileType *file = writer->file;
  GraphicsControlBlock control = {
    .DisposalMode = DISPOSE_DO_NOT, .UserInputFlag = false, .DelayTime = delay_cs, .TransparentColor = NO_TRANSPARENT_COLOR};
  GifByteType extension[4];
  size_t length = EGifGCBToExtension(&control, extension);
  if (EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) == GIF_ERROR) return file->Error;
  return writer_append(writer, bytes, count) ? 0 : E_GIF_ERR_WRITE_FAILED;
}

int rover_gif_close(rover_gif_writer *writer) {
  int error = 0;
  if (EGifCloseFile(writer->file, &error) == GIF_ERROR && error == 0) error = E_GIF_ERR_CLOSE_FAILED;
  if (!flush_writer(writer) && error == 0) error = E_GIF_ERR_WRITE_FAILED;
  if (close(writer->descriptor) != 0 && error == 0) error = E_GIF_ERR_CLOSE_FAILED;
  free(writer);
  return error;
}

const char *rover_gif_error(int error) {
  const char *text = GifErrorString(error);
  return text == NULL ? "unknown giflib error" : text;
}

/// The GIF at `path` read whole; NULL with giflib's error code in `error`.
static GifFileType *slurp(const char *path, int *error) {
  GifFileType *file = DGifOpenFileName(path, error);
  if (file == NULL) return NULL;
  if (DGifSlurp(file) == GIF_ERROR) {
    *error = file->Error;
    DGifCloseFile(file, NULL);
    return NULL;
  }
  return file;
}

/// The NETSCAPE2.0 loop count among `blocks` (its data follows as a continuation block), or -1.
static int loop_count(const ExtensionBlock *blocks, int count) {
  for (int i = 0; i + 1 < count; i++) {
    const ExtensionBlock *block = &blocks[i];
    const ExtensionBlock *data = &blocks[i + 1];
    if (block->Function == APPLICATION_EXT_FUNC_CODE && block->ByteCount == 11 &&
        memcmp(block->Bytes, "NETSCAPE2.0", 11) == 0 && data->ByteCount >= 3 && data->Bytes[0] == 1) {
      return data->Bytes[1] | data->Bytes[2] << 8;
    }
  }
  return -1;
}

int rover_gif_inspect(const char *path, int *width, int *height, int *frames, int *delays, int capacity,
                      int *loops) {
  int error = 0;
  GifFileType *file = slurp(path, &error);
  if (file == NULL) return error;
  *width = file->SWidth;
  *height = file->SHeight;
  *frames = file->ImageCount;
  *loops = -1;
  for (int i = 0; i < file->ImageCount; i++) {
    GraphicsControlBlock control;
    if (i < capacity) delays[i] = DGifSavedExtensionToGCB(file, i, &control) == GIF_OK ? control.DelayTime : -1;
  }
  // DGifSlurp keeps the blocks before an image with that image, those after the last one with the file.
  if (file->ImageCount > 0) {
    SavedImage *first = &file->SavedImages[0];
    *loops = loop_count(first->ExtensionBlocks, first->ExtensionBlockCount);
  }
  if (*loops < 0) *loops = loop_count(file->ExtensionBlocks, file->ExtensionBlockCount);
  DGifCloseFile(file, NULL);
  return 0;
}

int rover_gif_frame_rgb(const char *path, int index, uint8_t *rgb, size_t capacity) {
  int error = 0;
  GifFileType *file = slurp(path, &error);
  if (file == NULL) return error;
  int result = -1;
  if (index >= 0 && index < file->ImageCount) {
    SavedImage *image = &file->SavedImages[index];
    ColorMapObject *map = image->ImageDesc.ColorMap ? image->ImageDesc.ColorMap : file->SColorMap;
    size_t pixels = (size_t)image->ImageDesc.Width * (size_t)image->ImageDesc.Height;
    if (map != NULL && pixels * 3 <= capacity) {
      for (size_t i = 0; i < pixels; i++) {
        int entry = image->RasterBits[i];
        GifColorType color = entry < map->ColorCount ? map->Colors[entry] : (GifColorType){0, 0, 0};
        rgb[i * 3] = color.Red;
        rgb[i * 3 + 1] = color.Green;
        rgb[i * 3 + 2] = color.Blue;
      }
      result = 0;
    }
  }
  DGifCloseFile(file, NULL);
  return result;
}
