/*  Internal to libmapwire: the classes' state and helpers shared between its source files. */
#ifndef MAPWIRE_PRIVATE_H_INCLUDED
#define MAPWIRE_PRIVATE_H_INCLUDED

#include "mapwire_proto.h"

#define MAPWIRE_LOCAL __attribute__ ((visibility ("hidden")))

struct _mapwire_plugin_t {
    void *context;            /* the ZeroMQ context this plugin owns */
    void *control;            /* DEALER to <run dir>/control */
    void *events;             /* SUB to <run dir>/events, once subscribed */
    char *name;
    char **roles; size_t n_roles;
    char **capabilities; size_t n_capabilities;
    char run_dir[256];
    char control_endpoint[300];
    char events_endpoint[300];
    bool registering;         /* register() was called: keep a session with the core */
    bool welcomed;
    char *plugin_id, *map_id;
    uint64_t epoch;
    int interval_ms;          /* heartbeat interval: 1000 until the welcome says otherwise */
    int64_t last_heard_ms;    /* monotonic time anything last came from the core */
    int64_t next_beat_ms;     /* monotonic time of the next hello or heartbeat */
    mapwire_msg_t *pending_head, *pending_tail;   /* received while register() waited */
};

struct _mapwire_msg_t {
    mapwire_msg_kind_t kind;
    mapwire_msg_t *next;      /* in the plugin's pending queue */
    void *data; size_t size;  /* the bytes as received */
    char *topic;              /* events */
    Mapwire__V1__ControlMessage *control;   /* requests, errors */
    Mapwire__V1__Envelope *envelope;        /* events */
};

/* Records why a call failed, for mapwire_last_error(); printf-style. */
MAPWIRE_LOCAL void mapwire_set_error (const char *format, ...) __attribute__ ((format (printf, 1, 2)));

/* Milliseconds of CLOCK_MONOTONIC, and nanoseconds of the wall clock since the Unix epoch. */
MAPWIRE_LOCAL int64_t mapwire_now_ms (void);
MAPWIRE_LOCAL int64_t mapwire_unix_nanos (void);

/* Picks the run directory as PROTOCOL.md 2.1 says; 0, or -1 when it does not fit. */
MAPWIRE_LOCAL int mapwire_resolve_run_dir (const char *given, char *out, size_t capacity);
MAPWIRE_LOCAL int mapwire_check_run_dir (const char *dir);
MAPWIRE_LOCAL int mapwire_check_socket (const char *dir, const char *name);

/* Takes ownership of `data`; NULL (and frees data) when it is not a valid message. */
MAPWIRE_LOCAL mapwire_msg_t *mapwire_msg_from_control (void *data, size_t size);
MAPWIRE_LOCAL mapwire_msg_t *mapwire_msg_from_event (char *topic, void *data, size_t size);

/* The request a message holds, or NULL for events and errors. */
MAPWIRE_LOCAL const Mapwire__V1__PluginRequest *mapwire_msg_request (mapwire_msg_t *self);

/* The request `msg` holds when it is of `kind` (0: any request but a cancel); NULL and an error
   naming `call` otherwise. */
MAPWIRE_LOCAL const Mapwire__V1__PluginRequest *mapwire_expect_request (mapwire_msg_t *msg, mapwire_msg_kind_t kind,
                                                                        const char *call);

/* Sends a reply to `request` with the given kind filled in by the caller. */
MAPWIRE_LOCAL int mapwire_plugin_send_reply (mapwire_plugin_t *self, Mapwire__V1__PluginReply *reply);

#endif
