/*  mapwire_descriptions: an annotation-delegate's answer to a DescribeAnnotations (PROTOCOL.md 7.10),
    built one annotation at a time, and sent with mapwire_plugin_answer_annotations. Values the
    protocol refuses are refused here, when the plugin sets them, with a message naming the call: the
    core would otherwise drop them far from the code that made them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "private.h"

struct _mapwire_descriptions_t {
    Mapwire__V1__AnnotationDescription **items;   /* each owns its strings, image and callout */
    size_t size, capacity;
};

static const uint8_t png_signature [8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

static uint32_t
big_endian_32 (const uint8_t *bytes)
{
    return (uint32_t) bytes [0] << 24 | (uint32_t) bytes [1] << 16 | (uint32_t) bytes [2] << 8 | bytes [3];
}

/* What the core reads of a PNG before it takes it (its size): the signature, then an IHDR chunk first
   with a width and height of 1 to 2^31 - 1 (the PNG specification's limits). */
static bool
is_png (const uint8_t *bytes, size_t size)
{
    if (!bytes || size < 24 || memcmp (bytes, png_signature, sizeof png_signature) != 0
    ||  memcmp (bytes + 12, "IHDR", 4) != 0)
        return false;
    uint32_t width = big_endian_32 (bytes + 16), height = big_endian_32 (bytes + 20);
    return width > 0 && height > 0 && width < 0x80000000u && height < 0x80000000u;
}

/* strdup, but "" stays protobuf-c's shared empty string (so freeing can tell). */
static char *
copy_text (const char *text)
{
    return text && *text ? strdup (text) : (char *) protobuf_c_empty_string;
}

static void
free_text (char *text)
{
    if (text && text != protobuf_c_empty_string)
        free (text);
}

static void
free_image (Mapwire__V1__AnnotationDescription *item)
{
    if (item->opt_image_case != MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_IMAGE_IMAGE)
        return;
    Mapwire__V1__AnnotationImage *image = item->image;
    if (image->source_case == MAPWIRE__V1__ANNOTATION_IMAGE__SOURCE_STYLE_IMAGE)
        free_text (image->style_image);
    else
    if (image->source_case == MAPWIRE__V1__ANNOTATION_IMAGE__SOURCE_PNG)
        free (image->png.data);
    free (image);
    item->image = NULL;
    item->opt_image_case = MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_IMAGE__NOT_SET;
}

static void
free_callout (Mapwire__V1__AnnotationDescription *item)
{
    if (item->opt_callout_case != MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_CALLOUT_CALLOUT)
        return;
    Mapwire__V1__CalloutContent *callout = item->callout;
    free_text (callout->title);
    free_text (callout->subtitle);
    free_text (callout->left_accessory);
    free_text (callout->right_accessory);
    free (callout);
    item->callout = NULL;
    item->opt_callout_case = MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_CALLOUT__NOT_SET;
}

static void
free_item (Mapwire__V1__AnnotationDescription *item)
{
    free_text (item->id);
    free_image (item);
    free_callout (item);
    if (item->opt_stroke_color_case == MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_STROKE_COLOR_STROKE_COLOR)
        free_text (item->stroke_color);
    if (item->opt_fill_color_case == MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_FILL_COLOR_FILL_COLOR)
        free_text (item->fill_color);
    free (item);
}

mapwire_descriptions_t *
mapwire_descriptions_new (void)
{
    mapwire_descriptions_t *self = calloc (1, sizeof *self);
    if (!self)
        mapwire_set_error ("mapwire_descriptions_new: out of memory");
    return self;
}

void
mapwire_descriptions_destroy (mapwire_descriptions_t **self_p)
{
    if (!self_p || !*self_p)
        return;
    mapwire_descriptions_t *self = *self_p;
    for (size_t i = 0; i < self->size; i++)
        free_item (self->items [i]);
    free (self->items);
    free (self);
    *self_p = NULL;
}

size_t
mapwire_descriptions_size (mapwire_descriptions_t *self)
{
    return self ? self->size : 0;
}

int
mapwire_descriptions_add (mapwire_descriptions_t *self, const char *id)
{
    if (!self || !id || !*id) {
        mapwire_set_error ("mapwire_descriptions_add: needs the answer and the id of an annotation asked about");
        return -1;
    }
    if (self->size == self->capacity) {
        size_t capacity = self->capacity ? self->capacity * 2 : 16;
        Mapwire__V1__AnnotationDescription **grown = realloc (self->items, capacity * sizeof *grown);
        if (!grown) {
            mapwire_set_error ("mapwire_descriptions_add: out of memory");
            return -1;
        }
        self->items = grown;
        self->capacity = capacity;
    }
    Mapwire__V1__AnnotationDescription *item = malloc (sizeof *item);
    char *copy = strdup (id);
    if (!item || !copy) {
        free (item);
        free (copy);
        mapwire_set_error ("mapwire_descriptions_add: out of memory");
        return -1;
    }
    mapwire__v1__annotation_description__init (item);
    item->id = copy;
    self->items [self->size++] = item;
    return 0;
}

/* The description being built, or NULL and an error naming `call`. */
static Mapwire__V1__AnnotationDescription *
current (mapwire_descriptions_t *self, const char *call)
{
    if (!self || self->size == 0) {
        mapwire_set_error ("%s: no annotation to describe yet (call mapwire_descriptions_add first)", call);
        return NULL;
    }
    return self->items [self->size - 1];
}

/* A new AnnotationImage in place of the current one's; NULL when out of memory. */
static Mapwire__V1__AnnotationImage *
replace_image (Mapwire__V1__AnnotationDescription *item, const char *call)
{
    Mapwire__V1__AnnotationImage *image = malloc (sizeof *image);
    if (!image) {
        mapwire_set_error ("%s: out of memory", call);
        return NULL;
    }
    mapwire__v1__annotation_image__init (image);
    free_image (item);
    item->opt_image_case = MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_IMAGE_IMAGE;
    item->image = image;
    return image;
}

int
mapwire_descriptions_set_style_image (mapwire_descriptions_t *self, const char *name)
{
    const char *call = "mapwire_descriptions_set_style_image";
    Mapwire__V1__AnnotationDescription *item = current (self, call);
    if (!item)
        return -1;
    if (!name || !*name) {
        mapwire_set_error ("%s: an empty image name (leave the image unset for the built-in pin)", call);
        return -1;
    }
    char *copy = strdup (name);
    Mapwire__V1__AnnotationImage *image = copy ? replace_image (item, call) : NULL;
    if (!image) {
        free (copy);
        mapwire_set_error ("%s: out of memory", call);
        return -1;
    }
    image->source_case = MAPWIRE__V1__ANNOTATION_IMAGE__SOURCE_STYLE_IMAGE;
    image->style_image = copy;
    image->pixel_ratio = 1;
    return 0;
}

int
mapwire_descriptions_set_png (mapwire_descriptions_t *self, const void *png, size_t size, double pixel_ratio)
{
    const char *call = "mapwire_descriptions_set_png";
    Mapwire__V1__AnnotationDescription *item = current (self, call);
    if (!item)
        return -1;
    if (!is_png (png, size)) {
        mapwire_set_error ("%s: the bytes are not a PNG image (a PNG signature, then an IHDR chunk with its size)", call);
        return -1;
    }
    if (!(pixel_ratio > 0 && pixel_ratio <= 8)) {      /* NaN fails too */
        mapwire_set_error ("%s: pixel ratio %g: it must be greater than 0 and at most 8 (1 for a 1x image)", call, pixel_ratio);
        return -1;
    }
    uint8_t *copy = malloc (size);
    Mapwire__V1__AnnotationImage *image = copy ? replace_image (item, call) : NULL;
    if (!image) {
        free (copy);
        mapwire_set_error ("%s: out of memory", call);
        return -1;
    }
    memcpy (copy, png, size);
    image->source_case = MAPWIRE__V1__ANNOTATION_IMAGE__SOURCE_PNG;
    image->png.data = copy;
    image->png.len = size;
    image->pixel_ratio = pixel_ratio;
    return 0;
}

int
mapwire_descriptions_set_alpha (mapwire_descriptions_t *self, double alpha)
{
    Mapwire__V1__AnnotationDescription *item = current (self, "mapwire_descriptions_set_alpha");
    if (!item)
        return -1;
    if (!(alpha >= 0 && alpha <= 1)) {       /* NaN fails both */
        mapwire_set_error ("mapwire_descriptions_set_alpha: alpha %g is outside 0 to 1", alpha);
        return -1;
    }
    item->opt_alpha_case = MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_ALPHA_ALPHA;
    item->alpha = alpha;
    return 0;
}

/* A copy of a colour to set, or NULL and an error naming `call`. */
static char *
color_copy (const char *color, const char *call)
{
    if (!color || !*color) {
        mapwire_set_error ("%s: an empty colour (leave it unset for the map's tint colour)", call);
        return NULL;
    }
    char *copy = strdup (color);
    if (!copy)
        mapwire_set_error ("%s: out of memory", call);
    return copy;
}

int
mapwire_descriptions_set_stroke_color (mapwire_descriptions_t *self, const char *color)
{
    const char *call = "mapwire_descriptions_set_stroke_color";
    Mapwire__V1__AnnotationDescription *item = current (self, call);
    char *copy = item ? color_copy (color, call) : NULL;
    if (!copy)
        return -1;
    if (item->opt_stroke_color_case == MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_STROKE_COLOR_STROKE_COLOR)
        free_text (item->stroke_color);
    item->opt_stroke_color_case = MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_STROKE_COLOR_STROKE_COLOR;
    item->stroke_color = copy;
    return 0;
}

int
mapwire_descriptions_set_fill_color (mapwire_descriptions_t *self, const char *color)
{
    const char *call = "mapwire_descriptions_set_fill_color";
    Mapwire__V1__AnnotationDescription *item = current (self, call);
    char *copy = item ? color_copy (color, call) : NULL;
    if (!copy)
        return -1;
    if (item->opt_fill_color_case == MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_FILL_COLOR_FILL_COLOR)
        free_text (item->fill_color);
    item->opt_fill_color_case = MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_FILL_COLOR_FILL_COLOR;
    item->fill_color = copy;
    return 0;
}

int
mapwire_descriptions_set_line_width (mapwire_descriptions_t *self, double points)
{
    Mapwire__V1__AnnotationDescription *item = current (self, "mapwire_descriptions_set_line_width");
    if (!item)
        return -1;
    if (!isfinite (points) || points < 0) {
        mapwire_set_error ("mapwire_descriptions_set_line_width: %g points: a line width is 0 or more", points);
        return -1;
    }
    item->opt_line_width_case = MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_LINE_WIDTH_LINE_WIDTH;
    item->line_width = points;
    return 0;
}

int
mapwire_descriptions_set_shape_enabled (mapwire_descriptions_t *self, bool enabled)
{
    Mapwire__V1__AnnotationDescription *item = current (self, "mapwire_descriptions_set_shape_enabled");
    if (!item)
        return -1;
    item->opt_shape_enabled_case = MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_SHAPE_ENABLED_SHAPE_ENABLED;
    item->shape_enabled = enabled;
    return 0;
}

int
mapwire_descriptions_set_can_show_callout (mapwire_descriptions_t *self, bool can_show)
{
    Mapwire__V1__AnnotationDescription *item = current (self, "mapwire_descriptions_set_can_show_callout");
    if (!item)
        return -1;
    item->opt_can_show_callout_case = MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_CAN_SHOW_CALLOUT_CAN_SHOW_CALLOUT;
    item->can_show_callout = can_show;
    return 0;
}

int
mapwire_descriptions_set_callout (mapwire_descriptions_t *self, const char *title, const char *subtitle,
                                  const char *left_accessory, const char *right_accessory)
{
    const char *call = "mapwire_descriptions_set_callout";
    Mapwire__V1__AnnotationDescription *item = current (self, call);
    if (!item)
        return -1;
    Mapwire__V1__CalloutContent *callout = malloc (sizeof *callout);
    if (!callout) {
        mapwire_set_error ("%s: out of memory", call);
        return -1;
    }
    mapwire__v1__callout_content__init (callout);
    callout->title = copy_text (title);
    callout->subtitle = copy_text (subtitle);
    callout->left_accessory = copy_text (left_accessory);
    callout->right_accessory = copy_text (right_accessory);
    if (!callout->title || !callout->subtitle || !callout->left_accessory || !callout->right_accessory) {
        free_text (callout->title);
        free_text (callout->subtitle);
        free_text (callout->left_accessory);
        free_text (callout->right_accessory);
        free (callout);
        mapwire_set_error ("%s: out of memory", call);
        return -1;
    }
    free_callout (item);
    item->opt_callout_case = MAPWIRE__V1__ANNOTATION_DESCRIPTION__OPT_CALLOUT_CALLOUT;
    item->callout = callout;
    return 0;
}

/* ---- sending ------------------------------------------------------------------------------------ */

static int
compare_ids (const void *a, const void *b)
{
    return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The first described id that the request did not ask about or that is described twice, NULL when
   none; *twice says which. Sorted copies of both lists keep this O(n log n) for batches of thousands. */
static const char *
misdescribed_id (const Mapwire__V1__DescribeAnnotations *asked, mapwire_descriptions_t *answer,
                 bool *twice, bool *out_of_memory)
{
    const char *found = NULL;
    const char **asked_ids = malloc ((asked->n_annotations + 1) * sizeof *asked_ids);
    const char **answered_ids = malloc ((answer->size + 1) * sizeof *answered_ids);
    *out_of_memory = !asked_ids || !answered_ids;
    if (*out_of_memory)
        goto done;
    for (size_t i = 0; i < asked->n_annotations; i++)
        asked_ids [i] = asked->annotations [i]->id;
    for (size_t i = 0; i < answer->size; i++)
        answered_ids [i] = answer->items [i]->id;
    qsort (asked_ids, asked->n_annotations, sizeof *asked_ids, compare_ids);
    qsort (answered_ids, answer->size, sizeof *answered_ids, compare_ids);
    for (size_t i = 0; i < answer->size && !found; i++) {
        if (i > 0 && strcmp (answered_ids [i - 1], answered_ids [i]) == 0) {
            found = answered_ids [i];
            *twice = true;
        }
        else
        if (!bsearch (&answered_ids [i], asked_ids, asked->n_annotations, sizeof *asked_ids, compare_ids)) {
            found = answered_ids [i];
            *twice = false;
        }
    }
done:
    free (asked_ids);
    free (answered_ids);
    return found;
}

int
mapwire_plugin_answer_annotations (mapwire_plugin_t *self, mapwire_msg_t *msg, mapwire_descriptions_t *descriptions)
{
    const char *call = "mapwire_plugin_answer_annotations";
    const Mapwire__V1__PluginRequest *request = mapwire_expect_request (msg, MAPWIRE_MSG_DESCRIBE_ANNOTATIONS, call);
    if (!request)
        return -1;
    if (!descriptions) {
        mapwire_set_error ("%s: no descriptions (an empty mapwire_descriptions_t answers \"all defaults\")", call);
        return -1;
    }
    bool twice = false, out_of_memory = false;
    const char *wrong = misdescribed_id (request->describe_annotations, descriptions, &twice, &out_of_memory);
    if (out_of_memory) {
        mapwire_set_error ("%s: out of memory", call);
        return -1;
    }
    if (wrong) {
        mapwire_set_error (twice ? "%s: annotation \"%.200s\" is described twice"
                                 : "%s: annotation \"%.200s\" was not asked about", call, wrong);
        return -1;
    }
    Mapwire__V1__AnnotationDescriptions answer = MAPWIRE__V1__ANNOTATION_DESCRIPTIONS__INIT;
    answer.descriptions = descriptions->items;
    answer.n_descriptions = descriptions->size;
    Mapwire__V1__PluginReply reply = MAPWIRE__V1__PLUGIN_REPLY__INIT;
    reply.id = request->id;
    reply.kind_case = MAPWIRE__V1__PLUGIN_REPLY__KIND_ANNOTATION_DESCRIPTIONS;
    reply.annotation_descriptions = &answer;
    return mapwire_plugin_send_reply (self, &reply);
}
