/*  Queries (PROTOCOL.md 7.13): what the map draws at a point or in a box, and what a source holds, asked
    as one command each of the core in a run directory, answered with GeoJSON text. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>
#include "private.h"

/* Ids that do not repeat across runs (PROTOCOL.md 7.3): random below 2^52, from the clocks. */
static uint64_t
fresh_command_id (void)
{
    struct timespec now;
    clock_gettime (CLOCK_REALTIME, &now);
    uint64_t seed = (uint64_t) now.tv_nsec * 2654435761u ^ (uint64_t) now.tv_sec ^ (uint64_t) mapwire_now_ms () << 20;
    return 1 + seed % ((uint64_t) 1 << 52);
}

/* Sends `command` to the core of `run_dir` and waits up to timeout_ms for its reply. Returns the
   features JSON of an accepted query (the caller frees it), NULL when the core refused it (its message
   in mapwire_last_error, its CommandErrorCode in *error_code) or did not answer. */
static char *
ask (const char *run_dir, Mapwire__V1__Command *command, int timeout_ms, int *error_code)
{
    if (error_code)
        *error_code = 0;
    char dir[256], endpoint[300];
    if (mapwire_resolve_run_dir (run_dir, dir, sizeof dir) != 0 || mapwire_check_run_dir (dir) != 0)
        return NULL;
    snprintf (endpoint, sizeof endpoint, "ipc://%s/control", dir);
    command->id = fresh_command_id ();
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

    char *features = NULL;
    int linger = 0;
    void *context = zmq_ctx_new ();
    void *socket = context ? zmq_socket (context, ZMQ_DEALER) : NULL;
    if (!socket || zmq_setsockopt (socket, ZMQ_LINGER, &linger, sizeof linger) != 0 || zmq_connect (socket, endpoint) != 0
    ||  zmq_send (socket, buffer, size, 0) < 0) {
        mapwire_set_error ("cannot send to %s: %s", endpoint, zmq_strerror (zmq_errno ()));
        goto done;
    }
    int64_t deadline = mapwire_now_ms () + (timeout_ms > 0 ? timeout_ms : 10000);
    while (true) {
        int64_t left = deadline - mapwire_now_ms ();
        zmq_pollitem_t item = { socket, 0, ZMQ_POLLIN, 0 };
        if (left <= 0 || zmq_poll (&item, 1, (long) left) <= 0) {
            mapwire_set_error ("no reply from the core at %s within %d ms", endpoint, timeout_ms > 0 ? timeout_ms : 10000);
            goto done;
        }
        zmq_msg_t frame;
        zmq_msg_init (&frame);
        if (zmq_msg_recv (&frame, socket, 0) < 0) {
            zmq_msg_close (&frame);
            continue;
        }
        Mapwire__V1__ControlMessage *reply = mapwire__v1__control_message__unpack (NULL, zmq_msg_size (&frame), zmq_msg_data (&frame));
        zmq_msg_close (&frame);
        if (!reply)
            continue;
        bool ours = reply->body_case == MAPWIRE__V1__CONTROL_MESSAGE__BODY_COMMAND_REPLY && reply->command_reply->id == command->id;
        if (ours) {
            Mapwire__V1__CommandReply *answer = reply->command_reply;
            if (!answer->ok) {
                if (error_code)
                    *error_code = answer->error_code;
                mapwire_set_error ("%s", answer->error);
            } else if (answer->result_case != MAPWIRE__V1__COMMAND_REPLY__RESULT_FEATURES) {
                mapwire_set_error ("the core's reply carries no features");
            } else if (!(features = strdup (answer->features->features_json ? answer->features->features_json : "[]"))) {
                mapwire_set_error ("out of memory");
            }
        } else if (reply->body_case == MAPWIRE__V1__CONTROL_MESSAGE__BODY_ERROR
               && (reply->error->in_reply_to == 0 || reply->error->in_reply_to == command->id)) {
            mapwire_set_error ("%s", reply->error->message);
            ours = true;
        }
        mapwire__v1__control_message__free_unpacked (reply, NULL);
        if (ours)
            break;
    }
done:
    free (buffer);
    if (socket) zmq_close (socket);
    if (context) zmq_ctx_term (context);
    return features;
}

char *
mapwire_query_rendered_features (const char *run_dir, const double *geometry, size_t count, const char *const *layers,
                                 const char *filter_json, int timeout_ms, int *error_code)
{
    if (!geometry || (count != 2 && count != 4)) {
        mapwire_set_error ("mapwire_query_rendered_features: the geometry is 2 numbers (x, y) or 4 (x1, y1, x2, y2)");
        return NULL;
    }
    Mapwire__V1__ScreenPoint point = MAPWIRE__V1__SCREEN_POINT__INIT, min = MAPWIRE__V1__SCREEN_POINT__INIT,
                             max = MAPWIRE__V1__SCREEN_POINT__INIT;
    Mapwire__V1__QueryBox box = MAPWIRE__V1__QUERY_BOX__INIT;
    Mapwire__V1__QueryRenderedFeatures query = MAPWIRE__V1__QUERY_RENDERED_FEATURES__INIT;
    if (count == 2) {
        point.x = geometry[0];
        point.y = geometry[1];
        query.geometry_case = MAPWIRE__V1__QUERY_RENDERED_FEATURES__GEOMETRY_POINT;
        query.point = &point;
    } else {
        min.x = geometry[0];
        min.y = geometry[1];
        max.x = geometry[2];
        max.y = geometry[3];
        box.min = &min;
        box.max = &max;
        query.geometry_case = MAPWIRE__V1__QUERY_RENDERED_FEATURES__GEOMETRY_BOX;
        query.box = &box;
    }
    size_t n_layers = 0;
    while (layers && layers[n_layers])
        n_layers++;
    query.n_layers = n_layers;
    query.layers = (char **) layers;
    query.filter_json = (char *) (filter_json ? filter_json : "");
    Mapwire__V1__Command command = MAPWIRE__V1__COMMAND__INIT;
    command.kind_case = MAPWIRE__V1__COMMAND__KIND_QUERY_RENDERED_FEATURES;
    command.query_rendered_features = &query;
    return ask (run_dir, &command, timeout_ms, error_code);
}

char *
mapwire_query_source_features (const char *run_dir, const char *source, const char *source_layer, const char *filter_json,
                               int timeout_ms, int *error_code)
{
    if (!source || !*source) {
        mapwire_set_error ("mapwire_query_source_features: name a source");
        return NULL;
    }
    Mapwire__V1__QuerySourceFeatures query = MAPWIRE__V1__QUERY_SOURCE_FEATURES__INIT;
    query.source = (char *) source;
    query.source_layer = (char *) (source_layer ? source_layer : "");
    query.filter_json = (char *) (filter_json ? filter_json : "");
    Mapwire__V1__Command command = MAPWIRE__V1__COMMAND__INIT;
    command.kind_case = MAPWIRE__V1__COMMAND__KIND_QUERY_SOURCE_FEATURES;
    command.query_source_features = &query;
    return ask (run_dir, &command, timeout_ms, error_code);
}
