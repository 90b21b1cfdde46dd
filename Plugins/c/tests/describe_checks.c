/*  An annotation-delegate for the tests, run against a stand-in core (test_annotation_delegate.py):
    for the first DescribeAnnotations it prints what libmapwire's accessors read, one line per
    annotation ("annotation ID KIND title=T subtitle=S image=I attributes=k:v,... coordinates=lon lat;..."),
    checks that answering for an id not asked about or describing one twice is refused, then answers
    each annotation with its "colour" attribute as fill colour; for the first DescribeUserLocation
    it prints the viewport, checks that an anchor outside it is refused, then answers with one in its
    middle. Prints "ok" and exits 0 after both, 1 on a failed check (saying which). */
#include <mapwire.h>
#include <stdio.h>
#include <string.h>

#define EXPECT(condition) do { if (!(condition)) { \
    fprintf (stderr, "%s:%d: expected %s (last error: %s)\n", __FILE__, __LINE__, #condition, mapwire_last_error ()); \
    return 1; } } while (0)

static const char *kinds [] = { "none", "point", "polyline", "polygon" };

static int
print_annotations (mapwire_msg_t *msg)
{
    for (size_t i = 0; i < mapwire_msg_annotation_count (msg); i++) {
        int kind = mapwire_msg_annotation_kind (msg, i);
        EXPECT (kind >= 0 && kind <= 3);
        printf ("annotation %s %s title=%s subtitle=%s image=%s attributes=", mapwire_msg_annotation_id (msg, i),
                kinds [kind], mapwire_msg_annotation_title (msg, i), mapwire_msg_annotation_subtitle (msg, i),
                mapwire_msg_annotation_image (msg, i));
        const char *key, *value;
        for (size_t a = 0; mapwire_msg_annotation_attribute_at (msg, i, a, &key, &value); a++) {
            printf ("%s%s:%s", a ? "," : "", key, value);
            EXPECT (strcmp (mapwire_msg_annotation_attribute (msg, i, key), value) == 0);
        }
        EXPECT (mapwire_msg_annotation_attribute (msg, i, "no-such-key") == NULL);
        printf (" coordinates=");
        double longitude, latitude;
        size_t n = mapwire_msg_annotation_coordinate_count (msg, i);
        for (size_t c = 0; c < n; c++) {
            EXPECT (mapwire_msg_annotation_coordinate (msg, i, c, &longitude, &latitude));
            printf ("%s%g %g", c ? ";" : "", longitude, latitude);
        }
        EXPECT (!mapwire_msg_annotation_coordinate (msg, i, n, &longitude, &latitude));
        printf ("\n");
    }
    size_t past = mapwire_msg_annotation_count (msg);
    EXPECT (strcmp (mapwire_msg_annotation_id (msg, past), "") == 0 && mapwire_msg_annotation_kind (msg, past) == 0);
    return 0;
}

static int
describe (mapwire_plugin_t *plugin, mapwire_msg_t *msg)
{
    if (print_annotations (msg) != 0)
        return 1;
    mapwire_viewport_t viewport;
    EXPECT (!mapwire_msg_viewport (msg, &viewport));
    EXPECT (mapwire_plugin_answer_user_location (plugin, msg, NULL, false, 0, 0) == -1);

    mapwire_descriptions_t *answer = mapwire_descriptions_new ();
    EXPECT (mapwire_descriptions_add (answer, "nobody-asked") == 0);
    EXPECT (mapwire_plugin_answer_annotations (plugin, msg, answer) == -1);
    EXPECT (strstr (mapwire_last_error (), "annotation \"nobody-asked\" was not asked about"));
    mapwire_descriptions_destroy (&answer);

    answer = mapwire_descriptions_new ();
    const char *first = mapwire_msg_annotation_id (msg, 0);
    EXPECT (mapwire_descriptions_add (answer, first) == 0 && mapwire_descriptions_add (answer, first) == 0);
    EXPECT (mapwire_plugin_answer_annotations (plugin, msg, answer) == -1);
    EXPECT (strstr (mapwire_last_error (), "is described twice"));
    mapwire_descriptions_destroy (&answer);
    EXPECT (mapwire_plugin_answer_annotations (plugin, msg, NULL) == -1);

    answer = mapwire_descriptions_new ();
    for (size_t i = 0; i < mapwire_msg_annotation_count (msg); i++) {
        const char *colour = mapwire_msg_annotation_attribute (msg, i, "colour");
        if (!colour)
            continue;                                 /* left out: the defaults */
        EXPECT (mapwire_descriptions_add (answer, mapwire_msg_annotation_id (msg, i)) == 0);
        EXPECT (mapwire_descriptions_set_fill_color (answer, colour) == 0);
    }
    EXPECT (mapwire_plugin_answer_annotations (plugin, msg, answer) == 0);
    mapwire_descriptions_destroy (&answer);
    return 0;
}

static int
place_puck (mapwire_plugin_t *plugin, mapwire_msg_t *msg)
{
    mapwire_viewport_t view;
    EXPECT (mapwire_msg_viewport (msg, &view));
    printf ("viewport %ux%u padding %g %g %g %g\n", view.width, view.height, view.padding_top, view.padding_left,
            view.padding_bottom, view.padding_right);
    EXPECT (mapwire_msg_annotation_count (msg) == 0);
    EXPECT (mapwire_plugin_answer_annotations (plugin, msg, NULL) == -1);
    EXPECT (mapwire_plugin_answer_user_location (plugin, msg, NULL, true, view.width + 1.0, 0) == -1);
    EXPECT (strstr (mapwire_last_error (), "is outside the"));
    EXPECT (mapwire_plugin_answer_user_location (plugin, msg, NULL, true, -1, 0) == -1);
    mapwire_puck_style_t style = { .puck_fill_color = "#FF4500", .halo_color = "" };
    EXPECT (mapwire_plugin_answer_user_location (plugin, msg, &style, true, view.width / 2.0, view.height / 2.0) == 0);
    return 0;
}

int
main (int argc, char **argv)
{
    mapwire_plugin_t *plugin = mapwire_plugin_new ("c-describe-checks", argc > 1 ? argv [1] : NULL);
    EXPECT (plugin);
    mapwire_plugin_add_role (plugin, "annotation-delegate");
    EXPECT (mapwire_plugin_register (plugin, 15000) == 0);
    bool described = false, placed = false;
    int status = 0;
    for (int waited = 0; waited < 300 && !(described && placed) && status == 0; waited++) {
        mapwire_msg_t *msg = mapwire_plugin_wait (plugin, 100);
        if (mapwire_msg_kind (msg) == MAPWIRE_MSG_DESCRIBE_ANNOTATIONS) {
            status = describe (plugin, msg);
            described = true;
        }
        else
        if (mapwire_msg_kind (msg) == MAPWIRE_MSG_DESCRIBE_USER_LOCATION) {
            status = place_puck (plugin, msg);
            placed = true;
        }
        fflush (stdout);
        mapwire_msg_destroy (&msg);
    }
    mapwire_plugin_destroy (&plugin);
    if (status == 0 && described && placed)
        puts ("ok");
    return status == 0 && described && placed ? 0 : 1;
}
