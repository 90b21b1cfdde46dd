/*  mapwire_last_error: one message per thread, so concurrent plugins do not overwrite each other's. */
#include <stdarg.h>
#include <stdio.h>
#include "private.h"

static __thread char last_error[512];

void
mapwire_set_error (const char *format, ...)
{
    va_list args;
    va_start (args, format);
    vsnprintf (last_error, sizeof last_error, format, args);
    va_end (args);
}

const char *
mapwire_last_error (void)
{
    return last_error;
}

void
mapwire_version (int *major, int *minor, int *patch)
{
    if (major) *major = MAPWIRE_VERSION_MAJOR;
    if (minor) *minor = MAPWIRE_VERSION_MINOR;
    if (patch) *patch = MAPWIRE_VERSION_PATCH;
}
