/*  The run directory, first match wins (PROTOCOL.md 2.1): the caller's, $MAPWIRE_RUN_DIR,
    $XDG_RUNTIME_DIR/mapwire, /tmp/mapwire-$UID. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "private.h"

int
mapwire_resolve_run_dir (const char *given, char *out, size_t capacity)
{
    const char *env = getenv ("MAPWIRE_RUN_DIR");
    const char *xdg = getenv ("XDG_RUNTIME_DIR");
    int written;
    if (given && *given)
        written = snprintf (out, capacity, "%s", given);
    else
    if (env && *env)
        written = snprintf (out, capacity, "%s", env);
    else
    if (xdg && *xdg)
        written = snprintf (out, capacity, "%s/mapwire", xdg);
    else
        written = snprintf (out, capacity, "/tmp/mapwire-%u", (unsigned) getuid ());
    /* <dir>/control must fit a Unix socket address (107 bytes). */
    if (written < 0 || (size_t) written >= capacity || written + 8 > 107) {
        mapwire_set_error ("the run directory %s%s is too long for a socket address (keep it under 98 bytes)",
                           out, (size_t) written >= capacity ? "..." : "");
        return -1;
    }
    return 0;
}
