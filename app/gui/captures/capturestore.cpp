#include "captures/capturestore.h"

#include "store/writer.h"

#include <QThreadPool>
#include <QTimer>

#include <utility>

namespace conform::gui {

namespace {

// Lets go of a replaced writer off the GUI thread: it commits what is queued and stops there,
// so a store still opening (a locked file it waits for, a server that does not answer) never
// freezes the window. A run still holding the writer (sharedWriter()) keeps it until it ends.
void retire(std::shared_ptr<store::CaptureWriter> writer)
{
    if (!writer)
        return;
    if (writer.use_count() == 1)
        writer->moveToThread(nullptr); // deleted on a pool thread, where it then belongs
    QThreadPool::globalInstance()->start([writer = std::move(writer)]() mutable { writer.reset(); });
}

} // namespace

CaptureStore::CaptureStore(store::StoreChoice choice, QObject* parent) : QObject(parent)
{
    open(std::move(choice));
}

CaptureStore::~CaptureStore() = default;

void CaptureStore::open(store::StoreChoice choice)
{
    m_origin = choice.origin;
    m_error.clear();
    if (!choice.location) {
        m_location = store::StoreLocation{};
        m_writer.reset();
        m_error = QString::fromStdString(choice.location.error().toString());
        // Said once the caller has connected to failed().
        QTimer::singleShot(0, this, [this, message = m_error] {
            if (m_error == message)
                emit failed(message);
        });
        return;
    }
    m_location = std::move(choice.location).value();
    m_writer = std::make_shared<store::CaptureWriter>(m_location);
    // The writer's signals come from its thread; `this` as context queues them here.
    store::CaptureWriter* writer = m_writer.get();
    connect(writer, &store::CaptureWriter::committed, this, [this](const QStringList& ids) { emit capturesLanded(int(ids.size())); });
    connect(writer, &store::CaptureWriter::failed, this, [this, writer](const QString& message) {
        if (writer != m_writer.get())
            return; // the store replaced; its runs report their own failures
        m_error = message;
        emit failed(message);
    });
}

void CaptureStore::reopen(store::StoreChoice choice)
{
    if (m_writer)
        disconnect(m_writer.get(), nullptr, this, nullptr);
    retire(std::exchange(m_writer, nullptr));
    open(std::move(choice));
    emit reopened();
}

QString CaptureStore::capture(const engine::RunSpec& spec, const engine::RunRecord& record, store::Labels labels,
                              const store::SpecSources& sources)
{
    if (!m_writer || !ok())
        return {};
    store::Capture capture = store::captureOfRun(spec, record, std::move(labels));
    store::recordSources(capture, sources);
    return QString::fromStdString(m_writer->submit(std::move(capture)));
}

} // namespace conform::gui
