/*  mapwire_msg: one request or event from the core, decoded once on arrival. */
#include <stdlib.h>
#include <string.h>
#include "private.h"

static mapwire_msg_kind_t
request_kind (const Mapwire__V1__PluginRequest *request)
{
    switch (request->kind_case) {
        case MAPWIRE__V1__PLUGIN_REQUEST__KIND_LOAD_RESOURCE: return MAPWIRE_MSG_LOAD_RESOURCE;
        case MAPWIRE__V1__PLUGIN_REQUEST__KIND_RENDER_FRAME: return MAPWIRE_MSG_RENDER_FRAME;
        case MAPWIRE__V1__PLUGIN_REQUEST__KIND_MAY_CHANGE_CAMERA: return MAPWIRE_MSG_MAY_CHANGE_CAMERA;
        case MAPWIRE__V1__PLUGIN_REQUEST__KIND_HANDLE_GESTURE: return MAPWIRE_MSG_HANDLE_GESTURE;
        case MAPWIRE__V1__PLUGIN_REQUEST__KIND_SHOULD_REMOVE_STYLE_IMAGE: return MAPWIRE_MSG_SHOULD_REMOVE_STYLE_IMAGE;
        case MAPWIRE__V1__PLUGIN_REQUEST__KIND_CANCEL: return MAPWIRE_MSG_CANCEL;
        case MAPWIRE__V1__PLUGIN_REQUEST__KIND_DESCRIBE_ANNOTATIONS: return MAPWIRE_MSG_DESCRIBE_ANNOTATIONS;
        case MAPWIRE__V1__PLUGIN_REQUEST__KIND_DESCRIBE_USER_LOCATION: return MAPWIRE_MSG_DESCRIBE_USER_LOCATION;
        default: return 0;
    }
}

mapwire_msg_t *
mapwire_msg_from_control (void *data, size_t size)
{
    Mapwire__V1__ControlMessage *control = mapwire__v1__control_message__unpack (NULL, size, data);
    mapwire_msg_t *self = control ? calloc (1, sizeof *self) : NULL;
    if (!self) {
        if (control) mapwire__v1__control_message__free_unpacked (control, NULL);
        free (data);
        return NULL;
    }
    self->control = control;
    self->data = data;
    self->size = size;
    if (control->body_case == MAPWIRE__V1__CONTROL_MESSAGE__BODY_REQUEST)
        self->kind = request_kind (control->request);
    else
    if (control->body_case == MAPWIRE__V1__CONTROL_MESSAGE__BODY_ERROR)
        self->kind = MAPWIRE_MSG_ERROR;
    return self;       /* kind 0: a body the plugin loop handles itself */
}

mapwire_msg_t *
mapwire_msg_from_event (char *topic, void *data, size_t size)
{
    Mapwire__V1__Envelope *envelope = mapwire__v1__envelope__unpack (NULL, size, data);
    mapwire_msg_t *self = envelope ? calloc (1, sizeof *self) : NULL;
    if (!self) {
        if (envelope) mapwire__v1__envelope__free_unpacked (envelope, NULL);
        free (topic);
        free (data);
        return NULL;
    }
    self->kind = MAPWIRE_MSG_EVENT;
    self->topic = topic;
    self->envelope = envelope;
    self->data = data;
    self->size = size;
    return self;
}

void
mapwire_msg_destroy (mapwire_msg_t **self_p)
{
    if (!self_p || !*self_p)
        return;
    mapwire_msg_t *self = *self_p;
    if (self->control) mapwire__v1__control_message__free_unpacked (self->control, NULL);
    if (self->envelope) mapwire__v1__envelope__free_unpacked (self->envelope, NULL);
    free (self->topic);
    free (self->data);
    free (self);
    *self_p = NULL;
}

mapwire_msg_kind_t
mapwire_msg_kind (mapwire_msg_t *self)
{
    return self ? self->kind : 0;
}

/* The request inside, or NULL for events and errors. */
const Mapwire__V1__PluginRequest *
mapwire_msg_request (mapwire_msg_t *self)
{
    if (!self || !self->control || self->control->body_case != MAPWIRE__V1__CONTROL_MESSAGE__BODY_REQUEST)
        return NULL;
    return self->control->request;
}

static const Mapwire__V1__LoadResource *
load_of (mapwire_msg_t *self)
{
    const Mapwire__V1__PluginRequest *request = mapwire_msg_request (self);
    return request && request->kind_case == MAPWIRE__V1__PLUGIN_REQUEST__KIND_LOAD_RESOURCE ? request->load_resource : NULL;
}

uint64_t
mapwire_msg_id (mapwire_msg_t *self)
{
    const Mapwire__V1__PluginRequest *request = mapwire_msg_request (self);
    return request ? request->id : 0;
}

const char *
mapwire_msg_url (mapwire_msg_t *self)
{
    const Mapwire__V1__LoadResource *load = load_of (self);
    return load && load->request ? load->request->url : "";
}

int
mapwire_msg_resource_kind (mapwire_msg_t *self)
{
    const Mapwire__V1__LoadResource *load = load_of (self);
    return load && load->request ? (int) load->request->kind : 0;
}

bool
mapwire_msg_tile (mapwire_msg_t *self, uint32_t *z, uint32_t *x, uint32_t *y)
{
    const Mapwire__V1__LoadResource *load = load_of (self);
    if (!load || load->opt_tile_id_case != MAPWIRE__V1__LOAD_RESOURCE__OPT_TILE_ID_TILE_ID || !load->tile_id)
        return false;
    if (z) *z = load->tile_id->z;
    if (x) *x = load->tile_id->x;
    if (y) *y = load->tile_id->y;
    return true;
}

const char *
mapwire_msg_source_id (mapwire_msg_t *self)
{
    const Mapwire__V1__LoadResource *load = load_of (self);
    return load && load->opt_source_id_case == MAPWIRE__V1__LOAD_RESOURCE__OPT_SOURCE_ID_SOURCE_ID ? load->source_id : "";
}

uint64_t
mapwire_msg_cancelled_id (mapwire_msg_t *self)
{
    const Mapwire__V1__PluginRequest *request = mapwire_msg_request (self);
    return request && request->kind_case == MAPWIRE__V1__PLUGIN_REQUEST__KIND_CANCEL && request->cancel
        ? request->cancel->request_id : 0;
}

static bool
copy_camera (const Mapwire__V1__CameraState *from, mapwire_camera_t *to)
{
    if (!from || !to)
        return false;
    memset (to, 0, sizeof *to);
    if (from->center) {
        to->longitude = from->center->longitude;
        to->latitude = from->center->latitude;
    }
    to->zoom = from->zoom;
    to->bearing = from->bearing;
    to->pitch = from->pitch;
    to->width = from->width;
    to->height = from->height;
    return true;
}

bool
mapwire_msg_camera (mapwire_msg_t *self, mapwire_camera_t *camera)
{
    const Mapwire__V1__PluginRequest *request = mapwire_msg_request (self);
    if (!request)
        return false;
    if (request->kind_case == MAPWIRE__V1__PLUGIN_REQUEST__KIND_RENDER_FRAME && request->render_frame)
        return copy_camera (request->render_frame->camera, camera);
    if (request->kind_case == MAPWIRE__V1__PLUGIN_REQUEST__KIND_MAY_CHANGE_CAMERA && request->may_change_camera)
        return copy_camera (request->may_change_camera->new_camera, camera);
    return false;
}

bool
mapwire_msg_old_camera (mapwire_msg_t *self, mapwire_camera_t *camera)
{
    const Mapwire__V1__PluginRequest *request = mapwire_msg_request (self);
    if (request && request->kind_case == MAPWIRE__V1__PLUGIN_REQUEST__KIND_MAY_CHANGE_CAMERA && request->may_change_camera)
        return copy_camera (request->may_change_camera->old_camera, camera);
    return false;
}

const char *
mapwire_msg_image_id (mapwire_msg_t *self)
{
    const Mapwire__V1__PluginRequest *request = mapwire_msg_request (self);
    return request && request->kind_case == MAPWIRE__V1__PLUGIN_REQUEST__KIND_SHOULD_REMOVE_STYLE_IMAGE
        && request->should_remove_style_image ? request->should_remove_style_image->id : "";
}

int
mapwire_msg_gesture_kind (mapwire_msg_t *self)
{
    const Mapwire__V1__PluginRequest *request = mapwire_msg_request (self);
    return request && request->kind_case == MAPWIRE__V1__PLUGIN_REQUEST__KIND_HANDLE_GESTURE
        && request->handle_gesture && request->handle_gesture->gesture
        ? (int) request->handle_gesture->gesture->kind : 0;
}

int
mapwire_msg_error_code (mapwire_msg_t *self)
{
    return self && self->kind == MAPWIRE_MSG_ERROR ? (int) self->control->error->code : 0;
}

const char *
mapwire_msg_error_message (mapwire_msg_t *self)
{
    return self && self->kind == MAPWIRE_MSG_ERROR ? self->control->error->message : "";
}

const char *
mapwire_msg_topic (mapwire_msg_t *self)
{
    return self && self->topic ? self->topic : "";
}

uint64_t
mapwire_msg_epoch (mapwire_msg_t *self)
{
    return self && self->envelope ? self->envelope->epoch : 0;
}

uint64_t
mapwire_msg_sequence (mapwire_msg_t *self)
{
    return self && self->envelope ? self->envelope->sequence : 0;
}

const void *
mapwire_msg_data (mapwire_msg_t *self, size_t *size)
{
    if (size) *size = self ? self->size : 0;
    return self ? self->data : NULL;
}

const Mapwire__V1__ControlMessage *
mapwire_msg_control (mapwire_msg_t *self)
{
    return self ? self->control : NULL;
}

const Mapwire__V1__Envelope *
mapwire_msg_envelope (mapwire_msg_t *self)
{
    return self ? self->envelope : NULL;
}
