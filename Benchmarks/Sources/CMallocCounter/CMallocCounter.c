// Counts allocation calls by defining malloc and friends in the executable and
// forwarding to glibc's own entry points. Single-threaded counting is enough
// for the measurement loop; the counter is atomic anyway.
#include "CMallocCounter.h"

#if defined(__linux__)
#include <errno.h>  // defines __GLIBC__ on glibc
#endif

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static unsigned long long counter = 0;

static inline void count(void) { __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count(); return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
  count();
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  void *p = __libc_memalign(alignment, size);
  if (p == NULL && size != 0) return ENOMEM;
  *out = p;
  return 0;
}

unsigned long long cmc_allocation_count(void) { return __atomic_load_n(&counter, __ATOMIC_RELAXED); }
int cmc_is_active(void) { return 1; }
#else
unsigned long long cmc_allocation_count(void) { return 0; }
int cmc_is_active(void) { return 0; }
#endif
