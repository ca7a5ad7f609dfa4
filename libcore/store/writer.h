#pragma once
// CaptureWriter: the store's one writer, on a worker thread of its own. Callers hand over
// captures and go on; the worker commits whatever has queued up in one transaction, so a
// burst of finished runs (a suite, the proxy) costs a few commits, not one each.
//
//   CaptureWriter writer(location);
//   if (auto opened = writer.waitUntilOpen(); !opened) fail(opened.error());
//   const std::string id = writer.submit(captureOfRun(spec, record));
//   writer.flush();                       // blocks until everything submitted is committed
//
// committed() and failed() are emitted from the worker thread; connect with a context object
// (queued) to use them on the GUI thread. The destructor commits what is queued, then stops.
#include "base/result.h"
#include "store/capture.h"
#include "store/location.h"
#include "store/location.h"

#include <QObject>
#include <QStringList>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>

class QThread;

namespace conform::store {

class CaptureWriter : public QObject
{
    Q_OBJECT
public:
    explicit CaptureWriter(StoreLocation location, OpenOptions options = {}, QObject* parent = nullptr);
    ~CaptureWriter() override;

    // Committed captures are then freed by the next submit() or flush(), on the submitter's
    // thread, rather than on the writer's: for an importer that allocates every capture on
    // its own thread and has time to spare, as memory freed on another thread never comes
    // back to the allocating thread's cache (each allocation would take the slow path).
    void freeOnSubmitter(bool on);

    // Blocks until the worker has opened the store, or failed to.
    Status waitUntilOpen();
    // Queues a capture and returns its id at once.
    std::string submit(Capture capture);
    // Blocks while more than `count` captures wait to be written: an importer that reads
    // faster than the store writes keeps its memory bounded this way.
    void waitWhileQueuedAbove(std::size_t count);
    // Blocks until every capture submitted before the call is committed (or failed): the
    // first error since the last flush, if any.
    Status flush();

    static constexpr std::size_t kMaxBatch = 1000;

signals:
    void committed(const QStringList& ids);
    // Ids of a committed batch the store already held for another run (InsertResult).
    void heldWithOtherContent(const QStringList& ids);
    void failed(const QString& message);

private:
    void work(StoreLocation location, OpenOptions options);

    std::mutex m_mutex;
    std::condition_variable m_wake;   // the worker: work arrived, or stop
    std::condition_variable m_done;   // callers: opened, or a batch finished
    std::deque<Capture> m_queue;
    std::vector<Capture> m_written; // committed, for the submitter to free (freeOnSubmitter)
    bool m_freeOnSubmitter = false;
    std::uint64_t m_submitted = 0, m_finished = 0;
    std::optional<Status> m_opened;
    std::optional<Error> m_error;
    bool m_stop = false;
    QThread* m_thread = nullptr;
};

} // namespace conform::store
