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

} // namespace conform::server
