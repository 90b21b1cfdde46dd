#ifndef MAPWIRE_CZLIB_SHIM_H
#define MAPWIRE_CZLIB_SHIM_H
#include <zlib.h>

// deflateInit2/inflateInit2 are macros; these wrappers make them callable from Swift.
static inline int mapwire_inflate_init(z_stream *s, int windowBits) {
  return inflateInit2(s, windowBits);
}
static inline int mapwire_deflate_init(z_stream *s, int level, int windowBits) {
  return deflateInit2(s, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}
#endif
