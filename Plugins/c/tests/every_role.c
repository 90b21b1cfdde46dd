/*  A C plugin that takes every role with requests but loading: renderer (it draws nothing, but keeps
    the resource keys it was sent and asks for the ones it lacks, 7.6), camera-veto (allows zooming out
    only), gesture-delegate (handles taps), style-image-remover (keeps images named keep-*). It is here
    so `mapwire plugin-check` exercises each of libmapwire's answers, and mapwire_proto.h for the
    replies the simple calls do not cover (missing_keys). */
#define _POSIX_C_SOURCE 200809L
#include <mapwire_proto.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile sig_atomic_t stopped = 0;
static void stop (int signal_number) { stopped = 1; }

/* The resource keys this renderer has been sent bytes for. */
static char *known [1024];
static size_t n_known = 0;

static bool
is_known (const char *key)
{
    for (size_t i = 0; i < n_known; i++)
        if (strcmp (known [i], key) == 0)
            return true;
    return false;
}

static void
render (mapwire_plugin_t *plugin, mapwire_msg_t *msg)
{
    const Mapwire__V1__RenderFrame *frame = mapwire_msg_control (msg)->request->render_frame;
    char *missing [64];
    size_t n_missing = 0;
    for (size_t i = 0; i < frame->n_resources; i++) {
        const Mapwire__V1__RenderResource *resource = frame->resources [i];
        if (resource->data_included && !is_known (resource->key) && n_known < 1024)
            known [n_known++] = strdup (resource->key);
        else
        if (!resource->data_included && !is_known (resource->key) && n_missing < 64)
            missing [n_missing++] = resource->key;
    }
    if (n_missing == 0) {
        mapwire_plugin_answer_render (plugin, msg, false, false, NULL);
        return;
    }
    Mapwire__V1__RenderResult result = MAPWIRE__V1__RENDER_RESULT__INIT;
    result.frame_id = frame->frame_id;
    result.missing_keys = missing;
    result.n_missing_keys = n_missing;
    Mapwire__V1__PluginReply reply = MAPWIRE__V1__PLUGIN_REPLY__INIT;
    reply.id = mapwire_msg_id (msg);
    reply.kind_case = MAPWIRE__V1__PLUGIN_REPLY__KIND_RENDER_RESULT;
    reply.render_result = &result;
    Mapwire__V1__ControlMessage message = MAPWIRE__V1__CONTROL_MESSAGE__INIT;
    message.body_case = MAPWIRE__V1__CONTROL_MESSAGE__BODY_REPLY;
    message.reply = &reply;
    mapwire_plugin_send (plugin, &message);
}

int
main (void)
{
    signal (SIGINT, stop);
    signal (SIGTERM, stop);
    mapwire_plugin_t *plugin = mapwire_plugin_new ("c-every-role", NULL);
    if (!plugin) {
        fprintf (stderr, "every-role: %s\n", mapwire_last_error ());
        return 1;
    }
    const char *roles [] = { "renderer", "camera-veto", "gesture-delegate", "style-image-remover" };
    for (size_t i = 0; i < sizeof roles / sizeof roles [0]; i++)
        mapwire_plugin_add_role (plugin, roles [i]);
    mapwire_plugin_register (plugin, 0);
    while (!stopped) {
        mapwire_msg_t *msg = mapwire_plugin_wait (plugin, 100);
        mapwire_camera_t now, asked;
        switch (mapwire_msg_kind (msg)) {
            case MAPWIRE_MSG_RENDER_FRAME:
                render (plugin, msg);
                break;
            case MAPWIRE_MSG_MAY_CHANGE_CAMERA:
                mapwire_msg_old_camera (msg, &now);
                mapwire_msg_camera (msg, &asked);
                mapwire_plugin_answer_camera (plugin, msg, asked.zoom <= now.zoom);
                break;
            case MAPWIRE_MSG_HANDLE_GESTURE:
                mapwire_plugin_answer_gesture (plugin, msg, mapwire_msg_gesture_kind (msg) == MAPWIRE__V1__GESTURE_KIND__GESTURE_KIND_TAP
                                               ? MAPWIRE_GESTURE_HANDLED : MAPWIRE_GESTURE_NOT_HANDLED);
                break;
            case MAPWIRE_MSG_SHOULD_REMOVE_STYLE_IMAGE:
                mapwire_plugin_answer_style_image (plugin, msg, strncmp (mapwire_msg_image_id (msg), "keep-", 5) == 0);
                break;
            case MAPWIRE_MSG_LOAD_RESOURCE:
                mapwire_plugin_answer_error (plugin, msg, MAPWIRE_CODE_INVALID, "this plugin loads nothing");
                break;
            default:
                break;
        }
        mapwire_msg_destroy (&msg);
    }
    mapwire_plugin_destroy (&plugin);
    for (size_t i = 0; i < n_known; i++)
        free (known [i]);
    return 0;
}
