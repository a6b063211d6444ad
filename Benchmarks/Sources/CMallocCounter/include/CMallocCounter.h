#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H

/// The number of allocation calls (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign) made by this process since it started.
unsigned long long cmc_allocation_count(void);

/// Returns nonzero when this counter interposes the allocator (glibc builds).
int cmc_is_active(void);

#endif
