#include "CGif.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct rover_gif_writer {
  GifFileType *file;
  int width;
  int height;
  int palette;
  GifPixelType *line;
};

/// 6 reds x 7 greens x 6 blues: the eye tells greens apart best, so green gets the seventh level.
static int cube_index(const uint8_t *rgb) {
  int r = (rgb[0] * 5 + 127) / 255;
  int g = (rgb[1] * 6 + 127) / 255;
  int b = (rgb[2] * 5 + 127) / 255;
  return r * 42 + g * 6 + b;
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

rover_gif_writer *rover_gif_open(int descriptor, int width, int height, int palette, int *error) {
  *error = 0;
  if (width < 1 || height < 1 || width > 65535 || height > 65535) {
    close(descriptor);
    *error = E_GIF_ERR_DATA_TOO_BIG;
    return NULL;
  }
  GifFileType *file = EGifOpenFileHandle(descriptor, error);
  if (file == NULL) {
    close(descriptor);
    return NULL;
  }
  EGifSetGifVersion(file, true);
  ColorMapObject *map = make_palette(palette);
  rover_gif_writer *writer = calloc(1, sizeof *writer);
  GifPixelType *line = malloc((size_t)width);
  int code = 0;
  if (map == NULL || writer == NULL || line == NULL) {
    code = E_GIF_ERR_NOT_ENOUGH_MEM;
  } else if (EGifPutScreenDesc(file, width, height, 8, 0, map) == GIF_ERROR) {
    code = file->Error;
  } else {
    code = put_loop(file);
  }
  GifFreeMapObject(map);
  if (code != 0) {
    *error = code;
    EGifCloseFile(file, NULL);
    free(writer);
    free(line);
    return NULL;
  }
  writer->file = file;
  writer->width = width;
  writer->height = height;
  writer->palette = palette;
  writer->line = line;
  return writer;
}

int rover_gif_put_frame(rover_gif_writer *writer, const uint8_t *pixels, int delay_cs) {
  GifFileType *file = writer->file;
  GraphicsControlBlock control = {
    .DisposalMode = DISPOSE_DO_NOT, .UserInputFlag = false, .DelayTime = delay_cs, .TransparentColor = NO_TRANSPARENT_COLOR};
  GifByteType extension[4];
  size_t length = EGifGCBToExtension(&control, extension);
  if (EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) == GIF_ERROR) return file->Error;
  if (EGifPutImageDesc(file, 0, 0, writer->width, writer->height, false, NULL) == GIF_ERROR) return file->Error;
  size_t stride = writer->palette == ROVER_GIF_GREY ? 1 : 3;
  for (int y = 0; y < writer->height; y++) {
    const uint8_t *row = pixels + (size_t)y * (size_t)writer->width * stride;
    GifPixelType *line = writer->line;
    if (stride == 1) {
      memcpy(line, row, (size_t)writer->width);
    } else {
      for (int x = 0; x < writer->width; x++) line[x] = (GifPixelType)cube_index(row + (size_t)x * 3);
    }
    if (EGifPutLine(file, line, writer->width) == GIF_ERROR) return file->Error;
  }
  return 0;
}

int rover_gif_close(rover_gif_writer *writer) {
  int error = 0;
  if (EGifCloseFile(writer->file, &error) == GIF_ERROR && error == 0) error = E_GIF_ERR_CLOSE_FAILED;
  free(writer->line);
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
