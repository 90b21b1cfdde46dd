/*  Answers to requests: exactly one PluginReply per request, carrying the request's id (7.4). */
#include <string.h>
#include "private.h"

const Mapwire__V1__PluginRequest *
mapwire_expect_request (mapwire_msg_t *msg, mapwire_msg_kind_t kind, const char *call)
{
    const Mapwire__V1__ControlMessage *control = msg ? msg->control : NULL;
    if (!control || control->body_case != MAPWIRE__V1__CONTROL_MESSAGE__BODY_REQUEST
    ||  (kind && msg->kind != kind) || msg->kind == MAPWIRE_MSG_CANCEL) {
        mapwire_set_error ("%s: the message is not a request this call answers", call);
        return NULL;
    }
    return control->request;
}

int
mapwire_plugin_send_reply (mapwire_plugin_t *self, Mapwire__V1__PluginReply *reply)
{
    Mapwire__V1__ControlMessage message = MAPWIRE__V1__CONTROL_MESSAGE__INIT;
    message.body_case = MAPWIRE__V1__CONTROL_MESSAGE__BODY_REPLY;
    message.reply = reply;
    return mapwire_plugin_send (self, &message);
}

/* A ResourceData answer; the caller fills in what differs. */
static int
send_resource (mapwire_plugin_t *self, const Mapwire__V1__PluginRequest *request,
               Mapwire__V1__ResourceData *resource)
{
    Mapwire__V1__PluginReply reply = MAPWIRE__V1__PLUGIN_REPLY__INIT;
    reply.id = request->id;
    reply.kind_case = MAPWIRE__V1__PLUGIN_REPLY__KIND_RESOURCE;
    reply.resource = resource;
    return mapwire_plugin_send_reply (self, &reply);
}

int
mapwire_plugin_answer_resource (mapwire_plugin_t *self, mapwire_msg_t *msg, const void *data, size_t size,
                                int data_source, int response_source)
{
    const Mapwire__V1__PluginRequest *request = mapwire_expect_request (msg, MAPWIRE_MSG_LOAD_RESOURCE, "mapwire_plugin_answer_resource");
    if (!request)
        return -1;
    Mapwire__V1__ResourceResponse response = MAPWIRE__V1__RESOURCE_RESPONSE__INIT;
    response.source = (Mapwire__V1__ResponseSource) response_source;
    response.size = size;
    Mapwire__V1__ResourceData resource = MAPWIRE__V1__RESOURCE_DATA__INIT;
    resource.data_source = (Mapwire__V1__DataSource) data_source;
    resource.response = &response;
    resource.data.data = (uint8_t *) data;
    resource.data.len = size;
    return send_resource (self, request, &resource);
}

int
mapwire_plugin_answer_no_content (mapwire_plugin_t *self, mapwire_msg_t *msg, int data_source, int response_source)
{
    const Mapwire__V1__PluginRequest *request = mapwire_expect_request (msg, MAPWIRE_MSG_LOAD_RESOURCE, "mapwire_plugin_answer_no_content");
    if (!request)
        return -1;
    Mapwire__V1__ResourceResponse response = MAPWIRE__V1__RESOURCE_RESPONSE__INIT;
    response.no_content = 1;
    response.source = (Mapwire__V1__ResponseSource) response_source;
    Mapwire__V1__ResourceData resource = MAPWIRE__V1__RESOURCE_DATA__INIT;
    resource.data_source = (Mapwire__V1__DataSource) data_source;
    resource.response = &response;
    return send_resource (self, request, &resource);
}

int
mapwire_plugin_answer_load_error (mapwire_plugin_t *self, mapwire_msg_t *msg, int reason, const char *message)
{
    const Mapwire__V1__PluginRequest *request = mapwire_expect_request (msg, MAPWIRE_MSG_LOAD_RESOURCE, "mapwire_plugin_answer_load_error");
    if (!request)
        return -1;
    Mapwire__V1__ResponseError error = MAPWIRE__V1__RESPONSE_ERROR__INIT;
    error.reason = (Mapwire__V1__ErrorReason) reason;
    error.message = (char *) (message ? message : "");
    Mapwire__V1__ResourceResponse response = MAPWIRE__V1__RESOURCE_RESPONSE__INIT;
    response.source = MAPWIRE__V1__RESPONSE_SOURCE__RESPONSE_SOURCE_LOCAL_FILE;
    response.opt_error_case = MAPWIRE__V1__RESOURCE_RESPONSE__OPT_ERROR_ERROR;
    response.error = &error;
    Mapwire__V1__ResourceData resource = MAPWIRE__V1__RESOURCE_DATA__INIT;
    resource.data_source = MAPWIRE__V1__DATA_SOURCE__DATA_SOURCE_RESOURCE_LOADER;
    resource.response = &response;
    return send_resource (self, request, &resource);
}

int
mapwire_plugin_answer_render (mapwire_plugin_t *self, mapwire_msg_t *msg, bool needs_repaint,
                              bool placement_changed, const char *error)
{
    const Mapwire__V1__PluginRequest *request = mapwire_expect_request (msg, MAPWIRE_MSG_RENDER_FRAME, "mapwire_plugin_answer_render");
    if (!request)
        return -1;
    Mapwire__V1__RenderResult result = MAPWIRE__V1__RENDER_RESULT__INIT;
    result.frame_id = request->render_frame->frame_id;
    result.needs_repaint = needs_repaint;
    result.placement_changed = placement_changed;
    if (error) result.error = (char *) error;
    if (request->render_frame->camera) {
        result.width = request->render_frame->camera->width;
        result.height = request->render_frame->camera->height;
    }
    Mapwire__V1__PluginReply reply = MAPWIRE__V1__PLUGIN_REPLY__INIT;
    reply.id = request->id;
    reply.kind_case = MAPWIRE__V1__PLUGIN_REPLY__KIND_RENDER_RESULT;
    reply.render_result = &result;
    return mapwire_plugin_send_reply (self, &reply);
}

int
mapwire_plugin_answer_camera (mapwire_plugin_t *self, mapwire_msg_t *msg, bool allow)
{
    const Mapwire__V1__PluginRequest *request = mapwire_expect_request (msg, MAPWIRE_MSG_MAY_CHANGE_CAMERA, "mapwire_plugin_answer_camera");
    if (!request)
        return -1;
    Mapwire__V1__CameraDecision decision = MAPWIRE__V1__CAMERA_DECISION__INIT;
    decision.allow = allow;
    Mapwire__V1__PluginReply reply = MAPWIRE__V1__PLUGIN_REPLY__INIT;
    reply.id = request->id;
    reply.kind_case = MAPWIRE__V1__PLUGIN_REPLY__KIND_CAMERA_DECISION;
    reply.camera_decision = &decision;
    return mapwire_plugin_send_reply (self, &reply);
}

int
mapwire_plugin_answer_gesture (mapwire_plugin_t *self, mapwire_msg_t *msg, int answer)
{
    const Mapwire__V1__PluginRequest *request = mapwire_expect_request (msg, MAPWIRE_MSG_HANDLE_GESTURE, "mapwire_plugin_answer_gesture");
    if (!request)
        return -1;
    Mapwire__V1__GestureAnswer gesture = MAPWIRE__V1__GESTURE_ANSWER__INIT;
    gesture.answer = (Mapwire__V1__GestureAnswer__Answer) answer;
    Mapwire__V1__PluginReply reply = MAPWIRE__V1__PLUGIN_REPLY__INIT;
    reply.id = request->id;
    reply.kind_case = MAPWIRE__V1__PLUGIN_REPLY__KIND_GESTURE_ANSWER;
    reply.gesture_answer = &gesture;
    return mapwire_plugin_send_reply (self, &reply);
}

int
mapwire_plugin_answer_style_image (mapwire_plugin_t *self, mapwire_msg_t *msg, bool keep)
{
    const Mapwire__V1__PluginRequest *request = mapwire_expect_request (msg, MAPWIRE_MSG_SHOULD_REMOVE_STYLE_IMAGE, "mapwire_plugin_answer_style_image");
    if (!request)
        return -1;
    Mapwire__V1__StyleImageDecision decision = MAPWIRE__V1__STYLE_IMAGE_DECISION__INIT;
    decision.keep = keep;
    Mapwire__V1__PluginReply reply = MAPWIRE__V1__PLUGIN_REPLY__INIT;
    reply.id = request->id;
    reply.kind_case = MAPWIRE__V1__PLUGIN_REPLY__KIND_STYLE_IMAGE_DECISION;
    reply.style_image_decision = &decision;
    return mapwire_plugin_send_reply (self, &reply);
}

int
mapwire_plugin_answer_user_location (mapwire_plugin_t *self, mapwire_msg_t *msg, const mapwire_puck_style_t *style,
                                     bool anchor, double anchor_x, double anchor_y)
{
    const char *call = "mapwire_plugin_answer_user_location";
    const Mapwire__V1__PluginRequest *request = mapwire_expect_request (msg, MAPWIRE_MSG_DESCRIBE_USER_LOCATION, call);
    if (!request)
        return -1;
    const Mapwire__V1__DescribeUserLocation *asked = request->describe_user_location;
    /* The anchor is a point of the viewport asked about: one outside it would put the puck off screen. */
    if (anchor && !(anchor_x >= 0 && anchor_x <= asked->width && anchor_y >= 0 && anchor_y <= asked->height)) {
        mapwire_set_error ("%s: anchor point (%g, %g) is outside the %ux%u viewport", call, anchor_x, anchor_y,
                           asked->width, asked->height);
        return -1;
    }
    Mapwire__V1__UserLocationDescription description = MAPWIRE__V1__USER_LOCATION_DESCRIPTION__INIT;
    Mapwire__V1__PuckStyle puck = MAPWIRE__V1__PUCK_STYLE__INIT;
    if (style) {
        /* protobuf-c packs NULL strings as ""; "" is the protocol's "default" for each colour anyway. */
        if (style->puck_fill_color) puck.puck_fill_color = (char *) style->puck_fill_color;
        if (style->halo_color) puck.halo_color = (char *) style->halo_color;
        if (style->accuracy_ring_color) puck.accuracy_ring_color = (char *) style->accuracy_ring_color;
        if (style->heading_arrow_color) puck.heading_arrow_color = (char *) style->heading_arrow_color;
        description.opt_style_case = MAPWIRE__V1__USER_LOCATION_DESCRIPTION__OPT_STYLE_STYLE;
        description.style = &puck;
    }
    Mapwire__V1__ScreenPoint point = MAPWIRE__V1__SCREEN_POINT__INIT;
    if (anchor) {
        point.x = anchor_x;
        point.y = anchor_y;
        description.opt_anchor_point_case = MAPWIRE__V1__USER_LOCATION_DESCRIPTION__OPT_ANCHOR_POINT_ANCHOR_POINT;
        description.anchor_point = &point;
    }
    Mapwire__V1__PluginReply reply = MAPWIRE__V1__PLUGIN_REPLY__INIT;
    reply.id = request->id;
    reply.kind_case = MAPWIRE__V1__PLUGIN_REPLY__KIND_USER_LOCATION_DESCRIPTION;
    reply.user_location_description = &description;
    return mapwire_plugin_send_reply (self, &reply);
}

int
mapwire_plugin_answer_error (mapwire_plugin_t *self, mapwire_msg_t *msg, int code, const char *message)
{
    const Mapwire__V1__PluginRequest *request = mapwire_expect_request (msg, 0, "mapwire_plugin_answer_error");
    if (!request)
        return -1;
    Mapwire__V1__Error error = MAPWIRE__V1__ERROR__INIT;
    error.code = (Mapwire__V1__Error__Code) code;
    error.message = (char *) (message ? message : "");
    error.in_reply_to = request->id;
    Mapwire__V1__PluginReply reply = MAPWIRE__V1__PLUGIN_REPLY__INIT;
    reply.id = request->id;
    reply.kind_case = MAPWIRE__V1__PLUGIN_REPLY__KIND_ERROR;
    reply.error = &error;
    return mapwire_plugin_send_reply (self, &reply);
}
