/*  mapwire_descriptions_t's contract without a core: values the protocol refuses are refused with a
    message naming the call, setters need an annotation, the last image set wins, _destroy nulls; the
    annotation accessors give "", 0, NULL or false for NULL and other kinds of messages. Prints "ok". */
#include <mapwire.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define EXPECT(condition) do { if (!(condition)) { \
    fprintf (stderr, "%s:%d: expected %s (last error: %s)\n", __FILE__, __LINE__, #condition, mapwire_last_error ()); \
    return 1; } } while (0)
#define REFUSED(call, text) EXPECT ((call) == -1 && strstr (mapwire_last_error (), text))

int
main (void)
{
    /* The head of a 1x1 PNG: signature, IHDR length, "IHDR", width, height (all the library reads). */
    static const unsigned char png [] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
                                          0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0 };
    unsigned char no_size [sizeof png], no_ihdr [sizeof png];
    memcpy (no_size, png, sizeof png);
    memset (no_size + 16, 0, 4);                 /* width 0 */
    memcpy (no_ihdr, png, sizeof png);
    memcpy (no_ihdr + 12, "IDAT", 4);
    mapwire_descriptions_t *answer = mapwire_descriptions_new ();
    EXPECT (answer && mapwire_descriptions_size (answer) == 0);

    /* Nothing to describe yet. */
    REFUSED (mapwire_descriptions_set_alpha (answer, 0.5), "mapwire_descriptions_set_alpha: no annotation to describe yet");
    REFUSED (mapwire_descriptions_set_fill_color (answer, "red"), "call mapwire_descriptions_add first");
    REFUSED (mapwire_descriptions_add (answer, ""), "needs the answer and the id");
    REFUSED (mapwire_descriptions_add (answer, NULL), "needs the answer and the id");
    REFUSED (mapwire_descriptions_add (NULL, "a"), "needs the answer and the id");

    EXPECT (mapwire_descriptions_add (answer, "a") == 0 && mapwire_descriptions_size (answer) == 1);
    REFUSED (mapwire_descriptions_set_alpha (answer, 1.5), "alpha 1.5 is outside 0 to 1");
    REFUSED (mapwire_descriptions_set_alpha (answer, -0.1), "outside 0 to 1");
    REFUSED (mapwire_descriptions_set_alpha (answer, NAN), "outside 0 to 1");
    EXPECT (mapwire_descriptions_set_alpha (answer, 0) == 0 && mapwire_descriptions_set_alpha (answer, 1) == 0);
    REFUSED (mapwire_descriptions_set_line_width (answer, -1), "a line width is 0 or more");
    REFUSED (mapwire_descriptions_set_line_width (answer, INFINITY), "a line width is 0 or more");
    EXPECT (mapwire_descriptions_set_line_width (answer, 0) == 0);
    REFUSED (mapwire_descriptions_set_stroke_color (answer, ""), "set_stroke_color: an empty colour");
    REFUSED (mapwire_descriptions_set_fill_color (answer, NULL), "set_fill_color: an empty colour");
    EXPECT (mapwire_descriptions_set_stroke_color (answer, "red") == 0);
    EXPECT (mapwire_descriptions_set_stroke_color (answer, "#00FF00") == 0);   /* the last one wins, no leak */
    EXPECT (mapwire_descriptions_set_fill_color (answer, "blue") == 0);
    REFUSED (mapwire_descriptions_set_style_image (answer, ""), "an empty image name");
    REFUSED (mapwire_descriptions_set_png (answer, "GIF89a....", 10, 1), "not a PNG image");
    REFUSED (mapwire_descriptions_set_png (answer, png, 4, 1), "not a PNG image");
    REFUSED (mapwire_descriptions_set_png (answer, png, 20, 1), "not a PNG image");
    REFUSED (mapwire_descriptions_set_png (answer, no_size, sizeof no_size, 1), "not a PNG image");
    REFUSED (mapwire_descriptions_set_png (answer, no_ihdr, sizeof no_ihdr, 1), "then an IHDR chunk");
    REFUSED (mapwire_descriptions_set_png (answer, NULL, 0, 1), "not a PNG image");
    REFUSED (mapwire_descriptions_set_png (answer, png, sizeof png, 0), "pixel ratio 0: it must be greater than 0");
    REFUSED (mapwire_descriptions_set_png (answer, png, sizeof png, NAN), "greater than 0");
    REFUSED (mapwire_descriptions_set_png (answer, png, sizeof png, 9), "pixel ratio 9: it must be greater than 0 and at most 8");
    EXPECT (mapwire_descriptions_set_style_image (answer, "marker-15") == 0);
    EXPECT (mapwire_descriptions_set_png (answer, png, sizeof png, 2) == 0);     /* replaces the name */
    EXPECT (mapwire_descriptions_set_style_image (answer, "marker-15") == 0);   /* and back */
    EXPECT (mapwire_descriptions_set_shape_enabled (answer, false) == 0);
    EXPECT (mapwire_descriptions_set_can_show_callout (answer, true) == 0);
    EXPECT (mapwire_descriptions_set_callout (answer, "Title", NULL, "", "Details") == 0);
    EXPECT (mapwire_descriptions_set_callout (answer, NULL, NULL, NULL, NULL) == 0);
    EXPECT (mapwire_descriptions_add (answer, "b") == 0 && mapwire_descriptions_size (answer) == 2);

    /* Answers need a request of their kind. */
    REFUSED (mapwire_plugin_answer_annotations (NULL, NULL, answer), "mapwire_plugin_answer_annotations: the message is not a request");
    REFUSED (mapwire_plugin_answer_user_location (NULL, NULL, NULL, false, 0, 0), "mapwire_plugin_answer_user_location: the message is not a request");

    mapwire_descriptions_destroy (&answer);
    EXPECT (answer == NULL);
    mapwire_descriptions_destroy (&answer);
    mapwire_descriptions_destroy (NULL);
    EXPECT (mapwire_descriptions_size (NULL) == 0);

    /* Accessors of a message that is not a DescribeAnnotations. */
    EXPECT (mapwire_msg_annotation_count (NULL) == 0);
    EXPECT (strcmp (mapwire_msg_annotation_id (NULL, 0), "") == 0 && mapwire_msg_annotation_kind (NULL, 0) == 0);
    EXPECT (strcmp (mapwire_msg_annotation_title (NULL, 3), "") == 0 && strcmp (mapwire_msg_annotation_image (NULL, 0), "") == 0);
    EXPECT (mapwire_msg_annotation_attribute (NULL, 0, "kind") == NULL && mapwire_msg_annotation_attribute_count (NULL, 0) == 0);
    EXPECT (!mapwire_msg_annotation_attribute_at (NULL, 0, 0, NULL, NULL));
    double longitude = 0;
    EXPECT (mapwire_msg_annotation_coordinate_count (NULL, 0) == 0 && !mapwire_msg_annotation_coordinate (NULL, 0, 0, &longitude, NULL));
    mapwire_viewport_t viewport;
    EXPECT (!mapwire_msg_viewport (NULL, &viewport));
    puts ("ok");
    return 0;
}
