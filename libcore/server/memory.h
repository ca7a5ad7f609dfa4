#pragma once
// Giving memory back to the system after a large request. glibc keeps freed memory in its
// arenas (one per thread that allocated), so a server that once held a 30 MB body stays at
// that size; trimming after large requests keeps its resident size near its working set.
namespace conform::server {

// malloc_trim(0) where the C library has it; nothing elsewhere.
void giveMemoryBack();

// Large blocks (256 KiB and up) mapped on their own, so freeing one returns it at once:
// glibc otherwise raises that threshold after each large free (up to 32 MB), after which a
// 30 MB body's buffers come from the heap and stay. Once per process; servers call it.
void keepLargeBlocksReturnable();

} // namespace conform::server
