/*  mapwire_plugin: one plugin session with a core. The session rules (PROTOCOL.md 7.1, 7.2) live in
    mapwire_plugin_wait: hello until welcomed, heartbeats every interval, hello again after three
    silent intervals or a CODE_NOT_REGISTERED, and CODE_UNKNOWN_MESSAGE for unknown request kinds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>
#include "private.h"

static int send_control (mapwire_plugin_t *self, const Mapwire__V1__ControlMessage *message);

mapwire_plugin_t *
mapwire_plugin_new (const char *name, const char *run_dir)
{
    if (!name || !*name) {
        mapwire_set_error ("mapwire_plugin_new: a plugin needs a name");
        return NULL;
    }
    mapwire_plugin_t *self = calloc (1, sizeof *self);
    if (!self || !(self->name = strdup (name))) {
        free (self);
        mapwire_set_error ("mapwire_plugin_new: out of memory");
        return NULL;
    }
    self->interval_ms = 1000;
    if (mapwire_resolve_run_dir (run_dir, self->run_dir, sizeof self->run_dir) != 0
    ||  mapwire_check_run_dir (self->run_dir) != 0) {
        mapwire_plugin_destroy (&self);
        return NULL;
    }
    snprintf (self->control_endpoint, sizeof self->control_endpoint, "ipc://%s/control", self->run_dir);
    snprintf (self->events_endpoint, sizeof self->events_endpoint, "ipc://%s/events", self->run_dir);

    int linger = 0, hwm = 100000;
    self->context = zmq_ctx_new ();
    self->control = self->context ? zmq_socket (self->context, ZMQ_DEALER) : NULL;
    if (!self->control
    ||  zmq_setsockopt (self->control, ZMQ_LINGER, &linger, sizeof linger) != 0
    ||  zmq_setsockopt (self->control, ZMQ_SNDHWM, &hwm, sizeof hwm) != 0
    ||  zmq_setsockopt (self->control, ZMQ_RCVHWM, &hwm, sizeof hwm) != 0
    ||  zmq_connect (self->control, self->control_endpoint) != 0) {
        mapwire_set_error ("mapwire_plugin_new: cannot connect to %s: %s", self->control_endpoint, zmq_strerror (zmq_errno ()));
        mapwire_plugin_destroy (&self);
        return NULL;
    }
    return self;
}

static void
free_strings (char **strings, size_t count)
{
    for (size_t i = 0; i < count; i++)
        free (strings [i]);
    free (strings);
}

void
mapwire_plugin_destroy (mapwire_plugin_t **self_p)
{
    if (!self_p || !*self_p)
        return;
    mapwire_plugin_t *self = *self_p;
    if (self->control && self->registering) {
        /* "I am leaving": the core hands our unanswered requests to another plugin at once. */
        Mapwire__V1__Goodbye goodbye = MAPWIRE__V1__GOODBYE__INIT;
        Mapwire__V1__ControlMessage message = MAPWIRE__V1__CONTROL_MESSAGE__INIT;
        message.body_case = MAPWIRE__V1__CONTROL_MESSAGE__BODY_GOODBYE;
        message.goodbye = &goodbye;
        send_control (self, &message);
    }
    while (self->pending_head) {
        mapwire_msg_t *next = self->pending_head->next;
        mapwire_msg_destroy (&self->pending_head);
        self->pending_head = next;
    }
    if (self->events) zmq_close (self->events);
    if (self->control) {
        /* A little linger so the goodbye leaves before the socket goes. */
        int linger = 100;
        zmq_setsockopt (self->control, ZMQ_LINGER, &linger, sizeof linger);
        zmq_close (self->control);
    }
    if (self->context) zmq_ctx_term (self->context);
    free_strings (self->roles, self->n_roles);
    free_strings (self->capabilities, self->n_capabilities);
    free (self->name);
    free (self->plugin_id);
    free (self->map_id);
    free (self);
    *self_p = NULL;
}

static int
append_string (char ***strings, size_t *count, const char *value, const char *what)
{
    char **grown = value ? realloc (*strings, (*count + 1) * sizeof *grown) : NULL;
    char *copy = grown ? strdup (value) : NULL;
    if (grown) *strings = grown;
    if (!copy) {
        mapwire_set_error ("cannot add the %s: %s", what, value ? "out of memory" : "it is NULL");
        return -1;
    }
    (*strings) [(*count)++] = copy;
    return 0;
}

int
mapwire_plugin_add_role (mapwire_plugin_t *self, const char *role)
{
    if (self->registering) {
        mapwire_set_error ("mapwire_plugin_add_role: roles are fixed once registered");
        return -1;
    }
    return append_string (&self->roles, &self->n_roles, role, "role");
}

int
mapwire_plugin_add_capability (mapwire_plugin_t *self, const char *capability)
{
    if (self->registering) {
        mapwire_set_error ("mapwire_plugin_add_capability: capabilities are fixed once registered");
        return -1;
    }
    return append_string (&self->capabilities, &self->n_capabilities, capability, "capability");
}

/* Sends one ControlMessage as one frame, without blocking: with the core away, the next hello or
   heartbeat tries again rather than the loop freezing. */
static int
send_control (mapwire_plugin_t *self, const Mapwire__V1__ControlMessage *message)
{
    size_t size = mapwire__v1__control_message__get_packed_size (message);
    uint8_t *buffer = malloc (size ? size : 1);
    if (!buffer) {
        mapwire_set_error ("out of memory");
        return -1;
    }
    mapwire__v1__control_message__pack (message, buffer);
    int sent = zmq_send (self->control, buffer, size, ZMQ_DONTWAIT);
    free (buffer);
    if (sent < 0) {
        mapwire_set_error ("cannot send to %s: %s", self->control_endpoint, zmq_strerror (zmq_errno ()));
        return -1;
    }
    return 0;
}

int
mapwire_plugin_send (mapwire_plugin_t *self, const Mapwire__V1__ControlMessage *message)
{
    return send_control (self, message);
}

static int
send_hello (mapwire_plugin_t *self)
{
    Mapwire__V1__Hello hello = MAPWIRE__V1__HELLO__INIT;
    hello.name = self->name;
    hello.roles = self->roles;
    hello.n_roles = self->n_roles;
    hello.capabilities = self->capabilities;
    hello.n_capabilities = self->n_capabilities;
    hello.protocol_version = MAPWIRE_PROTOCOL_VERSION;
    hello.pid = (uint32_t) getpid ();
    Mapwire__V1__ControlMessage message = MAPWIRE__V1__CONTROL_MESSAGE__INIT;
    message.body_case = MAPWIRE__V1__CONTROL_MESSAGE__BODY_HELLO;
    message.hello = &hello;
    return send_control (self, &message);
}

int
mapwire_plugin_heartbeat (mapwire_plugin_t *self)
{
    Mapwire__V1__Heartbeat heartbeat = MAPWIRE__V1__HEARTBEAT__INIT;
    heartbeat.sent_unix_nanos = mapwire_unix_nanos ();
    Mapwire__V1__ControlMessage message = MAPWIRE__V1__CONTROL_MESSAGE__INIT;
    message.body_case = MAPWIRE__V1__CONTROL_MESSAGE__BODY_HEARTBEAT;
    message.heartbeat = &heartbeat;
    return send_control (self, &message);
}

/* Hello or heartbeat when one is due; forgets the session when the core has been quiet too long. */
static void
keep_session (mapwire_plugin_t *self, int64_t now)
{
    if (!self->registering || now < self->next_beat_ms)
        return;
    if (self->welcomed && now - self->last_heard_ms > 3 * (int64_t) self->interval_ms)
        self->welcomed = false;        /* the core went away or restarted: hello again */
    if (self->welcomed)
        mapwire_plugin_heartbeat (self);
    else
        send_hello (self);
    self->next_beat_ms = now + self->interval_ms;
}

static void
take_welcome (mapwire_plugin_t *self, const Mapwire__V1__Welcome *welcome)
{
    self->welcomed = true;
    self->epoch = welcome->epoch;
    self->interval_ms = welcome->heartbeat_interval_ms >= 50 ? (int) welcome->heartbeat_interval_ms : 50;
    free (self->plugin_id);
    free (self->map_id);
    self->plugin_id = strdup (welcome->plugin_id);
    self->map_id = strdup (welcome->map_id);
    if (*welcome->events_endpoint)
        snprintf (self->events_endpoint, sizeof self->events_endpoint, "%s", welcome->events_endpoint);
}

/* Reads one whole message from `socket` (all its frames) without blocking. Frames land in
   frames[0..*count); returns -1 when nothing was waiting. */
static int
receive_frames (void *socket, zmq_msg_t *frames, int capacity, int *count)
{
    *count = 0;
    int more = 1;
    while (more) {
        zmq_msg_t frame;
        zmq_msg_init (&frame);
        if (zmq_msg_recv (&frame, socket, ZMQ_DONTWAIT) < 0) {
            zmq_msg_close (&frame);
            return *count ? 0 : -1;
        }
        more = zmq_msg_more (&frame);
        if (*count < capacity)
            frames [(*count)++] = frame;
        else
            zmq_msg_close (&frame);
    }
    return 0;
}

static void *
copy_frame (zmq_msg_t *frame, size_t extra)
{
    size_t size = zmq_msg_size (frame);
    char *copy = malloc (size + extra);
    if (copy) {
        memcpy (copy, zmq_msg_data (frame), size);
        if (extra) copy [size] = 0;
    }
    return copy;
}

/* One message from the control socket: NULL when the loop handled it (or it was unreadable). */
static mapwire_msg_t *
handle_control (mapwire_plugin_t *self)
{
    zmq_msg_t frames [2];
    int count;
    if (receive_frames (self->control, frames, 2, &count) != 0)
        return NULL;
    mapwire_msg_t *msg = NULL;
    if (count == 1) {
        void *data = copy_frame (&frames [0], 0);
        if (data) msg = mapwire_msg_from_control (data, zmq_msg_size (&frames [0]));
    }
    for (int i = 0; i < count; i++)
        zmq_msg_close (&frames [i]);
    if (!msg)
        return NULL;               /* malformed: not from a core we understand; drop it */

    self->last_heard_ms = mapwire_now_ms ();
    const Mapwire__V1__ControlMessage *control = msg->control;
    if (control->body_case == MAPWIRE__V1__CONTROL_MESSAGE__BODY_WELCOME)
        take_welcome (self, control->welcome);
    else
    if (msg->kind == MAPWIRE_MSG_ERROR && control->error->code == MAPWIRE__V1__ERROR__CODE__CODE_NOT_REGISTERED) {
        self->welcomed = false;    /* e.g. the core restarted: hello again now */
        self->next_beat_ms = 0;
        keep_session (self, self->last_heard_ms);
    }
    else
    if (control->body_case == MAPWIRE__V1__CONTROL_MESSAGE__BODY_REQUEST && msg->kind == 0)
        mapwire_plugin_answer_error (self, msg, MAPWIRE_CODE_UNKNOWN_MESSAGE, "this plugin does not know this request kind");

    if (msg->kind == 0)            /* welcome, heartbeat, command replies, bodies we do not know */
        mapwire_msg_destroy (&msg);
    return msg;
}

static mapwire_msg_t *
handle_event (mapwire_plugin_t *self)
{
    zmq_msg_t frames [2];
    int count;
    if (receive_frames (self->events, frames, 2, &count) != 0)
        return NULL;
    mapwire_msg_t *msg = NULL;
    if (count == 2) {
        char *topic = copy_frame (&frames [0], 1);
        void *data = copy_frame (&frames [1], 0);
        if (topic && data)
            msg = mapwire_msg_from_event (topic, data, zmq_msg_size (&frames [1]));
        else {
            free (topic);
            free (data);
        }
    }
    for (int i = 0; i < count; i++)
        zmq_msg_close (&frames [i]);
    return msg;
}

/* Waits on the sockets; `with_events` false leaves events queued in their socket. With
   `stop_at_welcome`, returns NULL as soon as the session is welcomed. NULL also on timeout and on an
   interrupted poll (then *interrupted, when given, is set). */
static mapwire_msg_t *
next_message (mapwire_plugin_t *self, int timeout_ms, bool with_events, bool stop_at_welcome, bool *interrupted)
{
    int64_t deadline = timeout_ms < 0 ? INT64_MAX : mapwire_now_ms () + timeout_ms;
    while (true) {
        int64_t now = mapwire_now_ms ();
        keep_session (self, now);
        if (stop_at_welcome && self->welcomed)
            return NULL;
        if (now >= deadline && timeout_ms >= 0)
            return NULL;
        int64_t wait = deadline - now;
        if (self->registering && self->next_beat_ms - now < wait)
            wait = self->next_beat_ms - now;
        if (wait < 0) wait = 0;
        if (wait > 1000) wait = 1000;

        zmq_pollitem_t items [2] = { { self->control, 0, ZMQ_POLLIN, 0 }, { self->events, 0, ZMQ_POLLIN, 0 } };
        int n_items = with_events && self->events ? 2 : 1;
        if (zmq_poll (items, n_items, (long) wait) < 0) {
            mapwire_set_error ("interrupted while waiting: %s", zmq_strerror (zmq_errno ()));
            if (interrupted) *interrupted = true;
            return NULL;
        }
        if (items [0].revents & ZMQ_POLLIN) {
            mapwire_msg_t *msg = handle_control (self);
            if (msg) return msg;
            continue;              /* drain what the loop handled before polling again */
        }
        if (n_items == 2 && (items [1].revents & ZMQ_POLLIN)) {
            mapwire_msg_t *msg = handle_event (self);
            if (msg) return msg;
        }
    }
}

int
mapwire_plugin_register (mapwire_plugin_t *self, int timeout_ms)
{
    if (!self->registering) {
        self->registering = true;
        self->next_beat_ms = 0;
    }
    if (timeout_ms <= 0) {
        keep_session (self, mapwire_now_ms ());
        return 0;
    }
    int64_t deadline = mapwire_now_ms () + timeout_ms;
    while (!self->welcomed) {
        int64_t left = deadline - mapwire_now_ms ();
        if (left <= 0)
            break;
        bool interrupted = false;
        mapwire_msg_t *msg = next_message (self, (int) left, false, true, &interrupted);
        if (msg) {                 /* a request before we saw the welcome: keep it for wait() */
            if (self->pending_tail) self->pending_tail->next = msg; else self->pending_head = msg;
            self->pending_tail = msg;
        }
        else
        if (interrupted)
            return -1;
    }
    if (!self->welcomed) {
        mapwire_set_error ("no core welcomed plugin %s at %s within %d ms", self->name, self->control_endpoint, timeout_ms);
        return -1;
    }
    return 0;
}

int
mapwire_plugin_subscribe (mapwire_plugin_t *self, const char *prefix)
{
    if (!prefix) prefix = "";
    if (!self->events) {
        if (mapwire_check_socket (self->run_dir, "events") != 0)
            return -1;
        int linger = 0, hwm = 1000000;
        self->events = zmq_socket (self->context, ZMQ_SUB);
        if (!self->events
        ||  zmq_setsockopt (self->events, ZMQ_LINGER, &linger, sizeof linger) != 0
        ||  zmq_setsockopt (self->events, ZMQ_RCVHWM, &hwm, sizeof hwm) != 0
        ||  zmq_setsockopt (self->events, ZMQ_SUBSCRIBE, prefix, strlen (prefix)) != 0
        ||  zmq_connect (self->events, self->events_endpoint) != 0) {
            mapwire_set_error ("cannot subscribe at %s: %s", self->events_endpoint, zmq_strerror (zmq_errno ()));
            if (self->events) zmq_close (self->events);
            self->events = NULL;
            return -1;
        }
        return 0;
    }
    if (zmq_setsockopt (self->events, ZMQ_SUBSCRIBE, prefix, strlen (prefix)) != 0) {
        mapwire_set_error ("cannot subscribe to \"%s\": %s", prefix, zmq_strerror (zmq_errno ()));
        return -1;
    }
    return 0;
}

mapwire_msg_t *
mapwire_plugin_wait (mapwire_plugin_t *self, int timeout_ms)
{
    mapwire_set_error ("%s", "");
    if (self->pending_head) {
        mapwire_msg_t *msg = self->pending_head;
        self->pending_head = msg->next;
        if (!self->pending_head) self->pending_tail = NULL;
        msg->next = NULL;
        return msg;
    }
    return next_message (self, timeout_ms, true, false, NULL);
}

bool mapwire_plugin_welcomed (mapwire_plugin_t *self) { return self->welcomed; }
const char *mapwire_plugin_id (mapwire_plugin_t *self) { return self->plugin_id; }
const char *mapwire_plugin_map_id (mapwire_plugin_t *self) { return self->map_id; }
uint64_t mapwire_plugin_epoch (mapwire_plugin_t *self) { return self->epoch; }
int mapwire_plugin_heartbeat_interval (mapwire_plugin_t *self) { return self->interval_ms; }
const char *mapwire_plugin_run_dir (mapwire_plugin_t *self) { return self->run_dir; }
const char *mapwire_plugin_control_endpoint (mapwire_plugin_t *self) { return self->control_endpoint; }
const char *mapwire_plugin_events_endpoint (mapwire_plugin_t *self) { return self->events_endpoint; }
