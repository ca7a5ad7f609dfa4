// runJsonl: chunks of lines, slices on worker threads, output in input order.
#include "jsonl_pipeline.h"

#include <QThread>

#include <algorithm>
#include <exception>
#include <ostream>
#include <thread>
#include <vector>

namespace conform::cli {
namespace {

// A chunk ends at whichever comes first; a line longer than the byte bound is a chunk alone.
constexpr std::size_t kChunkLines = 4096;
constexpr std::size_t kChunkBytes = 8u << 20;
// Below this many lines a slice costs more in thread start-up than it saves.
constexpr std::size_t kMinSliceLines = 64;

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

    bool read(LineReader& reader)
    {
        text.clear();
        lines.clear();
        std::string_view line;
        while (lines.size() < kChunkLines && text.size() < kChunkBytes && reader.next(line)) {
            if (line.find_first_not_of(" \t") == std::string_view::npos)
                continue;
            lines.push_back({text.size(), line.size(), reader.lineNumber()});
            text.append(line);
        }
        return !lines.empty();
    }
    std::string_view at(std::size_t i) const { return std::string_view(text).substr(lines[i].offset, lines[i].length); }
};

struct Slice
{
    std::size_t begin = 0;
    std::size_t end = 0;
    std::string out;
    bool allOk = true;
    bool stopped = false;
    std::string error;

    void run(const Chunk& chunk, const LineHandler& handle)
    {
        out.clear();
        allOk = true;
        stopped = false;
        for (std::size_t i = begin; i < end; ++i) {
            LineStatus status = LineStatus::Stop;
            try { // an exception must not leave a worker thread (that would terminate)
                status = handle(chunk.at(i), chunk.lines[i].number, out, error);
            } catch (const std::exception& e) {
                error = "line " + std::to_string(chunk.lines[i].number) + ": " + e.what();
            }
            if (status == LineStatus::Stop) {
                stopped = true;
                return;
            }
            allOk = allOk && status == LineStatus::Ok;
        }
    }
};

std::size_t workerCount()
{
    return std::size_t(std::max(1, QThread::idealThreadCount()));
}

} // namespace

int runJsonl(const QString& path, Io& io, const LineHandler& handle, std::uint64_t maxBytes)
{
    LineReader reader(path, io, maxBytes);
    if (!reader.ok())
        return fail(io, reader.error());
    const std::size_t workers = workerCount();
    std::vector<Slice> slices(workers);
    Chunk chunk;
    bool allOk = true;
    while (chunk.read(reader)) {
        const std::size_t count = std::clamp<std::size_t>(chunk.lines.size() / kMinSliceLines, 1, workers);
        const std::size_t per = (chunk.lines.size() + count - 1) / count;
        for (std::size_t s = 0; s < count; ++s) {
            slices[s].begin = std::min(chunk.lines.size(), s * per);
            slices[s].end = std::min(chunk.lines.size(), (s + 1) * per);
        }
        std::vector<std::thread> threads;
        for (std::size_t s = 1; s < count; ++s)
            threads.emplace_back([&, s] { slices[s].run(chunk, handle); });
        slices[0].run(chunk, handle);
        for (auto& thread : threads)
            thread.join();
        for (std::size_t s = 0; s < count; ++s) {
            io.out.write(slices[s].out.data(), std::streamsize(slices[s].out.size()));
            allOk = allOk && slices[s].allOk;
            if (slices[s].stopped) {
                io.out.flush();
                return fail(io, slices[s].error);
            }
        }
    }
    io.out.flush();
    if (!reader.ok()) // a line past the bound: the lines before it are written
        return fail(io, reader.error());
    return allOk ? Success : Invalid;
}

} // namespace conform::cli
