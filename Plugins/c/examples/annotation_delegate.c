/*  annotation_delegate: a MapWire annotation-delegate plugin in C on libmapwire (PROTOCOL.md 7.10,
    MapLibre's MGLMapViewDelegate questions). For each annotation the core asks about:

    - points answer image-for-annotation: the style image named by their "icon" attribute, else the
      PNG of --png (at --pixel-ratio), else the style image --image, else the built-in pin;
    - shapes take their "color" attribute as stroke colour (and fill colour, for polygons), --alpha
      and --line-width;
    - an annotation with a title can show a callout: its title, its subtitle and a "Details" accessory
      on the right.

    The user-location puck gets --puck as its fill colour; with --navigation it sits low in the view
    (three quarters down, inside the padding), as navigation apps put it.

        cc annotation_delegate.c $(pkg-config --cflags --libs mapwire) -o annotation-delegate
        ./annotation-delegate [--run-dir DIR] [--image NAME] [--png FILE] [--pixel-ratio R]
                              [--alpha A] [--line-width W] [--puck COLOR] [--navigation]

    Each answer is printed as one line: "described ID image=NAME" (or png, pin; stroke=, fill= for
    shapes), "user-location WxH anchor X,Y" (or "anchor default"). */
#define _POSIX_C_SOURCE 200809L
#include <mapwire.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile sig_atomic_t stopped = 0;
static void stop (int signal_number) { stopped = 1; }

typedef struct {
    const char *run_dir, *image, *puck;
    char *png; size_t png_size;
    double pixel_ratio, alpha, line_width;
    bool has_alpha, has_line_width, navigation;
} options_t;

/* Reads a whole file; NULL when it cannot. */
static char *
read_file (const char *path, size_t *size)
{
    FILE *file = fopen (path, "rb");
    if (!file)
        return NULL;
    char *data = NULL;
    size_t used = 0, capacity = 0, got;
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
    bool failed = ferror (file);
    fclose (file);
    if (failed) { free (data); return NULL; }
    *size = used;
    return data;
}

/* The image of point `i`; the line's "image=..." part goes into `said`. 0, or -1. */
static int
describe_image (mapwire_descriptions_t *answer, mapwire_msg_t *msg, size_t i, const options_t *options,
                char *said, size_t capacity)
{
    const char *icon = mapwire_msg_annotation_attribute (msg, i, "icon");
    if (icon && *icon) {
        snprintf (said, capacity, " image=%s", icon);
        return mapwire_descriptions_set_style_image (answer, icon);
    }
    if (options->png) {
        snprintf (said, capacity, " image=png");
        return mapwire_descriptions_set_png (answer, options->png, options->png_size, options->pixel_ratio);
    }
    if (options->image) {
        snprintf (said, capacity, " image=%s", options->image);
        return mapwire_descriptions_set_style_image (answer, options->image);
    }
    snprintf (said, capacity, " image=pin");
    return 0;
}

/* A shape's colours, alpha and width; the line's "stroke=... fill=..." part goes into `said`. */
static int
describe_shape (mapwire_descriptions_t *answer, mapwire_msg_t *msg, size_t i, const options_t *options,
                char *said, size_t capacity)
{
    const char *color = mapwire_msg_annotation_attribute (msg, i, "color");
    bool polygon = mapwire_msg_annotation_kind (msg, i) == MAPWIRE_ANNOTATION_POLYGON;
    said [0] = 0;
    if (color && *color) {
        snprintf (said, capacity, polygon ? " stroke=%s fill=%s" : " stroke=%s", color, color);
        if (mapwire_descriptions_set_stroke_color (answer, color) != 0
        ||  (polygon && mapwire_descriptions_set_fill_color (answer, color) != 0))
            return -1;
    }
    if (options->has_alpha && mapwire_descriptions_set_alpha (answer, options->alpha) != 0)
        return -1;
    if (options->has_line_width && mapwire_descriptions_set_line_width (answer, options->line_width) != 0)
        return -1;
    return 0;
}

static void
describe_annotations (mapwire_plugin_t *plugin, mapwire_msg_t *msg, const options_t *options)
{
    mapwire_descriptions_t *answer = mapwire_descriptions_new ();
    for (size_t i = 0; answer && i < mapwire_msg_annotation_count (msg); i++) {
        const char *id = mapwire_msg_annotation_id (msg, i);
        const char *title = mapwire_msg_annotation_title (msg, i);
        char said [300] = "";
        int described = mapwire_descriptions_add (answer, id);
        if (described == 0)
            described = mapwire_msg_annotation_kind (msg, i) == MAPWIRE_ANNOTATION_POINT
                ? describe_image (answer, msg, i, options, said, sizeof said)
                : describe_shape (answer, msg, i, options, said, sizeof said);
        if (described == 0 && *title)
            described = mapwire_descriptions_set_can_show_callout (answer, true) == 0
                     && mapwire_descriptions_set_callout (answer, title, mapwire_msg_annotation_subtitle (msg, i),
                                                          NULL, "Details") == 0 ? 0 : -1;
        if (described != 0) {
            /* A value the protocol refuses (an icon attribute of "" cannot get here; a bad --alpha can):
               say so, and answer the rest. The half-made description keeps what was valid. */
            fprintf (stderr, "annotation-delegate: %s: %s\n", id, mapwire_last_error ());
            continue;
        }
        printf ("described %s%s%s\n", id, said, *title ? " callout" : "");
    }
    if (!answer || mapwire_plugin_answer_annotations (plugin, msg, answer) != 0) {
        fprintf (stderr, "annotation-delegate: %s\n", mapwire_last_error ());
        mapwire_plugin_answer_error (plugin, msg, MAPWIRE_CODE_INTERNAL, mapwire_last_error ());
    }
    fflush (stdout);
    mapwire_descriptions_destroy (&answer);
}

static void
describe_user_location (mapwire_plugin_t *plugin, mapwire_msg_t *msg, const options_t *options)
{
    mapwire_viewport_t view;
    mapwire_msg_viewport (msg, &view);
    mapwire_puck_style_t style = { .puck_fill_color = options->puck };
    double x = view.padding_left + (view.width - view.padding_left - view.padding_right) / 2;
    double y = view.padding_top + (view.height - view.padding_top - view.padding_bottom) * 3 / 4;
    if (mapwire_plugin_answer_user_location (plugin, msg, options->puck ? &style : NULL, options->navigation, x, y) != 0) {
        /* Padding larger than the view puts that point outside it: the default anchor then. */
        fprintf (stderr, "annotation-delegate: %s\n", mapwire_last_error ());
        mapwire_plugin_answer_user_location (plugin, msg, options->puck ? &style : NULL, false, 0, 0);
        printf ("user-location %ux%u anchor default\n", view.width, view.height);
    }
    else
    if (options->navigation)
        printf ("user-location %ux%u anchor %g,%g\n", view.width, view.height, x, y);
    else
        printf ("user-location %ux%u anchor default\n", view.width, view.height);
    fflush (stdout);
}

static int
usage (const char *problem)
{
    fprintf (stderr, "annotation-delegate: %s\nusage: annotation-delegate [--run-dir DIR] [--image NAME] "
             "[--png FILE] [--pixel-ratio R] [--alpha A] [--line-width W] [--puck COLOR] [--navigation]\n", problem);
    return 64;
}

int
main (int argc, char **argv)
{
    options_t options = { .pixel_ratio = 1 };
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv [i + 1] : NULL;
        if (strcmp (argv [i], "--navigation") == 0) { options.navigation = true; continue; }
        if (!value)
            return usage ("an option without its value, or an unknown option");
        if (strcmp (argv [i], "--run-dir") == 0) options.run_dir = value;
        else if (strcmp (argv [i], "--image") == 0) options.image = value;
        else if (strcmp (argv [i], "--puck") == 0) options.puck = value;
        else if (strcmp (argv [i], "--pixel-ratio") == 0) options.pixel_ratio = atof (value);
        else if (strcmp (argv [i], "--alpha") == 0) { options.alpha = atof (value); options.has_alpha = true; }
        else if (strcmp (argv [i], "--line-width") == 0) { options.line_width = atof (value); options.has_line_width = true; }
        else if (strcmp (argv [i], "--png") == 0) {
            free (options.png);
            if (!(options.png = read_file (value, &options.png_size))) {
                fprintf (stderr, "annotation-delegate: cannot read %s\n", value);
                return 1;
            }
        }
        else return usage ("unknown option");
        i++;
    }
    signal (SIGINT, stop);
    signal (SIGTERM, stop);
    mapwire_plugin_t *plugin = mapwire_plugin_new ("c-annotation-delegate", options.run_dir);
    if (!plugin) {
        fprintf (stderr, "annotation-delegate: %s\n", mapwire_last_error ());
        free (options.png);
        return 1;
    }
    mapwire_plugin_add_role (plugin, "annotation-delegate");
    mapwire_plugin_register (plugin, 0);
    while (!stopped) {
        mapwire_msg_t *msg = mapwire_plugin_wait (plugin, 100);
        switch (mapwire_msg_kind (msg)) {
            case MAPWIRE_MSG_DESCRIBE_ANNOTATIONS: describe_annotations (plugin, msg, &options); break;
            case MAPWIRE_MSG_DESCRIBE_USER_LOCATION: describe_user_location (plugin, msg, &options); break;
            case MAPWIRE_MSG_CANCEL: case MAPWIRE_MSG_EVENT: case MAPWIRE_MSG_ERROR: break;
            default:
                if (msg)
                    mapwire_plugin_answer_error (plugin, msg, MAPWIRE_CODE_INVALID, "this plugin only describes annotations");
                break;
        }
        mapwire_msg_destroy (&msg);
    }
    mapwire_plugin_destroy (&plugin);
    free (options.png);
    return 0;
}
