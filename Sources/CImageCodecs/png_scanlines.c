// PNG files written from rows already prefixed with their filter byte, the image data deflated in
// pieces on as many threads and joined into one zlib stream (each piece but the last ends on a byte
// boundary with a sync flush, so their raw deflate data follows one another; their Adler-32 sums are
// combined). A drawn frame is encoded on every free core instead of one.

#include "png_scanlines.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "codec_common.h"

/// Below this many bytes of scanlines a second thread costs more than it saves.
enum { PNG_PART_MIN_BYTES = 256 * 1024, PNG_MAX_PARTS = 4 };

typedef struct {
  const uint8_t *input;
  size_t length;
  int level;
  int last;
  uint8_t *output;
  size_t count;
  uLong adler;
  int failed;
} png_deflate_part;

static void *png_deflate_part_run(void *argument) {
  png_deflate_part *part = argument;
  part->adler = adler32(adler32(0L, Z_NULL, 0), part->input, (uInt)part->length);
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (deflateInit2(&stream, part->level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    part->failed = 1;
    return NULL;
  }
  // The bound holds the whole piece stored, plus the sync flush's empty block.
  size_t bound = deflateBound(&stream, part->length) + 64;
  part->output = malloc(bound);
  if (part->output == NULL) {
    deflateEnd(&stream);
    part->failed = 1;
    return NULL;
  }
  stream.next_in = (Bytef *)part->input;
  stream.avail_in = (uInt)part->length;
  stream.next_out = part->output;
  stream.avail_out = (uInt)bound;
  int result = deflate(&stream, part->last ? Z_FINISH : Z_SYNC_FLUSH);
  part->failed = part->last ? result != Z_STREAM_END : (result != Z_OK || stream.avail_in != 0 || stream.avail_out == 0);
  part->count = bound - stream.avail_out;
  deflateEnd(&stream);
  return NULL;
}

static uint8_t *png_put_u32(uint8_t *at, uint32_t value) {
  at[0] = (uint8_t)(value >> 24);
  at[1] = (uint8_t)(value >> 16);
  at[2] = (uint8_t)(value >> 8);
  at[3] = (uint8_t)value;
  return at + 4;
}

/// A chunk's length, type and body are at `chunk` (body `length` bytes); writes its CRC after them.
static uint8_t *png_seal_chunk(uint8_t *chunk, uint32_t length) {
  uLong crc = crc32(crc32(0L, Z_NULL, 0), chunk + 4, length + 4);
  return png_put_u32(chunk + 8 + length, (uint32_t)crc);
}

static int png_part_count(size_t bytes) {
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  int parts = (int)(bytes / PNG_PART_MIN_BYTES);
  if (parts > cores) parts = (int)cores;
  if (parts > PNG_MAX_PARTS) parts = PNG_MAX_PARTS;
  return parts < 1 ? 1 : parts;
}

mapwire_image_status mapwire_png_write_scanlines(const uint8_t *scanlines, uint32_t width, uint32_t height,
                                                 int channels, int compression_level, mapwire_encoded_image *out) {
  size_t row_bytes = 1 + (size_t)width * (size_t)channels;
  int parts = png_part_count(row_bytes * height);
  if ((uint32_t)parts > height) parts = (int)height;
  png_deflate_part part[PNG_MAX_PARTS];
  pthread_t threads[PNG_MAX_PARTS];
  int started[PNG_MAX_PARTS] = {0};
  memset(part, 0, sizeof part);
  for (int i = 0; i < parts; i++) {
    uint32_t first = (uint32_t)((uint64_t)height * i / parts), end = (uint32_t)((uint64_t)height * (i + 1) / parts);
    part[i] = (png_deflate_part){.input = scanlines + first * row_bytes, .length = (end - first) * row_bytes,
                                 .level = compression_level, .last = i == parts - 1};
  }
  // The first piece on this thread, the others on threads of their own (a piece whose thread could not
  // start is deflated here afterwards).
  for (int i = 1; i < parts; i++) started[i] = pthread_create(&threads[i], NULL, png_deflate_part_run, &part[i]) == 0;
  png_deflate_part_run(&part[0]);
  for (int i = 1; i < parts; i++) {
    if (started[i]) pthread_join(threads[i], NULL);
    else png_deflate_part_run(&part[i]);
  }
  mapwire_image_status status = MAPWIRE_IMAGE_OK;
  size_t data = 2 + 4;  // zlib header and Adler-32
  for (int i = 0; i < parts; i++) {
    if (part[i].failed) status = MAPWIRE_IMAGE_NO_MEMORY;
    data += part[i].count;
  }
  uint8_t *file = NULL;
  // A chunk holds at most 2^31 − 1 bytes.
  if (status == MAPWIRE_IMAGE_OK && data <= 0x7FFFFFFFu) {
    out->count = 8 + (12 + 13) + (12 + data) + 12;
    file = malloc(out->count);
  }
  if (file != NULL) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    memcpy(file, signature, 8);
    uint8_t *chunk = file + 8, *at = png_put_u32(chunk, 13);
    memcpy(at, "IHDR", 4);
    at = png_put_u32(png_put_u32(at + 4, width), height);
    // Bit depth 8, colour type RGB (2) or RGBA (6), deflate, filter method 0, no interlace.
    *at++ = 8;
    *at++ = channels == 3 ? 2 : 6;
    *at++ = 0;
    *at++ = 0;
    *at++ = 0;
    chunk = png_seal_chunk(chunk, 13);
    at = png_put_u32(chunk, (uint32_t)data);
    memcpy(at, "IDAT", 4);
    at += 4;
    // CMF 0x78 (deflate, 32 KiB window); FLG says the fastest level for level 0–1, the default otherwise.
    *at++ = 0x78;
    *at++ = compression_level <= 1 ? 0x01 : 0x9C;
    uLong adler = part[0].adler;
    for (int i = 0; i < parts; i++) {
      memcpy(at, part[i].output, part[i].count);
      at += part[i].count;
      if (i > 0) adler = adler32_combine(adler, part[i].adler, (z_off_t)part[i].length);
    }
    png_put_u32(at, (uint32_t)adler);
    chunk = png_seal_chunk(chunk, (uint32_t)data);
    png_put_u32(chunk, 0);
    memcpy(chunk + 4, "IEND", 4);
    png_seal_chunk(chunk, 0);
    out->bytes = file;
  } else {
    out->count = 0;
    if (status == MAPWIRE_IMAGE_OK) status = MAPWIRE_IMAGE_NO_MEMORY;
    mapwire_codec_message(out->message, "cannot deflate a %ux%u PNG (no memory, or over 2 GiB)", width, height);
  }
  for (int i = 0; i < parts; i++) free(part[i].output);
  return status;
}
