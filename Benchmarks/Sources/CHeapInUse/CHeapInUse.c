// glibc's view of the heap, for SessionMemory: <malloc.h> is not part of Swift's Glibc module.
#include "CHeapInUse.h"

#if defined(__linux__)
#include <errno.h>  // defines __GLIBC__ on glibc
#endif

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>

size_t chi_heap_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

void chi_trim(void) { malloc_trim(0); }
#else
size_t chi_heap_in_use(void) { return 0; }
void chi_trim(void) {}
#endif
