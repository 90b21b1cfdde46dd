/*  A C plugin as the acceptance asks: registers with the core (waiting for the welcome), subscribes to
    map-* events plus "welcome" (so a launcher's --wait-subscribers sees it, PROTOCOL.md 4.2-4.3), and
    prints each event until map-idle. Exit 0 at map-idle, 1 on an error or after 60 s. */
#include <mapwire.h>
#include <stdio.h>
#include <string.h>

int
main (int argc, char **argv)
{
    mapwire_plugin_t *plugin = mapwire_plugin_new ("c-listener", argc > 1 ? argv [1] : NULL);
    if (!plugin) {
        fprintf (stderr, "listener: %s\n", mapwire_last_error ());
        return 1;
    }
    mapwire_plugin_add_role (plugin, "observer");
    if (mapwire_plugin_subscribe (plugin, "map-") != 0 || mapwire_plugin_subscribe (plugin, "welcome") != 0
    ||  mapwire_plugin_register (plugin, 15000) != 0) {
        fprintf (stderr, "listener: %s\n", mapwire_last_error ());
        mapwire_plugin_destroy (&plugin);
        return 1;
    }
    printf ("welcomed as %s on map %s, heartbeat %d ms\n", mapwire_plugin_id (plugin),
            mapwire_plugin_map_id (plugin), mapwire_plugin_heartbeat_interval (plugin));
    fflush (stdout);
    int status = 1;
    for (int waited = 0; waited < 600 && status; waited++) {
        mapwire_msg_t *msg = mapwire_plugin_wait (plugin, 100);
        if (mapwire_msg_kind (msg) == MAPWIRE_MSG_EVENT) {
            printf ("event %llu %s\n", (unsigned long long) mapwire_msg_sequence (msg), mapwire_msg_topic (msg));
            fflush (stdout);
            if (strcmp (mapwire_msg_topic (msg), "map-idle") == 0)
                status = 0;
        }
        mapwire_msg_destroy (&msg);
    }
    mapwire_plugin_destroy (&plugin);
    return status;
}
