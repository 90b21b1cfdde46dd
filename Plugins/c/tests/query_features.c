/*  Asks the core of a run directory with libmapwire's query calls and prints what comes back:
        query_features RUN_DIR point X Y [LAYER]       query_features RUN_DIR box X1 Y1 X2 Y2
        query_features RUN_DIR source SOURCE [FILTER_JSON]
    The features' JSON on one line, or "error CODE: MESSAGE" (exit 1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mapwire.h>

int
main (int argc, char **argv)
{
    if (argc < 4) {
        fprintf (stderr, "usage: query_features RUN_DIR point|box|source ...\n");
        return 2;
    }
    char *features = NULL;
    int code = -1;
    if (strcmp (argv[2], "point") == 0 && argc >= 5) {
        double at[2] = { strtod (argv[3], NULL), strtod (argv[4], NULL) };
        const char *layers[] = { argc >= 6 ? argv[5] : NULL, NULL };
        features = mapwire_query_rendered_features (argv[1], at, 2, argc >= 6 ? layers : NULL, NULL, 10000, &code);
    } else if (strcmp (argv[2], "box") == 0 && argc >= 7) {
        double box[4] = { strtod (argv[3], NULL), strtod (argv[4], NULL), strtod (argv[5], NULL), strtod (argv[6], NULL) };
        features = mapwire_query_rendered_features (argv[1], box, 4, NULL, NULL, 10000, &code);
    } else if (strcmp (argv[2], "source") == 0) {
        features = mapwire_query_source_features (argv[1], argv[3], NULL, argc >= 5 ? argv[4] : NULL, 10000, &code);
    } else {
        fprintf (stderr, "usage: query_features RUN_DIR point|box|source ...\n");
        return 2;
    }
    if (!features) {
        printf ("error %d: %s\n", code, mapwire_last_error ());
        return 1;
    }
    printf ("%s\n", features);
    free (features);
    return 0;
}
