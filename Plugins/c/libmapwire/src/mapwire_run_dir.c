/*  The run directory, first match wins (PROTOCOL.md 2.1): the caller's, $MAPWIRE_RUN_DIR,
    $XDG_RUNTIME_DIR/mapwire, /tmp/mapwire-$UID. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/*  Before connecting (PROTOCOL.md 2.2): the folder must be a real directory of this user that group and
    others cannot write to (a missing one is made 0700, so nobody else can make it first), and a socket
    already in it must be this user's; otherwise another local user could be listening as the core. */
int
mapwire_check_run_dir (const char *dir)
{
    struct stat info;
    if (lstat (dir, &info) != 0) {
        if (errno != ENOENT || (mkdir (dir, 0700) != 0 && errno != EEXIST) || lstat (dir, &info) != 0) {
            mapwire_set_error ("the run directory %s cannot be made: %s", dir, strerror (errno));
            return -1;
        }
    }
    if (!S_ISDIR (info.st_mode)) {
        mapwire_set_error ("the run directory %s is not a directory (a symbolic link or a file): it is not your core", dir);
        return -1;
    }
    if (info.st_uid != getuid ()) {
        mapwire_set_error ("the run directory %s belongs to uid %u, not to you: it is not your core", dir, (unsigned) info.st_uid);
        return -1;
    }
    if (info.st_mode & 022) {
        mapwire_set_error ("the run directory %s is writable by group or others (mode %04o), so another user may have put "
                           "a socket in it: make it 0700", dir, (unsigned) (info.st_mode & 07777));
        return -1;
    }
    return mapwire_check_socket (dir, "control") || mapwire_check_socket (dir, "events") ? -1 : 0;
}

/*  A socket file that is there must be this user's (a missing one is fine: the core may not be up yet). */
int
mapwire_check_socket (const char *dir, const char *name)
{
    char path [300];
    struct stat info;
    snprintf (path, sizeof path, "%s/%s", dir, name);
    if (lstat (path, &info) != 0)
        return 0;
    if (info.st_uid != getuid ()) {
        mapwire_set_error ("the socket %s belongs to uid %u, not to you: it is not your core", path, (unsigned) info.st_uid);
        return -1;
    }
    return 0;
}
