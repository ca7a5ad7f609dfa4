#pragma once
// The workbench's connection to the capture store: the same store as conform-cli (--store
// unset: $CONFORM_STORE, else captures.db in the shared data folder), written through one
// store::CaptureWriter whose own thread opens the store and commits, so the GUI thread never
// waits on SQL. Readers (the captures browser, the dashboard, re-validation) open their own
// connections on worker threads from location().
//
//   CaptureStore store;                          // resolves; the writer opens in the background
//   store.capture(spec, record, {{"source", "run-tab"}});
//   connect(&store, &CaptureStore::capturesLanded, dashboard, &Dashboard::refreshSoon);
#include "base/result.h"
#include "engine/run_record.h"
#include "engine/run_spec.h"
#include "store/capture.h"
#include "store/capture_spec.h"
#include "store/location.h"

#include <QObject>
#include <QString>

#include <memory>

namespace conform::store { class CaptureWriter; }

namespace conform::gui {

class CaptureStore : public QObject
{
    Q_OBJECT
public:
    // `where` empty: the default store, resolved as conform-cli resolves it.
    explicit CaptureStore(const QString& where = {}, QObject* parent = nullptr);
    ~CaptureStore() override; // commits what is queued

    bool ok() const { return m_error.isEmpty(); }
    // Why the store cannot be used: one line naming it (no password).
    QString errorString() const { return m_error; }
    const store::StoreLocation& location() const { return m_location; }
    // Where it is, for the status bar: the file, or the URL without its password.
    QString displayName() const { return QString::fromStdString(m_location.display()); }
    // The writer, for batch runs; null when the store cannot be used.
    store::CaptureWriter* writer() const { return m_writer.get(); }

    // Queues the run's capture and returns its id at once; empty when the store is not usable.
    QString capture(const engine::RunSpec& spec, const engine::RunRecord& record, store::Labels labels = {},
                    const store::SpecSources& sources = {});

signals:
    // Captures committed (from any part of the workbench): views refresh, debounced.
    void capturesLanded(int count);
    void failed(const QString& message);

private:
    store::StoreLocation m_location;
    std::unique_ptr<store::CaptureWriter> m_writer;
    QString m_error;
};

} // namespace conform::gui
