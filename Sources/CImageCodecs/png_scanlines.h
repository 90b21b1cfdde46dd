#ifndef MAPWIRE_PNG_SCANLINES_H
#define MAPWIRE_PNG_SCANLINES_H

#include <stdint.h>

#include "mapwire_image_codecs.h"

/// An 8-bit RGB (`channels` 3) or RGBA (4) PNG of `height` rows of `1 + width * channels` bytes, each
/// starting with its filter type byte, deflated at zlib `compression_level` in pieces on up to one
/// thread per core. On success `out->bytes` is the file (free with mapwire_image_free).
mapwire_image_status mapwire_png_write_scanlines(const uint8_t *scanlines, uint32_t width, uint32_t height,
                                                 int channels, int compression_level, mapwire_encoded_image *out);

#endif
