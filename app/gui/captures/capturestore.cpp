#include "captures/capturestore.h"

#include "store/writer.h"

namespace conform::gui {

CaptureStore::CaptureStore(const QString& where, QObject* parent) : QObject(parent)
{
    auto location = store::StoreLocation::resolve(where);
    if (!location) {
        m_error = QString::fromStdString(location.error().toString());
        return;
    }
    m_location = std::move(location).value();
    m_writer = std::make_unique<store::CaptureWriter>(m_location);
    // The writer's signals come from its thread; `this` as context queues them here.
    connect(m_writer.get(), &store::CaptureWriter::committed, this, [this](const QStringList& ids) { emit capturesLanded(int(ids.size())); });
    connect(m_writer.get(), &store::CaptureWriter::failed, this, [this](const QString& message) {
        m_error = message;
        emit failed(message);
    });
}

CaptureStore::~CaptureStore() = default;

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
