/*  Clocks: monotonic for timeouts and heartbeats, wall clock for Heartbeat.sent_unix_nanos. */
#include <time.h>
#include "private.h"

int64_t
mapwire_now_ms (void)
{
    struct timespec now;
    clock_gettime (CLOCK_MONOTONIC, &now);
    return (int64_t) now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

int64_t
mapwire_unix_nanos (void)
{
    struct timespec now;
    clock_gettime (CLOCK_REALTIME, &now);
    return (int64_t) now.tv_sec * 1000000000 + now.tv_nsec;
}
