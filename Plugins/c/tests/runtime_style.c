/*  The runtime style from C (PROTOCOL.md 7.12), against a core whose style the test set: every
    mapwire_client_* function changes the style in place or reads it back, and a refused change returns
    -1 with the core's message and error code. Prints "ok" and exits 0. */
#include <math.h>
#include <mapwire.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPECT(condition) do { if (!(condition)) { \
    fprintf (stderr, "%s:%d: expected %s (last error: %s)\n", __FILE__, __LINE__, #condition, mapwire_last_error ()); \
    return 1; } } while (0)

/* Whether the JSON `json` (freed here) contains `part`. */
static int
contains (char *json, const char *part)
{
    int found = json && strstr (json, part) != NULL;
    if (!found) fprintf (stderr, "no %s in %s\n", part, json ? json : "(null)");
    free (json);
    return found;
}

int
main (int argc, char **argv)
{
    mapwire_client_t *client = mapwire_client_new (argc > 1 ? argv [1] : NULL);
    EXPECT (client);

    EXPECT (mapwire_client_add_layer (client, "{\"id\":\"top\",\"type\":\"background\"}", NULL) == 0);
    EXPECT (mapwire_client_add_layer (client, "{\"id\":\"under\",\"type\":\"background\"}", "bg") == 0);
    EXPECT (mapwire_client_move_layer (client, "top", "dots") == 0);
    EXPECT (contains (mapwire_client_get_style (client), "\"id\":\"under\""));
    EXPECT (mapwire_client_set_paint_property (client, "dots", "circle-color", "\"#ff0000\"") == 0);
    EXPECT (mapwire_client_set_layout_property (client, "dots", "visibility", "\"none\"") == 0);
    EXPECT (mapwire_client_set_filter (client, "dots", "[\"has\",\"name\"]") == 0);
    EXPECT (mapwire_client_set_layer_zoom_range (client, "dots", 3, NAN) == 0);
    char *dots = mapwire_client_get_layer (client, "dots");
    EXPECT (dots && strstr (dots, "#ff0000") && strstr (dots, "\"minzoom\":3") && strstr (dots, "\"has\""));
    free (dots);
    EXPECT (mapwire_client_remove_layer (client, "under") == 0);

    /* Refused: the message names the property, the code says why, nothing changed. */
    EXPECT (mapwire_client_set_paint_property (client, "dots", "circle-opacity", "3") == -1);
    EXPECT (strstr (mapwire_last_error (), "circle-opacity"));
    EXPECT (mapwire_client_error_code (client) == MAPWIRE_COMMAND_ERROR_CODE_INVALID_ARGUMENT);
    EXPECT (mapwire_client_move_layer (client, "nope", NULL) == -1);
    EXPECT (mapwire_client_error_code (client) == MAPWIRE_COMMAND_ERROR_CODE_NOT_FOUND);
    EXPECT (mapwire_client_get_layer (client, "nope") == NULL);
    EXPECT (contains (mapwire_client_get_layer (client, "dots"), "#ff0000"));

    EXPECT (mapwire_client_set_source_data (client, "pts",
        "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"id\":4,\"properties\":{},"
        "\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,1]}}]}") == 0);
    EXPECT (mapwire_client_update_source_data (client, "pts",
        "{\"update\":[{\"id\":4,\"addOrUpdateProperties\":[{\"key\":\"k\",\"value\":1}]}]}") == 0);
    EXPECT (mapwire_client_update_source_data (client, "pts", "{\"remove\":[99]}") == -1);
    EXPECT (mapwire_client_set_feature_state (client, "pts", NULL, "4", "{\"hover\":true}") == 0);
    EXPECT (contains (mapwire_client_get_feature_state (client, "pts", NULL, "4"), "\"hover\":true"));
    EXPECT (mapwire_client_remove_feature_state (client, "pts", NULL, "4", NULL) == 0);
    EXPECT (contains (mapwire_client_get_feature_state (client, "pts", NULL, "4"), "{}"));

    EXPECT (mapwire_client_set_light (client, "{\"intensity\":0.3}") == 0);
    EXPECT (mapwire_client_set_sky (client, "{\"sky-color\":\"#88c6fc\"}") == 0);
    EXPECT (mapwire_client_set_terrain (client, "{\"source\":\"dem\"}") == 0);
    EXPECT (mapwire_client_set_projection (client, "{\"type\":\"globe\"}") == 0);
    EXPECT (mapwire_client_set_global_state_property (client, "tint", "\"#00ff00\"") == 0);
    EXPECT (mapwire_client_set_sprite (client, "") == 0);
    EXPECT (mapwire_client_set_light (client, "{\"intensity\":2}") == -1);
    EXPECT (strstr (mapwire_last_error (), "light.intensity"));
    EXPECT (contains (mapwire_client_get_style (client), "\"projection\":{\"type\":\"globe\"}"));

    mapwire_client_destroy (&client);
    EXPECT (client == NULL);
    mapwire_client_destroy (&client);
    printf ("ok\n");
    return 0;
}
