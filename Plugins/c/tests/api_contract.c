/*  libmapwire's API contract without a core: NULL with a readable error from _new, _destroy nulls the
    pointer and takes NULL, answers refuse messages of the wrong kind, the run directory is picked as
    PROTOCOL.md 2.1 says, register with a timeout gives up with a message. Prints "ok" and exits 0. */
#include <mapwire.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define EXPECT(condition) do { if (!(condition)) { \
    fprintf (stderr, "%s:%d: expected %s (last error: %s)\n", __FILE__, __LINE__, #condition, mapwire_last_error ()); \
    return 1; } } while (0)

int
main (int argc, char **argv)
{
    const char *run_dir = argc > 1 ? argv [1] : "/tmp/mapwire-api-contract";

    EXPECT (mapwire_plugin_new ("", run_dir) == NULL);
    EXPECT (strstr (mapwire_last_error (), "needs a name"));
    EXPECT (mapwire_plugin_new (NULL, run_dir) == NULL);

    char long_dir [200];
    memset (long_dir, 'x', sizeof long_dir - 1);
    long_dir [0] = '/';
    long_dir [sizeof long_dir - 1] = 0;
    EXPECT (mapwire_plugin_new ("p", long_dir) == NULL);
    EXPECT (strstr (mapwire_last_error (), "too long for a socket address"));

    mapwire_plugin_t *plugin = NULL;
    mapwire_plugin_destroy (&plugin);            /* NULL is fine */
    mapwire_plugin_destroy (NULL);

    /* A run directory others can write to, or a symbolic link, is refused (PROTOCOL.md 2.2). */
    char open_dir [160], link_dir [160], env_dir [160], env_endpoint [180];
    snprintf (open_dir, sizeof open_dir, "%s-open", run_dir);
    snprintf (link_dir, sizeof link_dir, "%s-link", run_dir);
    EXPECT (mkdir (open_dir, 0700) == 0 && chmod (open_dir, 0777) == 0);
    EXPECT (mapwire_plugin_new ("p", open_dir) == NULL);
    EXPECT (strstr (mapwire_last_error (), "writable by group or others"));
    EXPECT (symlink (open_dir, link_dir) == 0);
    EXPECT (mapwire_plugin_new ("p", link_dir) == NULL);
    EXPECT (strstr (mapwire_last_error (), "not a directory"));

    /* A missing run directory is made, private. */
    snprintf (env_dir, sizeof env_dir, "%s-env", run_dir);
    snprintf (env_endpoint, sizeof env_endpoint, "ipc://%s/control", env_dir);
    setenv ("MAPWIRE_RUN_DIR", env_dir, 1);
    plugin = mapwire_plugin_new ("p", NULL);
    EXPECT (plugin && strcmp (mapwire_plugin_run_dir (plugin), env_dir) == 0);
    EXPECT (strcmp (mapwire_plugin_control_endpoint (plugin), env_endpoint) == 0);
    struct stat made;
    EXPECT (stat (env_dir, &made) == 0 && (made.st_mode & 07777) == 0700);
    mapwire_plugin_destroy (&plugin);
    EXPECT (plugin == NULL);
    unsetenv ("MAPWIRE_RUN_DIR");

    plugin = mapwire_plugin_new ("p", run_dir);
    EXPECT (plugin);
    EXPECT (strcmp (mapwire_plugin_run_dir (plugin), run_dir) == 0);
    EXPECT (mapwire_plugin_add_role (plugin, "loader") == 0);
    EXPECT (mapwire_plugin_add_role (plugin, NULL) == -1);
    EXPECT (!mapwire_plugin_welcomed (plugin) && mapwire_plugin_id (plugin) == NULL);

    /* No core there: register gives up after its timeout and says so; roles are then fixed. */
    EXPECT (mapwire_plugin_register (plugin, 300) == -1);
    EXPECT (strstr (mapwire_last_error (), "no core welcomed"));
    EXPECT (mapwire_plugin_add_role (plugin, "renderer") == -1);
    EXPECT (mapwire_plugin_wait (plugin, 50) == NULL);

    /* Answers need a request of their kind. */
    EXPECT (mapwire_plugin_answer_camera (plugin, NULL, true) == -1);
    EXPECT (mapwire_plugin_answer_resource (plugin, NULL, "x", 1, MAPWIRE_DATA_SOURCE_FILE_SYSTEM, MAPWIRE_RESPONSE_SOURCE_LOCAL_FILE) == -1);
    EXPECT (strstr (mapwire_last_error (), "not a request"));
    EXPECT (mapwire_msg_kind (NULL) == 0 && mapwire_msg_id (NULL) == 0 && strcmp (mapwire_msg_url (NULL), "") == 0);

    mapwire_plugin_destroy (&plugin);
    EXPECT (plugin == NULL);

    int major = 0;
    mapwire_version (&major, NULL, NULL);
    EXPECT (major == MAPWIRE_VERSION_MAJOR);
    puts ("ok");
    return 0;
}
