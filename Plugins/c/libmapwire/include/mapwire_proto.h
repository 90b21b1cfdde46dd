/*  mapwire_proto.h: every field of every MapWire message, through the protobuf-c code generated from
    Protocol/ (installed next to this header as mapwire/v1/NAME.pb-c.h). Needs libprotobuf-c's headers;
    `pkg-config --cflags mapwire` names them.

    The names follow protobuf-c's scheme: Mapwire__V1__ControlMessage, mapwire__v1__envelope__unpack(),
    msg->body_case == MAPWIRE__V1__CONTROL_MESSAGE__BODY_REQUEST. proto3 `optional` fields are one-field
    oneofs here: `opt_<name>_case` says whether <name> is set (PROTOCOL.md 10.1).
*/
#ifndef MAPWIRE_PROTO_H_INCLUDED
#define MAPWIRE_PROTO_H_INCLUDED

#include "mapwire.h"
#include "mapwire/v1/control.pb-c.h"
#include "mapwire/v1/envelope.pb-c.h"
#include "mapwire/v1/events.pb-c.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The decoded ControlMessage of a request or error (NULL for events). Owned by the message. */
const Mapwire__V1__ControlMessage *mapwire_msg_control (mapwire_msg_t *self);

/* The decoded Envelope of an event (NULL for requests). Owned by the message. */
const Mapwire__V1__Envelope *mapwire_msg_envelope (mapwire_msg_t *self);

/* Sends any ControlMessage as one frame (a PluginReply built by hand, a Command, ...). 0, or -1. */
int mapwire_plugin_send (mapwire_plugin_t *self, const Mapwire__V1__ControlMessage *message);

#ifdef __cplusplus
}
#endif
#endif
