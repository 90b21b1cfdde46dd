#ifndef MAPWIRE_CODEC_COMMON_H
#define MAPWIRE_CODEC_COMMON_H
// Helpers the three codecs share (not part of the public header).

#include "mapwire_image_codecs.h"

/// Formats a message into a fixed 256-byte message field.
void mapwire_codec_message(char message[256], const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/// Records the header's size in `out`; MAPWIRE_IMAGE_TOO_LARGE (with a message) when it is over
/// the limits, MAPWIRE_IMAGE_CORRUPT for a zero side.
mapwire_image_status mapwire_codec_check_size(
    const char *format_name, uint32_t width, uint32_t height, mapwire_image_limits limits,
    mapwire_decoded_image *out);

/// width * height * 4 bytes for `out->rgba`; MAPWIRE_IMAGE_NO_MEMORY (with a message) when malloc fails.
mapwire_image_status mapwire_codec_allocate_rgba(mapwire_decoded_image *out);

/// Copies `count` encoded bytes into a malloc'd buffer owned by `out`.
mapwire_image_status mapwire_codec_take_copy(const uint8_t *bytes, size_t count, mapwire_encoded_image *out);

#endif
