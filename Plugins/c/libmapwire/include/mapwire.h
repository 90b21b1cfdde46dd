/*  mapwire.h: libmapwire, the C library for writing MapWire plugins.

    A plugin is a process that connects to a MapWire core (Protocol/PROTOCOL.md), says hello with the
    roles it takes ("loader", "renderer", "camera-veto", ...), then answers the core's requests for
    those roles and may subscribe to the core's events. libmapwire does the protocol's plumbing:
    the run directory (section 2.1), hello and welcome (7.1), heartbeats both ways and saying hello
    again when the core restarts (7.2), answering unknown request kinds (7.4) and goodbye on destroy.

    Classes, in the style of czmq: opaque handles; `_new` returns NULL on failure and
    mapwire_last_error() says why; `_destroy(&p)` frees and sets the pointer to NULL.

        mapwire_plugin_t  a connection to one core (one plugin session)
        mapwire_msg_t     one thing received from the core: a request or an event
        mapwire_descriptions_t  an annotation-delegate's answer, built annotation by annotation
        mapwire_client_t  commands to a core and their replies (the runtime style among them)

    A plugin handle is not thread-safe: use it from one thread (as a ZeroMQ socket).

        mapwire_plugin_t *plugin = mapwire_plugin_new ("my-loader", NULL);
        if (!plugin) { fprintf (stderr, "%s\n", mapwire_last_error ()); return 1; }
        mapwire_plugin_add_role (plugin, "loader");
        mapwire_plugin_register (plugin, 0);
        while (!stopped) {
            mapwire_msg_t *msg = mapwire_plugin_wait (plugin, 100);   // also heartbeats
            if (msg && mapwire_msg_kind (msg) == MAPWIRE_MSG_LOAD_RESOURCE)
                mapwire_plugin_answer_load_error (plugin, msg, MAPWIRE_ERROR_REASON_NOT_FOUND, "nothing here");
            mapwire_msg_destroy (&msg);
        }
        mapwire_plugin_destroy (&plugin);                             // sends goodbye

    Link with `pkg-config --cflags --libs mapwire`. For every field of every message, include
    <mapwire_proto.h> as well (the protobuf-c types generated from Protocol/).
*/
#ifndef MAPWIRE_H_INCLUDED
#define MAPWIRE_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MAPWIRE_VERSION_MAJOR 1
#define MAPWIRE_VERSION_MINOR 0
#define MAPWIRE_VERSION_PATCH 0
/* The protocol major version this library speaks (mapwire.v1). */
#define MAPWIRE_PROTOCOL_VERSION 1

typedef struct _mapwire_plugin_t mapwire_plugin_t;
typedef struct _mapwire_msg_t mapwire_msg_t;
typedef struct _mapwire_client_t mapwire_client_t;

/* What mapwire_msg_kind() returns. */
typedef enum {
    MAPWIRE_MSG_EVENT = 1,                   /* an event from a subscription: topic + Envelope      */
    MAPWIRE_MSG_LOAD_RESOURCE = 2,           /* role "loader": answer with mapwire_plugin_answer_*  */
    MAPWIRE_MSG_RENDER_FRAME = 3,            /* role "renderer": answer_render                       */
    MAPWIRE_MSG_MAY_CHANGE_CAMERA = 4,       /* role "camera-veto": answer_camera                    */
    MAPWIRE_MSG_HANDLE_GESTURE = 5,          /* gesture claimants, "gesture-delegate": answer_gesture */
    MAPWIRE_MSG_SHOULD_REMOVE_STYLE_IMAGE = 6, /* role "style-image-remover": answer_style_image    */
    MAPWIRE_MSG_CANCEL = 7,                  /* the core no longer wants a request's answer; no reply */
    MAPWIRE_MSG_ERROR = 8,                   /* the core reported an error about something we sent   */
    MAPWIRE_MSG_DESCRIBE_ANNOTATIONS = 9,    /* role "annotation-delegate": answer_annotations       */
    MAPWIRE_MSG_DESCRIBE_USER_LOCATION = 10  /* role "annotation-delegate": answer_user_location     */
} mapwire_msg_kind_t;

/* What mapwire_msg_annotation_kind() returns: the shape of an annotation (Annotation.shape). */
typedef enum {
    MAPWIRE_ANNOTATION_POINT = 1,            /* a marker at one coordinate, drawn with an image       */
    MAPWIRE_ANNOTATION_POLYLINE = 2,         /* a line through 2 or more coordinates                  */
    MAPWIRE_ANNOTATION_POLYGON = 3           /* an area: an outer ring and any holes                  */
} mapwire_annotation_kind_t;

/* Every enum value of the protocol, generated from the .proto files (Protocol/generate):
   MAPWIRE_DATA_SOURCE_*, MAPWIRE_RESPONSE_SOURCE_* (ResourceData.data_source, ResourceResponse.source),
   MAPWIRE_ERROR_REASON_* (for mapwire_plugin_answer_load_error()), MAPWIRE_RESOURCE_KIND_* (what
   mapwire_msg_resource_kind() returns), MAPWIRE_ERROR_CODE_*, MAPWIRE_GESTURE_ANSWER_ANSWER_*, ... */
#include "mapwire/v1/mapwire_enums.h"

/* Error.code, for mapwire_plugin_answer_error() and mapwire_msg_error_code(). */
#define MAPWIRE_CODE_MALFORMED MAPWIRE_ERROR_CODE_MALFORMED
#define MAPWIRE_CODE_UNKNOWN_MESSAGE MAPWIRE_ERROR_CODE_UNKNOWN_MESSAGE
#define MAPWIRE_CODE_NOT_REGISTERED MAPWIRE_ERROR_CODE_NOT_REGISTERED
#define MAPWIRE_CODE_VERSION_MISMATCH MAPWIRE_ERROR_CODE_VERSION_MISMATCH
#define MAPWIRE_CODE_INVALID MAPWIRE_ERROR_CODE_INVALID
#define MAPWIRE_CODE_INTERNAL MAPWIRE_ERROR_CODE_INTERNAL

/* GestureAnswer.answer, for mapwire_plugin_answer_gesture(). */
#define MAPWIRE_GESTURE_NOT_HANDLED MAPWIRE_GESTURE_ANSWER_ANSWER_NOT_HANDLED
#define MAPWIRE_GESTURE_HANDLED MAPWIRE_GESTURE_ANSWER_ANSWER_HANDLED
#define MAPWIRE_GESTURE_HANDLED_AND_RUN_DEFAULT MAPWIRE_GESTURE_ANSWER_ANSWER_HANDLED_AND_RUN_DEFAULT

/* A camera (CameraState): centre, zoom, bearing and pitch in degrees, viewport size in logical px. */
typedef struct {
    double longitude, latitude, zoom, bearing, pitch;
    uint32_t width, height;
} mapwire_camera_t;

/* The viewport a DescribeUserLocation is about: its size and padding, in logical px. */
typedef struct {
    uint32_t width, height;
    double padding_top, padding_left, padding_bottom, padding_right;
} mapwire_viewport_t;

/* The user-location puck's colours (CSS, "#1E90FF", "rgba(30,144,255,0.3)", ...): NULL or "" keeps the
   default of that part (PROTOCOL.md 7.10). */
typedef struct {
    const char *puck_fill_color, *halo_color, *accuracy_ring_color, *heading_arrow_color;
} mapwire_puck_style_t;

typedef struct _mapwire_descriptions_t mapwire_descriptions_t;

/* ---- library ---------------------------------------------------------------------------------- */

/* Why the last call on this thread that returned NULL or -1 failed ("" when none did). */
const char *mapwire_last_error (void);

/* The library's version, e.g. 1, 0, 0. Any pointer may be NULL. */
void mapwire_version (int *major, int *minor, int *patch);

/* ---- mapwire_plugin ----------------------------------------------------------------------------- */

/* Connects to the core whose run directory is `run_dir`; NULL picks it as PROTOCOL.md 2.1 says
   ($MAPWIRE_RUN_DIR, $XDG_RUNTIME_DIR/mapwire, /tmp/mapwire-$UID). Nothing is sent yet, and the core
   need not be running (ZeroMQ connects when it appears). NULL on failure: an empty name, a run
   directory path too long for a socket address, or a ZeroMQ error. */
mapwire_plugin_t *mapwire_plugin_new (const char *name, const char *run_dir);

/* Sends goodbye when registered, closes the sockets, frees the plugin and sets *self_p to NULL.
   Does nothing when self_p or *self_p is NULL. */
void mapwire_plugin_destroy (mapwire_plugin_t **self_p);

/* Adds a role ("loader", "renderer", "load-status", "camera-veto", "gesture-delegate",
   "style-image-remover", "annotation-delegate", ...) or a free-form capability ("scheme:file") to the
   hello. Call before mapwire_plugin_register(). 0, or -1 after register or when out of memory. */
int mapwire_plugin_add_role (mapwire_plugin_t *self, const char *role);
int mapwire_plugin_add_capability (mapwire_plugin_t *self, const char *capability);

/* Says hello and, when timeout_ms > 0, waits up to that long for the core's welcome (requests and
   events that arrive meanwhile are kept for mapwire_plugin_wait). From then on mapwire_plugin_wait
   keeps the session alive: heartbeats every interval, and hello again whenever the core forgets us
   or restarts. 0 when welcomed (or when timeout_ms is 0), -1 when no welcome came in time (the
   hellos go on). */
int mapwire_plugin_register (mapwire_plugin_t *self, int timeout_ms);

/* Subscribes to events whose topic starts with `prefix` ("" for all, "map-" for map-loaded,
   map-idle, ...); they come out of mapwire_plugin_wait as MAPWIRE_MSG_EVENT. 0, or -1. */
int mapwire_plugin_subscribe (mapwire_plugin_t *self, const char *prefix);

/* Waits up to timeout_ms (-1: forever) for the next request or event and returns it; the caller
   destroys it. Meanwhile it heartbeats, handles welcome and not-registered, and answers request
   kinds this library does not know with CODE_UNKNOWN_MESSAGE. Returns NULL when the time is up,
   or on an interrupting signal or error (then mapwire_last_error() says so). Call it at least every
   heartbeat interval (default 1 s) or the core declares the plugin gone. */
mapwire_msg_t *mapwire_plugin_wait (mapwire_plugin_t *self, int timeout_ms);

/* Sends a heartbeat now (mapwire_plugin_wait sends them by itself). 0, or -1. */
int mapwire_plugin_heartbeat (mapwire_plugin_t *self);

/* Whether the core has welcomed this session, and what the welcome said (NULL / 0 before). */
bool mapwire_plugin_welcomed (mapwire_plugin_t *self);
const char *mapwire_plugin_id (mapwire_plugin_t *self);
const char *mapwire_plugin_map_id (mapwire_plugin_t *self);
uint64_t mapwire_plugin_epoch (mapwire_plugin_t *self);
int mapwire_plugin_heartbeat_interval (mapwire_plugin_t *self);

/* The run directory in use, and the control and events endpoints. */
const char *mapwire_plugin_run_dir (mapwire_plugin_t *self);
const char *mapwire_plugin_control_endpoint (mapwire_plugin_t *self);
const char *mapwire_plugin_events_endpoint (mapwire_plugin_t *self);

/* ---- answering a request ------------------------------------------------------------------------
   Each takes the request it answers (mapwire_msg_t of the matching kind) and sends exactly one
   PluginReply with the request's id. The request may be destroyed afterwards. 0, or -1 when the
   message is not such a request or the send failed. */

/* A loaded resource: its bytes (uncompressed), and where they came from. */
int mapwire_plugin_answer_resource (mapwire_plugin_t *self, mapwire_msg_t *request,
                                    const void *data, size_t size, int data_source, int response_source);
/* An empty tile of a sparse tileset (not an error). */
int mapwire_plugin_answer_no_content (mapwire_plugin_t *self, mapwire_msg_t *request,
                                      int data_source, int response_source);
/* A failed load: a MAPWIRE_ERROR_REASON_* and a message for a person. */
int mapwire_plugin_answer_load_error (mapwire_plugin_t *self, mapwire_msg_t *request,
                                      int reason, const char *message);
/* A frame's outcome: still animating, labels moved, and an error (NULL when drawn). */
int mapwire_plugin_answer_render (mapwire_plugin_t *self, mapwire_msg_t *request,
                                  bool needs_repaint, bool placement_changed, const char *error);
/* The decisions: may the camera change, was the gesture handled, keep the style image. */
int mapwire_plugin_answer_camera (mapwire_plugin_t *self, mapwire_msg_t *request, bool allow);
int mapwire_plugin_answer_gesture (mapwire_plugin_t *self, mapwire_msg_t *request, int answer);
int mapwire_plugin_answer_style_image (mapwire_plugin_t *self, mapwire_msg_t *request, bool keep);
/* Role "annotation-delegate": how the annotations of a MAPWIRE_MSG_DESCRIBE_ANNOTATIONS look, built
   with mapwire_descriptions_t (below). Every id described must be one the request asked about. An
   annotation not described, and anything not set for one, takes the default. */
int mapwire_plugin_answer_annotations (mapwire_plugin_t *self, mapwire_msg_t *request,
                                       mapwire_descriptions_t *descriptions);
/* Role "annotation-delegate": the user-location puck of a MAPWIRE_MSG_DESCRIBE_USER_LOCATION. style
   NULL keeps every default colour; with anchor false the puck sits at the default anchor point (the
   viewport's centre inside its padding), else at (anchor_x, anchor_y) px from the top left, which must
   lie inside the viewport the request describes. */
int mapwire_plugin_answer_user_location (mapwire_plugin_t *self, mapwire_msg_t *request,
                                         const mapwire_puck_style_t *style,
                                         bool anchor, double anchor_x, double anchor_y);
/* "This plugin cannot handle this request at all": a MAPWIRE_CODE_* and a message. */
int mapwire_plugin_answer_error (mapwire_plugin_t *self, mapwire_msg_t *request,
                                 int code, const char *message);

/* ---- mapwire_descriptions ------------------------------------------------------------------------
   The answer to a DescribeAnnotations (MGLMapViewDelegate's annotation questions), built one annotation
   at a time: _add starts an annotation's description, the setters fill in the one added last. Strings
   and bytes are copied. Each call returns 0, or -1 (and mapwire_last_error says why) for a value
   the protocol refuses, or a setter before any _add.

        mapwire_descriptions_t *answer = mapwire_descriptions_new ();
        for (size_t i = 0; i < mapwire_msg_annotation_count (msg); i++) {
            const char *kind = mapwire_msg_annotation_attribute (msg, i, "kind");
            mapwire_descriptions_add (answer, mapwire_msg_annotation_id (msg, i));
            if (mapwire_msg_annotation_kind (msg, i) == MAPWIRE_ANNOTATION_POINT)
                mapwire_descriptions_set_style_image (answer, kind && strcmp (kind, "cafe") == 0 ? "cafe-15" : "marker-15");
            else
                mapwire_descriptions_set_fill_color (answer, "#2E8B57");
        }
        mapwire_plugin_answer_annotations (plugin, msg, answer);
        mapwire_descriptions_destroy (&answer);
*/
mapwire_descriptions_t *mapwire_descriptions_new (void);
void mapwire_descriptions_destroy (mapwire_descriptions_t **self_p);

/* Starts the description of annotation `id`. mapwire_plugin_answer_annotations refuses an answer that
   describes an id twice, or one the request did not ask about. */
int mapwire_descriptions_add (mapwire_descriptions_t *self, const char *id);
/* How many annotations are described so far. */
size_t mapwire_descriptions_size (mapwire_descriptions_t *self);

/* image-for-annotation (points): a style image by name (sprite or add-style-image), or PNG bytes with
   their device pixels per point (more than 0, at most 8; 2 for a @2x image), which must begin as a PNG
   does (signature, IHDR). The last call of the two wins. */
int mapwire_descriptions_set_style_image (mapwire_descriptions_t *self, const char *name);
int mapwire_descriptions_set_png (mapwire_descriptions_t *self, const void *png, size_t size, double pixel_ratio);
/* alpha-for-shape-annotation: 0 to 1. */
int mapwire_descriptions_set_alpha (mapwire_descriptions_t *self, double alpha);
/* stroke-color-for-shape-annotation and fill-color-for-polygon-annotation: CSS colours, not empty (the
   core parses them as the style does: hex, rgb(), rgba(), hsl(), hsla(), names; one it cannot parse
   takes the default, with a warning in its log). */
int mapwire_descriptions_set_stroke_color (mapwire_descriptions_t *self, const char *color);
int mapwire_descriptions_set_fill_color (mapwire_descriptions_t *self, const char *color);
/* line-width-for-polyline-annotation: points, 0 or more. */
int mapwire_descriptions_set_line_width (mapwire_descriptions_t *self, double points);
/* shape-annotation-is-enabled (may a tap select it) and annotation-can-show-callout. */
int mapwire_descriptions_set_shape_enabled (mapwire_descriptions_t *self, bool enabled);
int mapwire_descriptions_set_can_show_callout (mapwire_descriptions_t *self, bool can_show);
/* callout-view-for-annotation and its left and right accessory labels: NULL or "" for none (and for
   the title: the callout shows it empty; leave the callout unset to show the annotation's own). */
int mapwire_descriptions_set_callout (mapwire_descriptions_t *self, const char *title, const char *subtitle,
                                      const char *left_accessory, const char *right_accessory);

/* ---- mapwire_msg ----------------------------------------------------------------------------- */

void mapwire_msg_destroy (mapwire_msg_t **self_p);
mapwire_msg_kind_t mapwire_msg_kind (mapwire_msg_t *self);

/* Requests: the request id (0 for events). */
uint64_t mapwire_msg_id (mapwire_msg_t *self);

/* MAPWIRE_MSG_LOAD_RESOURCE: the URL (complete), a MAPWIRE_RESOURCE_KIND_*, the tile when it is one
   (false otherwise) and the source id ("" when none). */
const char *mapwire_msg_url (mapwire_msg_t *self);
int mapwire_msg_resource_kind (mapwire_msg_t *self);
bool mapwire_msg_tile (mapwire_msg_t *self, uint32_t *z, uint32_t *x, uint32_t *y);
const char *mapwire_msg_source_id (mapwire_msg_t *self);

/* MAPWIRE_MSG_CANCEL: the id of the request the core no longer wants answered. */
uint64_t mapwire_msg_cancelled_id (mapwire_msg_t *self);

/* MAPWIRE_MSG_RENDER_FRAME: the frame's camera; MAPWIRE_MSG_MAY_CHANGE_CAMERA: the camera asked
   for (mapwire_msg_old_camera: the one now). false when the message has none. */
bool mapwire_msg_camera (mapwire_msg_t *self, mapwire_camera_t *camera);
bool mapwire_msg_old_camera (mapwire_msg_t *self, mapwire_camera_t *camera);

/* MAPWIRE_MSG_SHOULD_REMOVE_STYLE_IMAGE: the image; MAPWIRE_MSG_HANDLE_GESTURE: the GestureKind. */
const char *mapwire_msg_image_id (mapwire_msg_t *self);
int mapwire_msg_gesture_kind (mapwire_msg_t *self);

/* MAPWIRE_MSG_DESCRIBE_ANNOTATIONS: the annotations asked about, by index from 0 to count - 1. Out of
   range (or another kind of message): "", 0, NULL or false. Strings are owned by the message. */
size_t mapwire_msg_annotation_count (mapwire_msg_t *self);
const char *mapwire_msg_annotation_id (mapwire_msg_t *self, size_t index);
/* A MAPWIRE_ANNOTATION_* (0 when none). */
int mapwire_msg_annotation_kind (mapwire_msg_t *self, size_t index);
const char *mapwire_msg_annotation_title (mapwire_msg_t *self, size_t index);
const char *mapwire_msg_annotation_subtitle (mapwire_msg_t *self, size_t index);
/* A point's image name as the client added it ("": the built-in pin, or not a point). */
const char *mapwire_msg_annotation_image (mapwire_msg_t *self, size_t index);
/* The value of one of the application's attributes (Annotation.attributes), NULL when it has none by
   that key; and all of them, by position (key and value may be NULL when not wanted). */
const char *mapwire_msg_annotation_attribute (mapwire_msg_t *self, size_t index, const char *key);
size_t mapwire_msg_annotation_attribute_count (mapwire_msg_t *self, size_t index);
bool mapwire_msg_annotation_attribute_at (mapwire_msg_t *self, size_t index, size_t position,
                                          const char **key, const char **value);
/* The coordinates: a point's one, a polyline's, a polygon's outer ring (its holes are in
   mapwire_msg_control's Annotation). */
size_t mapwire_msg_annotation_coordinate_count (mapwire_msg_t *self, size_t index);
bool mapwire_msg_annotation_coordinate (mapwire_msg_t *self, size_t index, size_t position,
                                        double *longitude, double *latitude);

/* MAPWIRE_MSG_DESCRIBE_USER_LOCATION: the viewport the anchor point is for. false for other messages. */
bool mapwire_msg_viewport (mapwire_msg_t *self, mapwire_viewport_t *viewport);

/* MAPWIRE_MSG_ERROR: the core's MAPWIRE_CODE_* and message. */
int mapwire_msg_error_code (mapwire_msg_t *self);
const char *mapwire_msg_error_message (mapwire_msg_t *self);

/* MAPWIRE_MSG_EVENT: the topic ("map-idle", ...), and the Envelope's epoch and sequence. */
const char *mapwire_msg_topic (mapwire_msg_t *self);
uint64_t mapwire_msg_epoch (mapwire_msg_t *self);
uint64_t mapwire_msg_sequence (mapwire_msg_t *self);

/* The bytes as received: a serialized ControlMessage for requests and errors, a serialized Envelope
   for events. Decode them with <mapwire_proto.h> (or any protobuf library) for every field. */
const void *mapwire_msg_data (mapwire_msg_t *self, size_t *size);

/* ---- mapwire_client -------------------------------------------------------------------------- */

/* A client of one core: sends commands (PROTOCOL.md 7.3) and waits for each one's reply (5 s unless
   set_timeout says otherwise). It says no hello: any peer may send commands. NULL run_dir: found as
   PROTOCOL.md 2.1 says. Not thread-safe: use it from one thread. */
mapwire_client_t *mapwire_client_new (const char *run_dir);
void mapwire_client_destroy (mapwire_client_t **self_p);
void mapwire_client_set_timeout (mapwire_client_t *self, int timeout_ms);
/* The CommandReply.error_code (a MAPWIRE_COMMAND_ERROR_CODE_*) of the last command the core refused;
   0 after a command it took. */
int mapwire_client_error_code (mapwire_client_t *self);

/* The runtime style (PROTOCOL.md 7.12): the style changed in place. Values are JSON text as the style
   specification writes it ("0.5", "\"#ff0000\"", "[\"get\",\"colour\"]", "null"). Each returns 0 when the
   core took the change, -1 when it refused it or did not answer: mapwire_last_error() then holds the
   core's message (it names the property and why), and nothing changed. NULL `before`: above every
   layer. NULL `source_layer`: none (GeoJSON sources). The getters return JSON text the caller frees
   with free(), or NULL. */
int mapwire_client_add_layer (mapwire_client_t *self, const char *layer_json, const char *before);
int mapwire_client_move_layer (mapwire_client_t *self, const char *layer_id, const char *before);
int mapwire_client_remove_layer (mapwire_client_t *self, const char *layer_id);
int mapwire_client_set_paint_property (mapwire_client_t *self, const char *layer_id, const char *name, const char *value_json);
int mapwire_client_set_layout_property (mapwire_client_t *self, const char *layer_id, const char *name, const char *value_json);
/* "null" removes the filter. */
int mapwire_client_set_filter (mapwire_client_t *self, const char *layer_id, const char *filter_json);
/* NAN leaves that bound as it is. */
int mapwire_client_set_layer_zoom_range (mapwire_client_t *self, const char *layer_id, double min_zoom, double max_zoom);
char *mapwire_client_get_layer (mapwire_client_t *self, const char *layer_id);
char *mapwire_client_get_style (mapwire_client_t *self);
/* GeoJSON, or a JSON string holding a URL to load it from. */
int mapwire_client_set_source_data (mapwire_client_t *self, const char *source, const char *data_json);
/* A GL JS GeoJSONSourceDiff: {"remove":[ids],"add":[features],"update":[...],"removeAll":true}. */
int mapwire_client_update_source_data (mapwire_client_t *self, const char *source, const char *diff_json);
int mapwire_client_set_feature_state (mapwire_client_t *self, const char *source, const char *source_layer,
                                      const char *feature_id, const char *state_json);
/* NULL key: the feature's whole state; NULL feature_id too: every state of the source (layer). */
int mapwire_client_remove_feature_state (mapwire_client_t *self, const char *source, const char *source_layer,
                                         const char *feature_id, const char *key);
char *mapwire_client_get_feature_state (mapwire_client_t *self, const char *source, const char *source_layer,
                                        const char *feature_id);
int mapwire_client_set_light (mapwire_client_t *self, const char *light_json);
int mapwire_client_set_sky (mapwire_client_t *self, const char *sky_json);
int mapwire_client_set_terrain (mapwire_client_t *self, const char *terrain_json);
int mapwire_client_set_projection (mapwire_client_t *self, const char *projection_json);
int mapwire_client_set_global_state_property (mapwire_client_t *self, const char *name, const char *value_json);
/* The sprite's base URL ("" removes the sprite). */
int mapwire_client_set_sprite (mapwire_client_t *self, const char *url);
/* ---- queries (PROTOCOL.md 7.13) ---------------------------------------------------------------- */

/* What the map draws at a point or in a box (`geometry`: 2 numbers x, y, or 4: x1, y1, x2, y2, in logical
   px from the screen's top-left corner), top down, as MapLibre GL JS's queryRenderedFeatures: asked as one
   command of the core in `run_dir` (NULL: found as PROTOCOL.md 2.1 says). `layers`: a NULL-terminated list
   of layer ids, or NULL for every layer; `filter_json`: a style-spec filter, or NULL. Returns a JSON array
   of GeoJSON features the caller frees with free(); NULL when the core refused the query or did not answer
   within timeout_ms (<= 0: 10 s): mapwire_last_error() then says why, and *error_code (when error_code is
   not NULL) holds the CommandReply.error_code (a MAPWIRE_COMMAND_ERROR_CODE_*, 0 when none came). */
char *mapwire_query_rendered_features (const char *run_dir, const double *geometry, size_t count,
                                       const char *const *layers, const char *filter_json, int timeout_ms,
                                       int *error_code);

/* A source's features in the tiles the view holds, as querySourceFeatures: `source_layer` is needed for
   vector sources (NULL for GeoJSON ones). Returns and fails as mapwire_query_rendered_features. */
char *mapwire_query_source_features (const char *run_dir, const char *source, const char *source_layer,
                                     const char *filter_json, int timeout_ms, int *error_code);

#ifdef __cplusplus
}
#endif
#endif
