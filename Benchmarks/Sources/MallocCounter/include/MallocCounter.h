#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
#include <stdint.h>
/// Number of heap allocations (malloc, calloc, realloc of NULL, posix_memalign, aligned_alloc,
/// memalign) made by the whole process since start.
uint64_t mc_allocation_count(void);
#endif
