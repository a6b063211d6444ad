#ifndef CHEAPINUSE_H
#define CHEAPINUSE_H

#include <stddef.h>

/// The bytes glibc's malloc has handed out and not taken back (mallinfo2's uordblks + hblkhd);
/// 0 on other C libraries.
size_t chi_heap_in_use(void);

/// Gives the free memory at the top of glibc's heap back to the system (malloc_trim(0)).
void chi_trim(void);

#endif
