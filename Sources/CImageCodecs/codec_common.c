#include "codec_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mapwire_codec_message(char message[256], const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(message, 256, format, arguments);
  va_end(arguments);
}

mapwire_image_status mapwire_codec_check_size(
    const char *format_name, uint32_t width, uint32_t height, mapwire_image_limits limits,
    mapwire_decoded_image *out) {
  out->width = width;
  out->height = height;
  if (width == 0 || height == 0) {
    mapwire_codec_message(out->message, "the %s header gives a size of %ux%u", format_name, width, height);
    return MAPWIRE_IMAGE_CORRUPT;
  }
  if (width > limits.max_side || height > limits.max_side ||
      (uint64_t)width * (uint64_t)height > limits.max_pixels) {
    mapwire_codec_message(
        out->message, "the %s is %ux%u pixels, over the limit of %u pixels a side and %llu in all",
        format_name, width, height, limits.max_side, (unsigned long long)limits.max_pixels);
    return MAPWIRE_IMAGE_TOO_LARGE;
  }
  return MAPWIRE_IMAGE_OK;
}

mapwire_image_status mapwire_codec_allocate_rgba(mapwire_decoded_image *out) {
  size_t count = (size_t)out->width * (size_t)out->height * 4;
  out->rgba = malloc(count);
  if (out->rgba == NULL) {
    mapwire_codec_message(out->message, "no memory for %zu bytes of pixels", count);
    return MAPWIRE_IMAGE_NO_MEMORY;
  }
  return MAPWIRE_IMAGE_OK;
}

mapwire_image_status mapwire_codec_take_copy(const uint8_t *bytes, size_t count, mapwire_encoded_image *out) {
  out->bytes = malloc(count > 0 ? count : 1);
  if (out->bytes == NULL) {
    mapwire_codec_message(out->message, "no memory for %zu encoded bytes", count);
    return MAPWIRE_IMAGE_NO_MEMORY;
  }
  memcpy(out->bytes, bytes, count);
  out->count = count;
  return MAPWIRE_IMAGE_OK;
}

void mapwire_image_free(void *pointer) { free(pointer); }
