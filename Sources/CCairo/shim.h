#ifndef MAPWIRE_CCAIRO_SHIM_H
#define MAPWIRE_CCAIRO_SHIM_H
#include <cairo.h>
#endif
