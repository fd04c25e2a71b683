// glibc's count of the heap bytes in use (allocated chunks, mmap'd ones included), for the benchmarks: Swift
// cannot call mallinfo2, which returns a structure by value, directly.
#include <malloc.h>

static inline unsigned long galley_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (unsigned long)(info.uordblks + info.hblkhd);
}
