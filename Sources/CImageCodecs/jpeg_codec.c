// JPEG through libjpeg(-turbo). libjpeg reports errors by calling error_exit, which must not
// return: it longjmps back to the call here. Everything a call changes lives in a job struct
// owned by the caller of the function that calls setjmp, so it is still valid afterwards.

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#include "codec_common.h"

/// Progressive files with thousands of tiny scans cost minutes of CPU; real ones have a dozen.
enum { jpeg_max_scans = 500 };

typedef struct {
  struct jpeg_error_mgr library;  // first, so libjpeg's err pointer is also a pointer to this
  jmp_buf jump;
  char *message;
} jpeg_failure;

static void jpeg_fail_with(j_common_ptr info, const char *text) {
  jpeg_failure *failure = (jpeg_failure *)info->err;
  mapwire_codec_message(failure->message, "%s", text);
  longjmp(failure->jump, 1);
}

static void jpeg_failed(j_common_ptr info) {
  char text[JMSG_LENGTH_MAX];
  (*info->err->format_message)(info, text);
  jpeg_fail_with(info, text);
}

// Level -1 is corrupt or missing data, which libjpeg would paper over with grey: stop instead.
// Other levels are trace messages, never printed.
static void jpeg_noted(j_common_ptr info, int level) {
  if (level < 0) jpeg_failed(info);
}

static void jpeg_progressed(j_common_ptr info) {
  if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > jpeg_max_scans) {
    jpeg_fail_with(info, "the JPEG has more than 500 scans");
  }
}

static void jpeg_catch_errors(jpeg_failure *failure, char *message) {
  jpeg_std_error(&failure->library);
  failure->library.error_exit = jpeg_failed;
  failure->library.emit_message = jpeg_noted;
  failure->message = message;
}

typedef struct {
  struct jpeg_decompress_struct info;
  jpeg_failure failure;
  struct jpeg_progress_mgr progress;
  mapwire_decoded_image *out;
} jpeg_read_job;

static mapwire_image_status jpeg_read_into(
    jpeg_read_job *job, const uint8_t *bytes, size_t count, mapwire_image_limits limits) {
  if (setjmp(job->failure.jump)) return MAPWIRE_IMAGE_CORRUPT;
  jpeg_create_decompress(&job->info);
  job->progress.progress_monitor = jpeg_progressed;
  job->info.progress = &job->progress;
  jpeg_mem_src(&job->info, bytes, (unsigned long)count);
  jpeg_read_header(&job->info, TRUE);
  mapwire_image_status status =
      mapwire_codec_check_size("JPEG", job->info.image_width, job->info.image_height, limits, job->out);
  if (status != MAPWIRE_IMAGE_OK) return status;
  if (job->info.jpeg_color_space == JCS_CMYK || job->info.jpeg_color_space == JCS_YCCK) {
    mapwire_codec_message(job->out->message, "CMYK JPEGs are not supported");
    return MAPWIRE_IMAGE_UNSUPPORTED;
  }
  // libjpeg-turbo's extension: gray, YCbCr and RGB all come out as RGBA with opaque alpha.
  job->info.out_color_space = JCS_EXT_RGBA;
  jpeg_start_decompress(&job->info);
  if (job->info.output_width != job->out->width || job->info.output_height != job->out->height ||
      job->info.output_components != 4) {
    mapwire_codec_message(job->out->message, "libjpeg did not produce full-size RGBA");
    return MAPWIRE_IMAGE_UNSUPPORTED;
  }
  status = mapwire_codec_allocate_rgba(job->out);
  if (status != MAPWIRE_IMAGE_OK) return status;
  size_t row_bytes = (size_t)job->out->width * 4;
  while (job->info.output_scanline < job->info.output_height) {
    JSAMPROW row = job->out->rgba + job->info.output_scanline * row_bytes;
    jpeg_read_scanlines(&job->info, &row, 1);
  }
  jpeg_finish_decompress(&job->info);
  return MAPWIRE_IMAGE_OK;
}

mapwire_image_status mapwire_jpeg_decode(
    const uint8_t *bytes, size_t count, mapwire_image_limits limits, mapwire_decoded_image *out) {
  memset(out, 0, sizeof *out);
  jpeg_read_job job;
  memset(&job, 0, sizeof job);
  job.out = out;
  // jpeg_create_decompress keeps `err`; a zeroed struct is safe to destroy if creation fails.
  job.info.err = &job.failure.library;
  jpeg_catch_errors(&job.failure, out->message);
  mapwire_image_status status = jpeg_read_into(&job, bytes, count, limits);
  jpeg_destroy_decompress(&job.info);
  if (status != MAPWIRE_IMAGE_OK) {
    free(out->rgba);
    out->rgba = NULL;
  }
  return status;
}

typedef struct {
  struct jpeg_compress_struct info;
  jpeg_failure failure;
  // jpeg_mem_dest grows this with malloc and keeps the pointer current, so it can always be freed.
  unsigned char *buffer;
  unsigned long size;
} jpeg_write_job;

static mapwire_image_status jpeg_write_from(
    jpeg_write_job *job, const uint8_t *rgba, uint32_t width, uint32_t height, int quality) {
  if (setjmp(job->failure.jump)) return MAPWIRE_IMAGE_NO_MEMORY;
  jpeg_create_compress(&job->info);
  jpeg_mem_dest(&job->info, &job->buffer, &job->size);
  job->info.image_width = width;
  job->info.image_height = height;
  job->info.input_components = 4;
  job->info.in_color_space = JCS_EXT_RGBA;
  jpeg_set_defaults(&job->info);
  jpeg_set_quality(&job->info, quality, TRUE);
  jpeg_start_compress(&job->info, TRUE);
  size_t row_bytes = (size_t)width * 4;
  while (job->info.next_scanline < job->info.image_height) {
    // libjpeg does not write through input rows.
    JSAMPROW row = (JSAMPROW)(rgba + job->info.next_scanline * row_bytes);
    jpeg_write_scanlines(&job->info, &row, 1);
  }
  jpeg_finish_compress(&job->info);
  return MAPWIRE_IMAGE_OK;
}

mapwire_image_status mapwire_jpeg_encode(
    const uint8_t *rgba, uint32_t width, uint32_t height, int quality, mapwire_encoded_image *out) {
  memset(out, 0, sizeof *out);
  if (width == 0 || height == 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION ||
      quality < 1 || quality > 100) {
    mapwire_codec_message(out->message, "cannot write a %ux%u JPEG at quality %d", width, height, quality);
    return MAPWIRE_IMAGE_INVALID_ARGUMENT;
  }
  jpeg_write_job job;
  memset(&job, 0, sizeof job);
  job.info.err = &job.failure.library;
  jpeg_catch_errors(&job.failure, out->message);
  mapwire_image_status status = jpeg_write_from(&job, rgba, width, height, quality);
  jpeg_destroy_compress(&job.info);
  if (status == MAPWIRE_IMAGE_OK) {
    out->bytes = job.buffer;
    out->count = job.size;
  } else {
    free(job.buffer);
  }
  return status;
}
