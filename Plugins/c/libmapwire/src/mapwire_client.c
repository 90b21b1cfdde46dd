/*  mapwire_client: commands to one core (PROTOCOL.md 7.3) and their replies, without a plugin session
    (any peer may send commands). One function per runtime style command (PROTOCOL.md 7.12). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>
#include "private.h"

struct _mapwire_client_t {
    void *context;
    void *control;            /* DEALER to <run dir>/control */
    char run_dir[256];
    char endpoint[300];
    uint64_t next_id;
    int timeout_ms;
    int error_code;           /* CommandReply.error_code of the last refusal */
};

mapwire_client_t *
mapwire_client_new (const char *run_dir)
{
    mapwire_client_t *self = calloc (1, sizeof *self);
    if (!self) {
        mapwire_set_error ("mapwire_client_new: out of memory");
        return NULL;
    }
    self->timeout_ms = 5000;
    if (mapwire_resolve_run_dir (run_dir, self->run_dir, sizeof self->run_dir) != 0
    ||  mapwire_check_run_dir (self->run_dir) != 0) {
        free (self);
        return NULL;
    }
    snprintf (self->endpoint, sizeof self->endpoint, "ipc://%s/control", self->run_dir);
    /* Ids that do not repeat across runs (PROTOCOL.md 7.3): a random start below 2^52, then one up. */
    struct timespec now;
    clock_gettime (CLOCK_REALTIME, &now);
    uint64_t seed = (uint64_t) now.tv_nsec * 2654435761u ^ (uint64_t) now.tv_sec;
    self->next_id = 1 + seed % ((uint64_t) 1 << 52);
    int linger = 0;
    self->context = zmq_ctx_new ();
    self->control = self->context ? zmq_socket (self->context, ZMQ_DEALER) : NULL;
    if (!self->control
    ||  zmq_setsockopt (self->control, ZMQ_LINGER, &linger, sizeof linger) != 0
    ||  zmq_connect (self->control, self->endpoint) != 0) {
        mapwire_set_error ("mapwire_client_new: cannot connect to %s: %s", self->endpoint, zmq_strerror (zmq_errno ()));
        mapwire_client_destroy (&self);
        return NULL;
    }
    return self;
}

void
mapwire_client_destroy (mapwire_client_t **self_p)
{
    if (!self_p || !*self_p)
        return;
    mapwire_client_t *self = *self_p;
    if (self->control) zmq_close (self->control);
    if (self->context) zmq_ctx_term (self->context);
    free (self);
    *self_p = NULL;
}

void mapwire_client_set_timeout (mapwire_client_t *self, int timeout_ms) { self->timeout_ms = timeout_ms; }
int mapwire_client_error_code (mapwire_client_t *self) { return self->error_code; }

/* Sends `command` (its kind filled in) and waits for its reply. Returns the reply (free it with
   mapwire__v1__control_message__free_unpacked) when the core accepted it; NULL when it refused it or
   did not answer in time (the error says which). */
static Mapwire__V1__ControlMessage *
run_command (mapwire_client_t *self, Mapwire__V1__Command *command)
{
    self->error_code = 0;
    command->id = self->next_id++;
    Mapwire__V1__ControlMessage message = MAPWIRE__V1__CONTROL_MESSAGE__INIT;
    message.body_case = MAPWIRE__V1__CONTROL_MESSAGE__BODY_COMMAND;
    message.command = command;
    size_t size = mapwire__v1__control_message__get_packed_size (&message);
    uint8_t *buffer = malloc (size ? size : 1);
    if (!buffer) {
        mapwire_set_error ("out of memory");
        return NULL;
    }
    mapwire__v1__control_message__pack (&message, buffer);
    int sent = zmq_send (self->control, buffer, size, 0);
    free (buffer);
    if (sent < 0) {
        mapwire_set_error ("cannot send to %s: %s", self->endpoint, zmq_strerror (zmq_errno ()));
        return NULL;
    }
    int64_t deadline = mapwire_now_ms () + self->timeout_ms;
    while (true) {
        int64_t left = deadline - mapwire_now_ms ();
        zmq_pollitem_t item = { self->control, 0, ZMQ_POLLIN, 0 };
        if (left <= 0 || zmq_poll (&item, 1, (long) left) <= 0) {
            mapwire_set_error ("no reply from the core at %s within %d ms", self->endpoint, self->timeout_ms);
            return NULL;
        }
        zmq_msg_t frame;
        zmq_msg_init (&frame);
        if (zmq_msg_recv (&frame, self->control, 0) < 0) {
            zmq_msg_close (&frame);
            continue;
        }
        Mapwire__V1__ControlMessage *reply = mapwire__v1__control_message__unpack (
            NULL, zmq_msg_size (&frame), zmq_msg_data (&frame));
        zmq_msg_close (&frame);
        if (!reply)
            continue;
        if (reply->body_case == MAPWIRE__V1__CONTROL_MESSAGE__BODY_COMMAND_REPLY && reply->command_reply->id == command->id) {
            if (reply->command_reply->ok)
                return reply;
            self->error_code = reply->command_reply->error_code;
            mapwire_set_error ("%s", reply->command_reply->error);
            mapwire__v1__control_message__free_unpacked (reply, NULL);
            return NULL;
        }
        if (reply->body_case == MAPWIRE__V1__CONTROL_MESSAGE__BODY_ERROR
        &&  (reply->error->in_reply_to == 0 || reply->error->in_reply_to == command->id)) {
            mapwire_set_error ("%s", reply->error->message);
            mapwire__v1__control_message__free_unpacked (reply, NULL);
            return NULL;
        }
        mapwire__v1__control_message__free_unpacked (reply, NULL);
    }
}

/* A command whose reply carries nothing: 0 or -1. */
static int
run (mapwire_client_t *self, Mapwire__V1__Command *command)
{
    Mapwire__V1__ControlMessage *reply = run_command (self, command);
    if (!reply)
        return -1;
    mapwire__v1__control_message__free_unpacked (reply, NULL);
    return 0;
}

/* A command answered with JSON: a copy the caller frees, or NULL. */
static char *
run_for_json (mapwire_client_t *self, Mapwire__V1__Command *command)
{
    Mapwire__V1__ControlMessage *reply = run_command (self, command);
    if (!reply)
        return NULL;
    char *json = NULL;
    if (reply->command_reply->result_case == MAPWIRE__V1__COMMAND_REPLY__RESULT_JSON)
        json = strdup (reply->command_reply->json);
    else
        mapwire_set_error ("the core's reply carries no JSON");
    mapwire__v1__control_message__free_unpacked (reply, NULL);
    return json;
}

/* The text fields protobuf-c packs must not be NULL: "" stands for nothing. */
static char *text (const char *value) { return (char *) (value ? value : ""); }

#define COMMAND(KIND, field, message) \
    Mapwire__V1__Command command = MAPWIRE__V1__COMMAND__INIT; \
    command.kind_case = MAPWIRE__V1__COMMAND__KIND_##KIND; \
    command.field = &message

int
mapwire_client_add_layer (mapwire_client_t *self, const char *layer_json, const char *before)
{
    Mapwire__V1__AddLayer kind = MAPWIRE__V1__ADD_LAYER__INIT;
    kind.json = text (layer_json);
    if (before) {
        kind.opt_before_case = MAPWIRE__V1__ADD_LAYER__OPT_BEFORE_BEFORE;
        kind.before = (char *) before;
    }
    COMMAND (ADD_LAYER, add_layer, kind);
    return run (self, &command);
}

int
mapwire_client_move_layer (mapwire_client_t *self, const char *layer_id, const char *before)
{
    Mapwire__V1__MoveLayer kind = MAPWIRE__V1__MOVE_LAYER__INIT;
    kind.id = text (layer_id);
    if (before) {
        kind.opt_before_case = MAPWIRE__V1__MOVE_LAYER__OPT_BEFORE_BEFORE;
        kind.before = (char *) before;
    }
    COMMAND (MOVE_LAYER, move_layer, kind);
    return run (self, &command);
}

int
mapwire_client_remove_layer (mapwire_client_t *self, const char *layer_id)
{
    Mapwire__V1__RemoveLayer kind = MAPWIRE__V1__REMOVE_LAYER__INIT;
    kind.id = text (layer_id);
    COMMAND (REMOVE_LAYER, remove_layer, kind);
    return run (self, &command);
}

int
mapwire_client_set_paint_property (mapwire_client_t *self, const char *layer_id, const char *name, const char *value_json)
{
    Mapwire__V1__SetPaintProperty kind = MAPWIRE__V1__SET_PAINT_PROPERTY__INIT;
    kind.layer = text (layer_id);
    kind.name = text (name);
    kind.value_json = text (value_json);
    COMMAND (SET_PAINT_PROPERTY, set_paint_property, kind);
    return run (self, &command);
}

int
mapwire_client_set_layout_property (mapwire_client_t *self, const char *layer_id, const char *name, const char *value_json)
{
    Mapwire__V1__SetLayoutProperty kind = MAPWIRE__V1__SET_LAYOUT_PROPERTY__INIT;
    kind.layer = text (layer_id);
    kind.name = text (name);
    kind.value_json = text (value_json);
    COMMAND (SET_LAYOUT_PROPERTY, set_layout_property, kind);
    return run (self, &command);
}

int
mapwire_client_set_filter (mapwire_client_t *self, const char *layer_id, const char *filter_json)
{
    Mapwire__V1__SetFilter kind = MAPWIRE__V1__SET_FILTER__INIT;
    kind.layer = text (layer_id);
    kind.filter_json = text (filter_json);
    COMMAND (SET_FILTER, set_filter, kind);
    return run (self, &command);
}

int
mapwire_client_set_layer_zoom_range (mapwire_client_t *self, const char *layer_id, double min_zoom, double max_zoom)
{
    Mapwire__V1__SetLayerZoomRange kind = MAPWIRE__V1__SET_LAYER_ZOOM_RANGE__INIT;
    kind.layer = text (layer_id);
    if (!isnan (min_zoom)) {
        kind.opt_min_zoom_case = MAPWIRE__V1__SET_LAYER_ZOOM_RANGE__OPT_MIN_ZOOM_MIN_ZOOM;
        kind.min_zoom = min_zoom;
    }
    if (!isnan (max_zoom)) {
        kind.opt_max_zoom_case = MAPWIRE__V1__SET_LAYER_ZOOM_RANGE__OPT_MAX_ZOOM_MAX_ZOOM;
        kind.max_zoom = max_zoom;
    }
    COMMAND (SET_LAYER_ZOOM_RANGE, set_layer_zoom_range, kind);
    return run (self, &command);
}

char *
mapwire_client_get_layer (mapwire_client_t *self, const char *layer_id)
{
    Mapwire__V1__GetLayer kind = MAPWIRE__V1__GET_LAYER__INIT;
    kind.id = text (layer_id);
    COMMAND (GET_LAYER, get_layer, kind);
    return run_for_json (self, &command);
}

char *
mapwire_client_get_style (mapwire_client_t *self)
{
    Mapwire__V1__GetStyle kind = MAPWIRE__V1__GET_STYLE__INIT;
    COMMAND (GET_STYLE, get_style, kind);
    return run_for_json (self, &command);
}

int
mapwire_client_set_source_data (mapwire_client_t *self, const char *source, const char *data_json)
{
    Mapwire__V1__SetSourceData kind = MAPWIRE__V1__SET_SOURCE_DATA__INIT;
    kind.source = text (source);
    kind.data_json = text (data_json);
    COMMAND (SET_SOURCE_DATA, set_source_data, kind);
    return run (self, &command);
}

int
mapwire_client_update_source_data (mapwire_client_t *self, const char *source, const char *diff_json)
{
    Mapwire__V1__UpdateSourceData kind = MAPWIRE__V1__UPDATE_SOURCE_DATA__INIT;
    kind.source = text (source);
    kind.diff_json = text (diff_json);
    COMMAND (UPDATE_SOURCE_DATA, update_source_data, kind);
    return run (self, &command);
}

int
mapwire_client_set_feature_state (mapwire_client_t *self, const char *source, const char *source_layer,
                                  const char *feature_id, const char *state_json)
{
    Mapwire__V1__SetFeatureState kind = MAPWIRE__V1__SET_FEATURE_STATE__INIT;
    kind.source = text (source);
    if (source_layer) {
        kind.opt_source_layer_case = MAPWIRE__V1__SET_FEATURE_STATE__OPT_SOURCE_LAYER_SOURCE_LAYER;
        kind.source_layer = (char *) source_layer;
    }
    kind.feature_id = text (feature_id);
    kind.state_json = text (state_json);
    COMMAND (SET_FEATURE_STATE, set_feature_state, kind);
    return run (self, &command);
}

int
mapwire_client_remove_feature_state (mapwire_client_t *self, const char *source, const char *source_layer,
                                     const char *feature_id, const char *key)
{
    Mapwire__V1__RemoveFeatureState kind = MAPWIRE__V1__REMOVE_FEATURE_STATE__INIT;
    kind.source = text (source);
    if (source_layer) {
        kind.opt_source_layer_case = MAPWIRE__V1__REMOVE_FEATURE_STATE__OPT_SOURCE_LAYER_SOURCE_LAYER;
        kind.source_layer = (char *) source_layer;
    }
    if (feature_id) {
        kind.opt_feature_id_case = MAPWIRE__V1__REMOVE_FEATURE_STATE__OPT_FEATURE_ID_FEATURE_ID;
        kind.feature_id = (char *) feature_id;
    }
    if (key) {
        kind.opt_key_case = MAPWIRE__V1__REMOVE_FEATURE_STATE__OPT_KEY_KEY;
        kind.key = (char *) key;
    }
    COMMAND (REMOVE_FEATURE_STATE, remove_feature_state, kind);
    return run (self, &command);
}

char *
mapwire_client_get_feature_state (mapwire_client_t *self, const char *source, const char *source_layer, const char *feature_id)
{
    Mapwire__V1__GetFeatureState kind = MAPWIRE__V1__GET_FEATURE_STATE__INIT;
    kind.source = text (source);
    if (source_layer) {
        kind.opt_source_layer_case = MAPWIRE__V1__GET_FEATURE_STATE__OPT_SOURCE_LAYER_SOURCE_LAYER;
        kind.source_layer = (char *) source_layer;
    }
    kind.feature_id = text (feature_id);
    COMMAND (GET_FEATURE_STATE, get_feature_state, kind);
    return run_for_json (self, &command);
}

int
mapwire_client_set_light (mapwire_client_t *self, const char *light_json)
{
    Mapwire__V1__SetLight kind = MAPWIRE__V1__SET_LIGHT__INIT;
    kind.json = text (light_json);
    COMMAND (SET_LIGHT, set_light, kind);
    return run (self, &command);
}

int
mapwire_client_set_sky (mapwire_client_t *self, const char *sky_json)
{
    Mapwire__V1__SetSky kind = MAPWIRE__V1__SET_SKY__INIT;
    kind.json = text (sky_json);
    COMMAND (SET_SKY, set_sky, kind);
    return run (self, &command);
}

int
mapwire_client_set_terrain (mapwire_client_t *self, const char *terrain_json)
{
    Mapwire__V1__SetTerrain kind = MAPWIRE__V1__SET_TERRAIN__INIT;
    kind.json = text (terrain_json);
    COMMAND (SET_TERRAIN, set_terrain, kind);
    return run (self, &command);
}

int
mapwire_client_set_projection (mapwire_client_t *self, const char *projection_json)
{
    Mapwire__V1__SetProjection kind = MAPWIRE__V1__SET_PROJECTION__INIT;
    kind.json = text (projection_json);
    COMMAND (SET_PROJECTION, set_projection, kind);
    return run (self, &command);
}

int
mapwire_client_set_global_state_property (mapwire_client_t *self, const char *name, const char *value_json)
{
    Mapwire__V1__SetGlobalStateProperty kind = MAPWIRE__V1__SET_GLOBAL_STATE_PROPERTY__INIT;
    kind.name = text (name);
    kind.value_json = text (value_json);
    COMMAND (SET_GLOBAL_STATE_PROPERTY, set_global_state_property, kind);
    return run (self, &command);
}

int
mapwire_client_set_sprite (mapwire_client_t *self, const char *url)
{
    Mapwire__V1__SetSprite kind = MAPWIRE__V1__SET_SPRITE__INIT;
    kind.url = text (url);
    COMMAND (SET_SPRITE, set_sprite, kind);
    return run (self, &command);
}
