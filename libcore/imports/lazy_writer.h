#pragma once
// The importers' writer: captures go to the store's writer thread while the caller parses
// (two cores, half the work each), and the store is opened only at the first capture.
#include "store/writer.h"

#include <atomic>
#include <memory>

namespace conform::imports {

// The store is opened at the first capture that parses: an import that fails before it
// (a file that is not JSONL, a bad first line) leaves no store file behind.
class LazyWriter
{
public:
    // `freeOnReader`: committed captures are freed on the reading thread (see
    // CaptureWriter::freeOnSubmitter), for imports whose writer is the busier thread.
    explicit LazyWriter(store::StoreLocation location, bool freeOnReader = false)
        : m_location(std::move(location)), m_freeOnReader(freeOnReader) {}
    Status submit(store::Capture capture)
    {
        if (!m_writer) {
            m_writer = std::make_unique<store::CaptureWriter>(m_location);
            if (auto opened = m_writer->waitUntilOpen(); !opened)
                return opened.error();
            m_writer->freeOnSubmitter(m_freeOnReader);
            QObject::connect(m_writer.get(), &store::CaptureWriter::committed, m_writer.get(),
                             [this](const QStringList& ids) { m_inserted += static_cast<std::size_t>(ids.size()); },
                             Qt::DirectConnection);
            QObject::connect(m_writer.get(), &store::CaptureWriter::heldWithOtherContent, m_writer.get(),
                             [this](const QStringList& ids) { m_heldWithOtherContent += static_cast<std::size_t>(ids.size()); },
                             Qt::DirectConnection);
        }
        m_writer->submit(std::move(capture));
        // About one batch waiting while the writer commits another: enough to keep it busy,
        // and little enough memory in flight that the allocator keeps reusing the same pages.
        if (++m_submitted % 100 == 0)
            m_writer->waitWhileQueuedAbove(store::CaptureWriter::kMaxBatch);
        return Done{};
    }
    Status flush() { return m_writer ? m_writer->flush() : Status(Done{}); }
    std::size_t submitted() const { return m_submitted; }
    std::size_t inserted() const { return m_inserted.load(); }
    std::size_t heldWithOtherContent() const { return m_heldWithOtherContent.load(); }

private:
    store::StoreLocation m_location;
    std::unique_ptr<store::CaptureWriter> m_writer;
    std::atomic<std::size_t> m_inserted{0};
    std::atomic<std::size_t> m_heldWithOtherContent{0};
    std::size_t m_submitted = 0;
    bool m_freeOnReader = false;
};


} // namespace conform::imports
