// WebP through libwebp, which reports errors by status code: no longjmp here.

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/encode.h>

#include "codec_common.h"

static mapwire_image_status webp_failure(VP8StatusCode code, char message[256]) {
  switch (code) {
    case VP8_STATUS_NOT_ENOUGH_DATA:
      mapwire_codec_message(message, "the data ends early: the WebP is truncated");
      return MAPWIRE_IMAGE_CORRUPT;
    case VP8_STATUS_UNSUPPORTED_FEATURE:
      mapwire_codec_message(message, "the WebP uses a feature libwebp does not support");
      return MAPWIRE_IMAGE_UNSUPPORTED;
    case VP8_STATUS_OUT_OF_MEMORY:
      mapwire_codec_message(message, "no memory to decode the WebP");
      return MAPWIRE_IMAGE_NO_MEMORY;
    case VP8_STATUS_BITSTREAM_ERROR:
      mapwire_codec_message(message, "the WebP bitstream is invalid");
      return MAPWIRE_IMAGE_CORRUPT;
    default:
      mapwire_codec_message(message, "libwebp could not decode the WebP (status %d)", (int)code);
      return MAPWIRE_IMAGE_CORRUPT;
  }
}

mapwire_image_status mapwire_webp_decode(
    const uint8_t *bytes, size_t count, mapwire_image_limits limits, mapwire_decoded_image *out) {
  memset(out, 0, sizeof *out);
  WebPDecoderConfig config;
  if (!WebPInitDecoderConfig(&config)) {
    mapwire_codec_message(out->message, "libwebp's version does not match its header");
    return MAPWIRE_IMAGE_UNSUPPORTED;
  }
  VP8StatusCode code = WebPGetFeatures(bytes, count, &config.input);
  if (code != VP8_STATUS_OK) return webp_failure(code, out->message);
  if (config.input.has_animation) {
    mapwire_codec_message(out->message, "animated WebPs are not supported");
    return MAPWIRE_IMAGE_UNSUPPORTED;
  }
  mapwire_image_status status = mapwire_codec_check_size(
      "WebP", (uint32_t)config.input.width, (uint32_t)config.input.height, limits, out);
  if (status != MAPWIRE_IMAGE_OK) return status;
  status = mapwire_codec_allocate_rgba(out);
  if (status != MAPWIRE_IMAGE_OK) return status;
  config.output.colorspace = MODE_RGBA;
  config.output.is_external_memory = 1;
  config.output.u.RGBA.rgba = out->rgba;
  config.output.u.RGBA.stride = (int)(out->width * 4);
  config.output.u.RGBA.size = (size_t)out->width * out->height * 4;
  code = WebPDecode(bytes, count, &config);
  WebPFreeDecBuffer(&config.output);  // frees nothing external; releases libwebp's own state
  if (code != VP8_STATUS_OK) {
    free(out->rgba);
    out->rgba = NULL;
    return webp_failure(code, out->message);
  }
  return MAPWIRE_IMAGE_OK;
}

mapwire_image_status mapwire_webp_encode(
    const uint8_t *rgba, uint32_t width, uint32_t height, int lossless, float quality,
    mapwire_encoded_image *out) {
  memset(out, 0, sizeof *out);
  if (width == 0 || height == 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION ||
      quality < 0 || quality > 100) {
    mapwire_codec_message(out->message, "cannot write a %ux%u WebP at quality %g", width, height, quality);
    return MAPWIRE_IMAGE_INVALID_ARGUMENT;
  }
  uint8_t *encoded = NULL;
  int stride = (int)(width * 4);
  size_t size = lossless ? WebPEncodeLosslessRGBA(rgba, (int)width, (int)height, stride, &encoded)
                         : WebPEncodeRGBA(rgba, (int)width, (int)height, stride, quality, &encoded);
  mapwire_image_status status;
  if (size == 0) {
    mapwire_codec_message(out->message, "libwebp could not encode the image");
    status = MAPWIRE_IMAGE_NO_MEMORY;
  } else {
    status = mapwire_codec_take_copy(encoded, size, out);
  }
  WebPFree(encoded);
  return status;
}
