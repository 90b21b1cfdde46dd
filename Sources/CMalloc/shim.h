#ifndef MAPWIRE_CMALLOC_SHIM_H
#define MAPWIRE_CMALLOC_SHIM_H
#include <malloc.h>
#include <stddef.h>

// glibc keeps memory the program freed for later mallocs; these say how much, keep it, and give it back.

// Bytes freed but still held by the allocator (all arenas).
static inline size_t mapwire_malloc_free_bytes(void) {
  struct mallinfo2 info = mallinfo2();
  return info.fordblks;
}

// Returns what it can of the freed memory to the system; 1 if some was returned.
static inline int mapwire_malloc_trim(void) {
  return malloc_trim(0);
}

// Keeps what is freed for the next mallocs instead of handing the top of the heap back at each free
// (glibc does above 128 KiB), and serves blocks under 32 MiB from the heap (the most glibc's own sliding
// threshold reaches, which setting the first would freeze at 128 KiB). 1 when both were taken.
static inline int mapwire_malloc_keep_freed(void) {
  return mallopt(M_TRIM_THRESHOLD, 1 << 30) && mallopt(M_MMAP_THRESHOLD, 32 << 20);
}
#endif
