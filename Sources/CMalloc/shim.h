#ifndef MAPWIRE_CMALLOC_SHIM_H
#define MAPWIRE_CMALLOC_SHIM_H
#include <malloc.h>
#include <stddef.h>

// glibc keeps memory the program freed for later mallocs; these say how much and give it back.

// Bytes freed but still held by the allocator (all arenas).
static inline size_t mapwire_malloc_free_bytes(void) {
  struct mallinfo2 info = mallinfo2();
  return info.fordblks;
}

// Returns what it can of the freed memory to the system; 1 if some was returned.
static inline int mapwire_malloc_trim(void) {
  return malloc_trim(0);
}
#endif
