// runJsonl: this thread reads chunks of lines and writes their output in input order while
// worker threads handle the chunks read ahead.
#include "jsonl_pipeline.h"

#include <QThread>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <ostream>
#include <thread>
#include <vector>

namespace conform::cli {
namespace {

// A chunk ends at whichever comes first; a line longer than the byte bound is a chunk alone.
// Small enough that the last chunks of a file keep every worker busy, large enough that
// handing one over costs nothing next to handling it.
constexpr std::size_t kChunkLines = 512;
constexpr std::size_t kChunkBytes = 1u << 20;
// Input read ahead of the oldest unwritten chunk: with the chunks' output, this is what bounds
// memory (the file's size does not). A chunk holding one long line is always taken.
constexpr std::size_t kBytesAhead = 16u << 20;
// A spare chunk that held a long line gives its memory back rather than keep it.
constexpr std::size_t kKeptCapacity = 4 * kChunkBytes;

struct Line
{
    std::size_t offset = 0;
    std::size_t length = 0;
    std::size_t number = 0;
};

struct Chunk
{
    std::string text; // the lines back to back
    std::vector<Line> lines;
    // What handling the lines gave; written by one worker, read once it is done.
    std::string out;
    bool allOk = true;
    bool stopped = false;
    std::string error;
    bool done = false; // guarded by the pool's mutex

    bool read(LineReader& reader)
    {
        if (text.capacity() > kKeptCapacity)
            std::string().swap(text);
        if (out.capacity() > kKeptCapacity)
            std::string().swap(out);
        text.clear();
        lines.clear();
        // Room for a chunk at once rather than a doubling (and a copy) a line at a time; pages
        // are only taken as they are written.
        if (text.capacity() < kChunkBytes)
            text.reserve(kChunkBytes);
        std::string_view line;
        while (lines.size() < kChunkLines && text.size() < kChunkBytes && reader.next(line)) {
            if (line.find_first_not_of(" \t") == std::string_view::npos)
                continue;
            lines.push_back({text.size(), line.size(), reader.lineNumber()});
            text.append(line);
        }
        return !lines.empty();
    }

    // Handles the lines in order into `out`, up to the first that says Stop.
    void run(const LineHandler& handle)
    {
        out.clear();
        if (out.capacity() < text.size() + text.size() / 2) // most output is about as long as the input
            out.reserve(text.size() + text.size() / 2);
        allOk = true;
        stopped = false;
        for (const Line& line : lines) {
            LineStatus status = LineStatus::Stop;
            try { // an exception must not leave a worker thread (that would terminate)
                status = handle(std::string_view(text).substr(line.offset, line.length), line.number, out, error);
            } catch (const std::exception& e) {
                error = "line " + std::to_string(line.number) + ": " + e.what();
            }
            if (status == LineStatus::Stop) {
                stopped = true;
                return;
            }
            allOk = allOk && status == LineStatus::Ok;
        }
    }
};

// Worker threads that take chunks in the order given. They live for the whole run, so what a
// handler keeps per thread (a parser's buffers) is made once, not once a chunk.
class Workers
{
public:
    Workers(std::size_t count, const LineHandler& handle) : m_handle(handle)
    {
        for (std::size_t i = 0; i < count; ++i)
            m_threads.emplace_back([this] { work(); });
    }
    // Chunks not yet taken are dropped; chunks being handled are finished first.
    ~Workers()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stopping = true;
            m_queue.clear();
        }
        m_wake.notify_all();
        for (auto& thread : m_threads)
            thread.join();
    }
    Workers(const Workers&) = delete;
    Workers& operator=(const Workers&) = delete;

    void hand(Chunk* chunk)
    {
        {
            std::lock_guard lock(m_mutex);
            chunk->done = false;
            m_queue.push_back(chunk);
        }
        m_wake.notify_one();
    }
    void waitFor(const Chunk* chunk)
    {
        std::unique_lock lock(m_mutex);
        m_finished.wait(lock, [chunk] { return chunk->done; });
    }

private:
    void work()
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
            if (m_stopping)
                return;
            Chunk* chunk = m_queue.front();
            m_queue.pop_front();
            lock.unlock();
            chunk->run(m_handle);
            lock.lock();
            chunk->done = true;
            m_finished.notify_all();
        }
    }

    const LineHandler& m_handle;
    std::mutex m_mutex;
    std::condition_variable m_wake;     // a chunk was handed over, or the run ends
    std::condition_variable m_finished; // a chunk is done
    std::deque<Chunk*> m_queue;
    bool m_stopping = false;
    std::vector<std::thread> m_threads;
};

std::size_t workerCount()
{
    return std::size_t(std::max(1, QThread::idealThreadCount()));
}

// Writes a handled chunk; false when one of its lines said Stop (the lines before it are out).
bool write(Io& io, const Chunk& chunk, bool& allOk)
{
    io.out.write(chunk.out.data(), std::streamsize(chunk.out.size()));
    allOk = allOk && chunk.allOk;
    return !chunk.stopped;
}

int finish(Io& io, LineReader& reader, bool allOk)
{
    io.out.flush();
    if (!reader.ok()) // a line past the bound: the lines before it are written
        return fail(io, reader.error());
    return allOk ? Success : Invalid;
}

// One core: no thread to hand over to, so read, handle and write in turn.
int runInTurn(LineReader& reader, Io& io, const LineHandler& handle)
{
    Chunk chunk;
    bool allOk = true;
    while (chunk.read(reader)) {
        chunk.run(handle);
        if (!write(io, chunk, allOk)) {
            io.out.flush();
            return fail(io, chunk.error);
        }
    }
    return finish(io, reader, allOk);
}

} // namespace

int runJsonl(const QString& path, Io& io, const LineHandler& handle, std::uint64_t maxBytes)
{
    LineReader reader(path, io, maxBytes);
    if (!reader.ok())
        return fail(io, reader.error());
    const std::size_t workerThreads = workerCount();
    if (workerThreads < 2)
        return runInTurn(reader, io, handle);

    // Declared before the workers, so they are joined before the chunks they point at go.
    std::deque<std::unique_ptr<Chunk>> ahead; // handed over, in input order
    std::vector<std::unique_ptr<Chunk>> spare;
    Workers workers(workerThreads, handle);
    const std::size_t maxAhead = 2 * workerThreads; // one being handled and one waiting, each
    std::size_t bytesAhead = 0;
    bool more = true;
    bool allOk = true;
    for (;;) {
        while (more && ahead.size() < maxAhead && (ahead.empty() || bytesAhead < kBytesAhead)) {
            std::unique_ptr<Chunk> chunk;
            if (spare.empty()) {
                chunk = std::make_unique<Chunk>();
            } else {
                chunk = std::move(spare.back());
                spare.pop_back();
            }
            if (!chunk->read(reader)) {
                more = false;
                break;
            }
            bytesAhead += chunk->text.size();
            workers.hand(chunk.get());
            ahead.push_back(std::move(chunk));
        }
        if (ahead.empty())
            break;
        std::unique_ptr<Chunk> oldest = std::move(ahead.front());
        ahead.pop_front();
        workers.waitFor(oldest.get());
        bytesAhead -= oldest->text.size();
        if (!write(io, *oldest, allOk)) {
            io.out.flush();
            return fail(io, oldest->error);
        }
        spare.push_back(std::move(oldest));
    }
    return finish(io, reader, allOk);
}

} // namespace conform::cli
