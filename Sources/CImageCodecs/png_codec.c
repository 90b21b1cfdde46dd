// PNG through libpng. libpng reports errors by longjmp: everything a call changes lives in a job
// struct owned by the caller of the function that calls setjmp, so it is still valid afterwards.

#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codec_common.h"
#include "png_scanlines.h"

static void png_failed(png_structp png, png_const_charp message) {
  mapwire_codec_message((char *)png_get_error_ptr(png), "%s", message);
  png_longjmp(png, 1);
}

// Warnings (a bad ancillary chunk, say) do not stop decoding; libpng would print them otherwise.
static void png_warned(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

typedef struct {
  const uint8_t *bytes;
  size_t count;
  size_t offset;
  png_structp png;
  png_infop info;
  png_bytep *rows;
  mapwire_decoded_image *out;
} png_read_job;

static void png_read_from_memory(png_structp png, png_bytep destination, size_t length) {
  png_read_job *job = png_get_io_ptr(png);
  if (length > job->count - job->offset) png_error(png, "the data ends early: the PNG is truncated");
  memcpy(destination, job->bytes + job->offset, length);
  job->offset += length;
}

/// Asks libpng for 8-bit RGBA whatever the file holds: palette, gray, 16-bit, tRNS, interlaced.
static void png_ask_for_rgba8(png_structp png, png_infop info) {
  int color_type = png_get_color_type(png, info);
  int bit_depth = png_get_bit_depth(png, info);
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (bit_depth == 16) png_set_scale_16(png);
  if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  // Only takes effect when there is no alpha channel yet.
  png_set_filler(png, 0xff, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
}

static mapwire_image_status png_read_into(png_read_job *job, mapwire_image_limits limits) {
  if (setjmp(png_jmpbuf(job->png))) return MAPWIRE_IMAGE_CORRUPT;
  png_set_read_fn(job->png, job, png_read_from_memory);
  png_read_info(job->png, job->info);
  mapwire_image_status status = mapwire_codec_check_size(
      "PNG", png_get_image_width(job->png, job->info), png_get_image_height(job->png, job->info), limits, job->out);
  if (status != MAPWIRE_IMAGE_OK) return status;
  png_ask_for_rgba8(job->png, job->info);
  size_t row_bytes = (size_t)job->out->width * 4;
  if (png_get_rowbytes(job->png, job->info) != row_bytes) {
    mapwire_codec_message(job->out->message, "libpng could not convert this PNG to 8-bit RGBA");
    return MAPWIRE_IMAGE_UNSUPPORTED;
  }
  status = mapwire_codec_allocate_rgba(job->out);
  if (status != MAPWIRE_IMAGE_OK) return status;
  job->rows = malloc(job->out->height * sizeof(png_bytep));
  if (job->rows == NULL) {
    mapwire_codec_message(job->out->message, "no memory for %u row pointers", job->out->height);
    return MAPWIRE_IMAGE_NO_MEMORY;
  }
  for (uint32_t y = 0; y < job->out->height; y++) job->rows[y] = job->out->rgba + y * row_bytes;
  png_read_image(job->png, job->rows);
  png_read_end(job->png, NULL);
  return MAPWIRE_IMAGE_OK;
}

mapwire_image_status mapwire_png_decode(
    const uint8_t *bytes, size_t count, mapwire_image_limits limits, mapwire_decoded_image *out) {
  memset(out, 0, sizeof *out);
  png_read_job job = {.bytes = bytes, .count = count, .out = out};
  job.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, out->message, png_failed, png_warned);
  if (job.png != NULL) job.info = png_create_info_struct(job.png);
  mapwire_image_status status;
  if (job.info == NULL) {
    mapwire_codec_message(out->message, "no memory to start libpng");
    status = MAPWIRE_IMAGE_NO_MEMORY;
  } else {
    status = png_read_into(&job, limits);
  }
  png_destroy_read_struct(&job.png, &job.info, NULL);
  free(job.rows);
  if (status != MAPWIRE_IMAGE_OK) {
    free(out->rgba);
    out->rgba = NULL;
  }
  return status;
}

typedef struct {
  png_structp png;
  png_infop info;
  png_bytep *rows;
  uint8_t *buffer;
  size_t count;
  size_t capacity;
  mapwire_image_status failure;
} png_write_job;

static void png_write_to_memory(png_structp png, png_bytep data, size_t length) {
  png_write_job *job = png_get_io_ptr(png);
  if (length > job->capacity - job->count) {
    size_t capacity = job->capacity > 0 ? job->capacity : 16384;
    while (capacity - job->count < length) capacity *= 2;
    uint8_t *grown = realloc(job->buffer, capacity);
    if (grown == NULL) {
      job->failure = MAPWIRE_IMAGE_NO_MEMORY;
      png_error(png, "no memory for the encoded PNG");
    }
    job->buffer = grown;
    job->capacity = capacity;
  }
  memcpy(job->buffer + job->count, data, length);
  job->count += length;
}

static void png_flush_nothing(png_structp png) { (void)png; }

static mapwire_image_status png_write_from(
    png_write_job *job, const uint8_t *samples, uint32_t width, uint32_t height, int color_type,
    int bit_depth, int interlaced, size_t row_bytes) {
  if (setjmp(png_jmpbuf(job->png))) return job->failure;
  png_set_write_fn(job->png, job, png_write_to_memory, png_flush_nothing);
  png_set_IHDR(job->png, job->info, width, height, bit_depth, color_type,
               interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_write_info(job->png, job->info);
  job->rows = malloc(height * sizeof(png_bytep));
  if (job->rows == NULL) {
    job->failure = MAPWIRE_IMAGE_NO_MEMORY;
    png_error(job->png, "no memory for row pointers");
  }
  // libpng does not write through these: no write transforms are set.
  for (uint32_t y = 0; y < height; y++) job->rows[y] = (png_bytep)(samples + y * row_bytes);
  png_write_image(job->png, job->rows);
  png_write_end(job->png, NULL);
  return MAPWIRE_IMAGE_OK;
}

static int png_channels(mapwire_png_color_type color_type) {
  switch (color_type) {
    case MAPWIRE_PNG_GRAY: return 1;
    case MAPWIRE_PNG_GRAY_ALPHA: return 2;
    case MAPWIRE_PNG_RGB: return 3;
    case MAPWIRE_PNG_RGBA: return 4;
  }
  return 0;
}

/// libpng's write and info structs for one encoding, with errors going to `out->message`.
static mapwire_image_status png_job_start(png_write_job *job, mapwire_encoded_image *out) {
  *job = (png_write_job){.failure = MAPWIRE_IMAGE_INVALID_ARGUMENT};
  job->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, out->message, png_failed, png_warned);
  if (job->png != NULL) job->info = png_create_info_struct(job->png);
  if (job->info != NULL) return MAPWIRE_IMAGE_OK;
  mapwire_codec_message(out->message, "no memory to start libpng");
  return MAPWIRE_IMAGE_NO_MEMORY;
}

/// Frees libpng's state and hands the written bytes to `out` when the encoding succeeded.
static mapwire_image_status png_job_finish(png_write_job *job, mapwire_image_status status,
                                           mapwire_encoded_image *out) {
  png_destroy_write_struct(&job->png, &job->info);
  free(job->rows);
  if (status == MAPWIRE_IMAGE_OK) {
    out->bytes = job->buffer;
    out->count = job->count;
  } else {
    free(job->buffer);
  }
  return status;
}

mapwire_image_status mapwire_png_encode(
    const uint8_t *samples, uint32_t width, uint32_t height, mapwire_png_color_type color_type,
    int bit_depth, int interlaced, mapwire_encoded_image *out) {
  memset(out, 0, sizeof *out);
  int channels = png_channels(color_type);
  // libpng's own limit is a million pixels a side.
  if (channels == 0 || (bit_depth != 8 && bit_depth != 16) || width == 0 || height == 0 ||
      width > 1000000 || height > 1000000) {
    mapwire_codec_message(out->message, "cannot write a %ux%u PNG of colour type %d at bit depth %d",
                          width, height, (int)color_type, bit_depth);
    return MAPWIRE_IMAGE_INVALID_ARGUMENT;
  }
  png_write_job job;
  mapwire_image_status status = png_job_start(&job, out);
  if (status == MAPWIRE_IMAGE_OK) {
    size_t row_bytes = (size_t)width * (size_t)channels * (size_t)(bit_depth / 8);
    status = png_write_from(&job, samples, width, height, color_type, bit_depth, interlaced, row_bytes);
  }
  return png_job_finish(&job, status, out);
}

/// Cairo's ARGB32 pixel (premultiplied, native-endian A<<24|R<<16|G<<8|B) as straight RGB(A):
/// the same rounding as cairo's own PNG writer and `ARGB32Pixels.unpremultiply`.
static void png_straighten_row(const uint32_t *row, uint32_t width, int with_alpha, uint8_t *out) {
  for (uint32_t x = 0; x < width; x++) {
    uint32_t p = row[x], a = p >> 24;
    uint32_t r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
    if (a == 0) {
      r = g = b = 0;
    } else if (a != 255) {
      r = (r * 255 + a / 2) / a; if (r > 255) r = 255;
      g = (g * 255 + a / 2) / a; if (g > 255) g = 255;
      b = (b * 255 + a / 2) / a; if (b > 255) b = 255;
    }
    *out++ = (uint8_t)r; *out++ = (uint8_t)g; *out++ = (uint8_t)b;
    if (with_alpha) *out++ = (uint8_t)a;
  }
}

static int png_surface_is_opaque(const uint8_t *data, uint32_t width, uint32_t height, size_t stride) {
  for (uint32_t y = 0; y < height; y++) {
    const uint32_t *row = (const uint32_t *)(data + y * stride);
    uint32_t all = 0xFF000000u;
    for (uint32_t x = 0; x < width; x++) all &= row[x];
    if ((all & 0xFF000000u) != 0xFF000000u) return 0;
  }
  return 1;
}

mapwire_image_status mapwire_png_encode_premultiplied_argb32(
    const uint8_t *data, uint32_t width, uint32_t height, size_t stride, int compression_level,
    mapwire_encoded_image *out) {
  memset(out, 0, sizeof *out);
  if (data == NULL || width == 0 || height == 0 || width > 1000000 || height > 1000000 ||
      stride < (size_t)width * 4 || compression_level < 0 || compression_level > 9) {
    mapwire_codec_message(out->message, "cannot write a %ux%u surface (stride %zu) at level %d", width, height,
                          stride, compression_level);
    return MAPWIRE_IMAGE_INVALID_ARGUMENT;
  }
  int opaque = png_surface_is_opaque(data, width, height, stride);
  int channels = opaque ? 3 : 4;
  size_t row_bytes = 1 + (size_t)width * (size_t)channels;
  uint8_t *scanlines = malloc(row_bytes * height);
  if (scanlines == NULL) {
    mapwire_codec_message(out->message, "no memory for %ux%u scanlines", width, height);
    return MAPWIRE_IMAGE_NO_MEMORY;
  }
  // No row filter: on map frames (flat areas, sharp edges) deflate alone finds the repeats, and
  // choosing filters per row cost more time than every other step (BENCHMARKS.md, "Frames and PNG").
  for (uint32_t y = 0; y < height; y++) {
    scanlines[y * row_bytes] = 0;
    png_straighten_row((const uint32_t *)(data + y * stride), width, !opaque, scanlines + y * row_bytes + 1);
  }
  mapwire_image_status status = mapwire_png_write_scanlines(scanlines, width, height, channels, compression_level, out);
  free(scanlines);
  return status;
}

typedef struct {
  png_read_job read;
  /// The kept rectangle's rows, each after its filter byte (0, none).
  uint8_t *scanlines;
  png_bytep row;
} png_crop_job;

static mapwire_image_status png_crop_rows(png_crop_job *job, uint32_t x, uint32_t y, uint32_t asked_width,
                                          uint32_t asked_height, int compression_level, mapwire_encoded_image *out) {
  if (setjmp(png_jmpbuf(job->read.png))) return MAPWIRE_IMAGE_CORRUPT;
  png_set_read_fn(job->read.png, &job->read, png_read_from_memory);
  png_read_info(job->read.png, job->read.info);
  uint32_t source_width = png_get_image_width(job->read.png, job->read.info);
  uint32_t source_height = png_get_image_height(job->read.png, job->read.info);
  int color_type = png_get_color_type(job->read.png, job->read.info);
  if (png_get_bit_depth(job->read.png, job->read.info) != 8 ||
      (color_type != PNG_COLOR_TYPE_RGB && color_type != PNG_COLOR_TYPE_RGB_ALPHA) ||
      png_get_interlace_type(job->read.png, job->read.info) != PNG_INTERLACE_NONE ||
      png_get_valid(job->read.png, job->read.info, PNG_INFO_tRNS)) {
    mapwire_codec_message(out->message, "only 8-bit, non-interlaced RGB or RGBA PNGs are cropped row by row");
    return MAPWIRE_IMAGE_UNSUPPORTED;
  }
  if (asked_width == 0 || asked_height == 0 || x >= source_width || y >= source_height) {
    mapwire_codec_message(out->message, "%ux%u at %u,%u is not inside the %ux%u PNG", asked_width, asked_height, x, y,
                          source_width, source_height);
    return MAPWIRE_IMAGE_INVALID_ARGUMENT;
  }
  // What there is of the rectangle, as the whole-image crop keeps it.
  uint32_t width = asked_width < source_width - x ? asked_width : source_width - x;
  uint32_t height = asked_height < source_height - y ? asked_height : source_height - y;
  size_t channels = color_type == PNG_COLOR_TYPE_RGB ? 3 : 4;
  size_t row_bytes = 1 + (size_t)width * channels;
  job->row = malloc(png_get_rowbytes(job->read.png, job->read.info));
  job->scanlines = malloc(row_bytes * height);
  if (job->row == NULL || job->scanlines == NULL) {
    mapwire_codec_message(out->message, "no memory for %ux%u rows", width, height);
    return MAPWIRE_IMAGE_NO_MEMORY;
  }
  // The rows below the rectangle are never inflated.
  for (uint32_t row = 0; row < y + height; row++) {
    png_read_row(job->read.png, job->row, NULL);
    if (row < y) continue;
    uint8_t *line = job->scanlines + (row - y) * row_bytes;
    line[0] = 0;
    memcpy(line + 1, job->row + (size_t)x * channels, row_bytes - 1);
  }
  return mapwire_png_write_scanlines(job->scanlines, width, height, (int)channels, compression_level, out);
}

mapwire_image_status mapwire_png_crop(
    const uint8_t *bytes, size_t count, uint32_t x, uint32_t y, uint32_t width, uint32_t height,
    int compression_level, mapwire_encoded_image *out) {
  memset(out, 0, sizeof *out);
  if (bytes == NULL || compression_level < 0 || compression_level > 9) {
    mapwire_codec_message(out->message, "cannot crop at level %d", compression_level);
    return MAPWIRE_IMAGE_INVALID_ARGUMENT;
  }
  png_crop_job job = {.read = {.bytes = bytes, .count = count}};
  mapwire_image_status status;
  job.read.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, out->message, png_failed, png_warned);
  if (job.read.png != NULL) job.read.info = png_create_info_struct(job.read.png);
  if (job.read.info == NULL) {
    mapwire_codec_message(out->message, "no memory to start libpng");
    status = MAPWIRE_IMAGE_NO_MEMORY;
  } else {
    status = png_crop_rows(&job, x, y, width, height, compression_level, out);
  }
  png_destroy_read_struct(&job.read.png, &job.read.info, NULL);
  free(job.row);
  free(job.scanlines);
  return status;
}
