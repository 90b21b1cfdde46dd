#ifndef MAPWIRE_CRSVG_SHIM_H
#define MAPWIRE_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#include <cairo.h>
#endif
