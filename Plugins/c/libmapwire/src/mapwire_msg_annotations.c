/*  mapwire_msg for the annotation-delegate role: the annotations a DescribeAnnotations asks about, and
    the viewport of a DescribeUserLocation (PROTOCOL.md 7.10). Out of range reads give "", 0 or false,
    never a crash: a plugin loops over what it was sent. */
#include <string.h>
#include "private.h"

static const Mapwire__V1__DescribeAnnotations *
describe_of (mapwire_msg_t *self)
{
    const Mapwire__V1__PluginRequest *request = mapwire_msg_request (self);
    return request && request->kind_case == MAPWIRE__V1__PLUGIN_REQUEST__KIND_DESCRIBE_ANNOTATIONS
        ? request->describe_annotations : NULL;
}

static const Mapwire__V1__Annotation *
annotation_at (mapwire_msg_t *self, size_t index)
{
    const Mapwire__V1__DescribeAnnotations *describe = describe_of (self);
    return describe && index < describe->n_annotations ? describe->annotations [index] : NULL;
}

size_t
mapwire_msg_annotation_count (mapwire_msg_t *self)
{
    const Mapwire__V1__DescribeAnnotations *describe = describe_of (self);
    return describe ? describe->n_annotations : 0;
}

const char *
mapwire_msg_annotation_id (mapwire_msg_t *self, size_t index)
{
    const Mapwire__V1__Annotation *annotation = annotation_at (self, index);
    return annotation ? annotation->id : "";
}

int
mapwire_msg_annotation_kind (mapwire_msg_t *self, size_t index)
{
    const Mapwire__V1__Annotation *annotation = annotation_at (self, index);
    switch (annotation ? annotation->shape_case : MAPWIRE__V1__ANNOTATION__SHAPE__NOT_SET) {
        case MAPWIRE__V1__ANNOTATION__SHAPE_POINT: return MAPWIRE_ANNOTATION_POINT;
        case MAPWIRE__V1__ANNOTATION__SHAPE_POLYLINE: return MAPWIRE_ANNOTATION_POLYLINE;
        case MAPWIRE__V1__ANNOTATION__SHAPE_POLYGON: return MAPWIRE_ANNOTATION_POLYGON;
        default: return 0;
    }
}

const char *
mapwire_msg_annotation_title (mapwire_msg_t *self, size_t index)
{
    const Mapwire__V1__Annotation *annotation = annotation_at (self, index);
    return annotation ? annotation->title : "";
}

const char *
mapwire_msg_annotation_subtitle (mapwire_msg_t *self, size_t index)
{
    const Mapwire__V1__Annotation *annotation = annotation_at (self, index);
    return annotation ? annotation->subtitle : "";
}

const char *
mapwire_msg_annotation_image (mapwire_msg_t *self, size_t index)
{
    const Mapwire__V1__Annotation *annotation = annotation_at (self, index);
    return annotation && annotation->shape_case == MAPWIRE__V1__ANNOTATION__SHAPE_POINT && annotation->point
        ? annotation->point->image : "";
}

const char *
mapwire_msg_annotation_attribute (mapwire_msg_t *self, size_t index, const char *key)
{
    const Mapwire__V1__Annotation *annotation = annotation_at (self, index);
    if (!annotation || !key)
        return NULL;
    /* A protobuf map may repeat a key on the wire; its last entry is the value (as protobuf says). */
    const char *value = NULL;
    for (size_t i = 0; i < annotation->n_attributes; i++)
        if (strcmp (annotation->attributes [i]->key, key) == 0)
            value = annotation->attributes [i]->value;
    return value;
}

size_t
mapwire_msg_annotation_attribute_count (mapwire_msg_t *self, size_t index)
{
    const Mapwire__V1__Annotation *annotation = annotation_at (self, index);
    return annotation ? annotation->n_attributes : 0;
}

bool
mapwire_msg_annotation_attribute_at (mapwire_msg_t *self, size_t index, size_t position,
                                     const char **key, const char **value)
{
    const Mapwire__V1__Annotation *annotation = annotation_at (self, index);
    if (!annotation || position >= annotation->n_attributes)
        return false;
    if (key) *key = annotation->attributes [position]->key;
    if (value) *value = annotation->attributes [position]->value;
    return true;
}

/* The coordinate at `position` of a point (its one), a polyline, or a polygon's outer ring (NULL when
   there is none), and their number in *count. */
static const Mapwire__V1__LngLat *
coordinate_at (const Mapwire__V1__Annotation *annotation, size_t position, size_t *count)
{
    Mapwire__V1__LngLat *const *coordinates = NULL;
    size_t n = 0;
    switch (annotation ? annotation->shape_case : MAPWIRE__V1__ANNOTATION__SHAPE__NOT_SET) {
        case MAPWIRE__V1__ANNOTATION__SHAPE_POINT:
            if (annotation->point && annotation->point->coordinate) {
                coordinates = &annotation->point->coordinate;
                n = 1;
            }
            break;
        case MAPWIRE__V1__ANNOTATION__SHAPE_POLYLINE:
            if (annotation->polyline) {
                coordinates = annotation->polyline->coordinates;
                n = annotation->polyline->n_coordinates;
            }
            break;
        case MAPWIRE__V1__ANNOTATION__SHAPE_POLYGON:
            if (annotation->polygon) {
                coordinates = annotation->polygon->outer;
                n = annotation->polygon->n_outer;
            }
            break;
        default:
            break;
    }
    *count = n;
    return position < n ? coordinates [position] : NULL;
}

size_t
mapwire_msg_annotation_coordinate_count (mapwire_msg_t *self, size_t index)
{
    size_t n;
    coordinate_at (annotation_at (self, index), 0, &n);
    return n;
}

bool
mapwire_msg_annotation_coordinate (mapwire_msg_t *self, size_t index, size_t position,
                                   double *longitude, double *latitude)
{
    size_t n;
    const Mapwire__V1__LngLat *coordinate = coordinate_at (annotation_at (self, index), position, &n);
    if (!coordinate)
        return false;
    if (longitude) *longitude = coordinate->longitude;
    if (latitude) *latitude = coordinate->latitude;
    return true;
}

bool
mapwire_msg_viewport (mapwire_msg_t *self, mapwire_viewport_t *viewport)
{
    const Mapwire__V1__PluginRequest *request = mapwire_msg_request (self);
    if (!viewport || !request || request->kind_case != MAPWIRE__V1__PLUGIN_REQUEST__KIND_DESCRIBE_USER_LOCATION
    ||  !request->describe_user_location)
        return false;
    const Mapwire__V1__DescribeUserLocation *describe = request->describe_user_location;
    memset (viewport, 0, sizeof *viewport);
    viewport->width = describe->width;
    viewport->height = describe->height;
    if (describe->padding) {
        viewport->padding_top = describe->padding->top;
        viewport->padding_left = describe->padding->left;
        viewport->padding_bottom = describe->padding->bottom;
        viewport->padding_right = describe->padding->right;
    }
    return true;
}
