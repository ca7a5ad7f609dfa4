#pragma once
// Giving memory back to the system after a large request. glibc keeps freed memory in its
// arenas (one per thread that allocated), so a server that once held a 30 MB body stays at
// that size; trimming after large requests keeps its resident size near its working set.
namespace conform::server {

// malloc_trim(0) where the C library has it; nothing elsewhere.
void giveMemoryBack();

} // namespace conform::server
