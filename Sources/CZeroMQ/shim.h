#ifndef MAPWIRE_CZEROMQ_SHIM_H
#define MAPWIRE_CZEROMQ_SHIM_H
#include <zmq.h>
#include <errno.h>

// errno is a macro in C; Swift reads it through this function.
static inline int mapwire_zmq_errno(void) { return zmq_errno(); }
#endif
