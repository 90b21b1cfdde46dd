/*  folder_loader: a MapWire loader plugin in C on libmapwire. It serves file:// URLs from one folder
    (style, TileJSON, tiles as {z}/{x}/{y} files, sprite, glyphs) and refuses everything outside it.
    A missing tile is an empty tile of a sparse tileset (no content), any other missing file is
    not-found (PROTOCOL.md 7.5).

        cc folder_loader.c $(pkg-config --cflags --libs mapwire) -o folder-loader
        ./folder-loader [--run-dir DIR] [--print-events] FOLDER

    --print-events also subscribes to every event and prints "event SEQUENCE TOPIC" lines. */
#define _XOPEN_SOURCE 700
#include <mapwire.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile sig_atomic_t stopped = 0;
static void stop (int signal_number) { stopped = 1; }

/* Decodes %XX escapes of a URL path in place. */
static void
percent_decode (char *text)
{
    char *out = text;
    for (char *in = text; *in; in++, out++) {
        unsigned int byte;
        if (in [0] == '%' && in [1] && in [2] && sscanf (in + 1, "%2x", &byte) == 1) {
            *out = (char) byte;
            in += 2;
        }
        else
            *out = *in;
    }
    *out = 0;
}

/* Reads a whole file; NULL when it cannot. */
static char *
read_file (const char *path, size_t *size)
{
    FILE *file = fopen (path, "rb");
    if (!file)
        return NULL;
    char *data = NULL;
    size_t capacity = 0, used = 0, got;
    do {
        if (used == capacity) {
            capacity = capacity ? capacity * 2 : 65536;
            char *grown = realloc (data, capacity);
            if (!grown) { free (data); fclose (file); return NULL; }
            data = grown;
        }
        got = fread (data + used, 1, capacity - used, file);
        used += got;
    } while (got > 0);
    bool failed = ferror (file);          /* e.g. a directory */
    fclose (file);
    if (failed) {
        free (data);
        return NULL;
    }
    *size = used;
    return data;
}

static void
answer_error (mapwire_plugin_t *plugin, mapwire_msg_t *request, int reason, const char *what, const char *path)
{
    char message [PATH_MAX + 64];
    snprintf (message, sizeof message, "%s: %s", what, path);
    mapwire_plugin_answer_load_error (plugin, request, reason, message);
}

static void
load (mapwire_plugin_t *plugin, mapwire_msg_t *request, const char *folder)
{
    const char *url = mapwire_msg_url (request);
    if (strncmp (url, "file://", 7) != 0) {
        mapwire_plugin_answer_load_error (plugin, request, MAPWIRE_ERROR_REASON_OTHER, "this loader only serves file:// URLs");
        return;
    }
    char path [PATH_MAX], resolved [PATH_MAX];
    snprintf (path, sizeof path, "%s", url + 7);
    percent_decode (path);
    size_t folder_length = strlen (folder);
    if (!realpath (path, resolved)) {
        /* A tile missing from the folder is an empty tile of a sparse tileset, not an error. */
        if (mapwire_msg_resource_kind (request) == MAPWIRE_RESOURCE_KIND_TILE)
            mapwire_plugin_answer_no_content (plugin, request, MAPWIRE_DATA_SOURCE_FILE_SYSTEM, MAPWIRE_RESPONSE_SOURCE_LOCAL_FILE);
        else
            answer_error (plugin, request, MAPWIRE_ERROR_REASON_NOT_FOUND, "no such file", path);
        return;
    }
    /* Inside the folder only, after resolving "..", symbolic links and the like. */
    if (strncmp (resolved, folder, folder_length) != 0 || (resolved [folder_length] != '/' && resolved [folder_length] != 0)) {
        answer_error (plugin, request, MAPWIRE_ERROR_REASON_OTHER, "outside the served folder", path);
        return;
    }
    size_t size = 0;
    char *data = read_file (resolved, &size);
    if (data)
        mapwire_plugin_answer_resource (plugin, request, data, size, MAPWIRE_DATA_SOURCE_FILE_SYSTEM, MAPWIRE_RESPONSE_SOURCE_LOCAL_FILE);
    else
        answer_error (plugin, request, MAPWIRE_ERROR_REASON_OTHER, "cannot be read", path);
    free (data);
}

int
main (int argc, char **argv)
{
    const char *run_dir = NULL, *folder_argument = NULL;
    bool print_events = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp (argv [i], "--run-dir") == 0 && i + 1 < argc)
            run_dir = argv [++i];
        else
        if (strcmp (argv [i], "--print-events") == 0)
            print_events = true;
        else
        if (argv [i][0] != '-' && !folder_argument)
            folder_argument = argv [i];
        else {
            fprintf (stderr, "usage: %s [--run-dir DIR] [--print-events] FOLDER\n", argv [0]);
            return 2;
        }
    }
    char folder [PATH_MAX];
    if (!folder_argument || !realpath (folder_argument, folder)) {
        fprintf (stderr, "folder-loader: give the folder to serve (an existing directory)\n");
        return 2;
    }
    signal (SIGINT, stop);
    signal (SIGTERM, stop);

    mapwire_plugin_t *plugin = mapwire_plugin_new ("c-folder-loader", run_dir);
    if (!plugin) {
        fprintf (stderr, "folder-loader: %s\n", mapwire_last_error ());
        return 1;
    }
    mapwire_plugin_add_role (plugin, "loader");
    mapwire_plugin_add_capability (plugin, "scheme:file");
    if (print_events && mapwire_plugin_subscribe (plugin, "") != 0)
        fprintf (stderr, "folder-loader: %s\n", mapwire_last_error ());
    mapwire_plugin_register (plugin, 0);
    fprintf (stderr, "folder-loader: serving %s to the core at %s\n", folder, mapwire_plugin_control_endpoint (plugin));

    while (!stopped) {
        mapwire_msg_t *msg = mapwire_plugin_wait (plugin, 100);
        switch (mapwire_msg_kind (msg)) {
            case MAPWIRE_MSG_LOAD_RESOURCE:
                load (plugin, msg, folder);
                break;
            case MAPWIRE_MSG_EVENT:
                printf ("event %llu %s\n", (unsigned long long) mapwire_msg_sequence (msg), mapwire_msg_topic (msg));
                fflush (stdout);
                break;
            case MAPWIRE_MSG_ERROR:
                fprintf (stderr, "folder-loader: the core says: %s\n", mapwire_msg_error_message (msg));
                break;
            case MAPWIRE_MSG_RENDER_FRAME:
            case MAPWIRE_MSG_MAY_CHANGE_CAMERA:
            case MAPWIRE_MSG_HANDLE_GESTURE:
            case MAPWIRE_MSG_SHOULD_REMOVE_STYLE_IMAGE:
                /* Requests for other roles: refused as every MapWire plugin refuses them (PROTOCOL.md 10.2). */
                mapwire_plugin_answer_error (plugin, msg, MAPWIRE_CODE_INVALID, "the c-folder-loader plugin only loads resources");
                break;
            default:               /* cancels: loads finish at once, nothing to stop */
                break;
        }
        mapwire_msg_destroy (&msg);
    }
    mapwire_plugin_destroy (&plugin);
    return 0;
}
