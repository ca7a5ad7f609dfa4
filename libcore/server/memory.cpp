#include "server/memory.h"

#include <cstdlib> // defines __GLIBC__ where it applies
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace conform::server {

void giveMemoryBack()
{
#if defined(__GLIBC__)
    ::malloc_trim(0);
#endif
}

void keepLargeBlocksReturnable()
{
#if defined(__GLIBC__)
    static const bool once = [] {
        ::mallopt(M_MMAP_THRESHOLD, 256 * 1024);
        ::mallopt(M_TRIM_THRESHOLD, 1024 * 1024);
        return true;
    }();
    (void)once;
#endif
}

} // namespace conform::server
