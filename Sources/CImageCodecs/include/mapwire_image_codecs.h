#ifndef MAPWIRE_IMAGE_CODECS_H
#define MAPWIRE_IMAGE_CODECS_H
// PNG, JPEG and WebP through libpng, libjpeg-turbo and libwebp. libpng and libjpeg report errors
// by longjmp, which Swift cannot survive, so every call into them happens here and comes back as
// a status code and a message.

#include <stddef.h>
#include <stdint.h>

typedef enum {
  MAPWIRE_IMAGE_OK = 0,
  /// The bytes are not a valid image of the format: the message says what the library found.
  MAPWIRE_IMAGE_CORRUPT = 1,
  /// The header asks for more pixels than the limits allow; width and height say how many.
  MAPWIRE_IMAGE_TOO_LARGE = 2,
  /// A valid image of a kind this shim does not decode (CMYK JPEG, animated WebP).
  MAPWIRE_IMAGE_UNSUPPORTED = 3,
  MAPWIRE_IMAGE_NO_MEMORY = 4,
  /// The caller passed sizes or options the encoder cannot write.
  MAPWIRE_IMAGE_INVALID_ARGUMENT = 5,
} mapwire_image_status;

/// Checked against the header before any pixel memory is allocated.
typedef struct {
  uint32_t max_side;
  uint64_t max_pixels;
} mapwire_image_limits;

typedef struct {
  /// From the header: set when decoding succeeds and when the image is too large.
  uint32_t width;
  uint32_t height;
  /// width * height * 4 bytes of straight-alpha RGBA on success, else NULL. Free with mapwire_image_free.
  uint8_t *rgba;
  char message[256];
} mapwire_decoded_image;

typedef struct {
  /// The encoded file on success, else NULL. Free with mapwire_image_free.
  uint8_t *bytes;
  size_t count;
  char message[256];
} mapwire_encoded_image;

mapwire_image_status mapwire_png_decode(
    const uint8_t *bytes, size_t count, mapwire_image_limits limits, mapwire_decoded_image *out);
mapwire_image_status mapwire_jpeg_decode(
    const uint8_t *bytes, size_t count, mapwire_image_limits limits, mapwire_decoded_image *out);
mapwire_image_status mapwire_webp_decode(
    const uint8_t *bytes, size_t count, mapwire_image_limits limits, mapwire_decoded_image *out);

/// PNG colour types as the PNG specification numbers them.
typedef enum {
  MAPWIRE_PNG_GRAY = 0,
  MAPWIRE_PNG_RGB = 2,
  MAPWIRE_PNG_GRAY_ALPHA = 4,
  MAPWIRE_PNG_RGBA = 6,
} mapwire_png_color_type;

/// Writes `samples` (rows top to bottom, channels of the colour type interleaved, 16-bit samples
/// big-endian as PNG stores them) with bit depth 8 or 16, optionally Adam7-interlaced.
mapwire_image_status mapwire_png_encode(
    const uint8_t *samples, uint32_t width, uint32_t height, mapwire_png_color_type color_type,
    int bit_depth, int interlaced, mapwire_encoded_image *out);
/// A cairo ARGB32 surface (premultiplied alpha, one native-endian 32-bit word per pixel, `stride`
/// bytes per row) as a straight-alpha PNG: RGB when every pixel is opaque, else RGBA; zlib
/// `compression_level` 0...9, no row filters; a large surface is deflated in pieces on up to one
/// thread per core, joined into one zlib stream.
mapwire_image_status mapwire_png_encode_premultiplied_argb32(
    const uint8_t *data, uint32_t width, uint32_t height, size_t stride, int compression_level,
    mapwire_encoded_image *out);
/// The `width`×`height` rectangle at `x`,`y` of an 8-bit, non-interlaced RGB or RGBA PNG, written as a
/// PNG of the same colour type (zlib `compression_level` 0...9, no row filters, deflated as the surface
/// encoder does), read one row at a time without inflating the rows below it: a drawn view's margin cropped away without the image decoded
/// to RGBA and encoded back; a rectangle past the image's right or bottom edge keeps what there is of
/// it. MAPWIRE_IMAGE_UNSUPPORTED for any other kind of PNG.
mapwire_image_status mapwire_png_crop(
    const uint8_t *bytes, size_t count, uint32_t x, uint32_t y, uint32_t width, uint32_t height,
    int compression_level, mapwire_encoded_image *out);
/// Baseline JPEG of straight RGBA pixels (alpha is dropped), quality 1...100.
mapwire_image_status mapwire_jpeg_encode(
    const uint8_t *rgba, uint32_t width, uint32_t height, int quality, mapwire_encoded_image *out);
/// WebP of straight RGBA pixels: lossless, or lossy at quality 0...100.
mapwire_image_status mapwire_webp_encode(
    const uint8_t *rgba, uint32_t width, uint32_t height, int lossless, float quality,
    mapwire_encoded_image *out);

void mapwire_image_free(void *pointer);

#endif
