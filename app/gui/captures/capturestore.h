#pragma once
// The workbench's connection to the store in use: the one the Workspace chose (store/location.h
// chooseStore(): $CONFORM_STORE, else Settings ▸ Store, else captures.db in the shared data
// folder), written through one store::CaptureWriter whose own thread opens the store and
// commits, so the GUI thread never waits on SQL. Readers (the captures browser, the
// dashboard, re-validation, Compare, Suites) open their own connections on worker threads
// from location().
//
//   CaptureStore store(store::chooseStore(AppSettings::load().store));  // opens in the background
//   store.capture(spec, record, {{"source", "run-tab"}});
//   connect(&store, &CaptureStore::reopened, dashboard, [&] { dashboard->setLocation(store.location()); });
//
// The object stays for the window's life; reopen() points it at another store (the setting
// changed). Views holding it follow reopened(). The old writer commits what is queued and
// goes once nothing uses it, off the GUI thread: a batch or suite still running keeps it
// (sharedWriter()) and its captures land where it started.
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
    explicit CaptureStore(store::StoreChoice choice, QObject* parent = nullptr);
    ~CaptureStore() override; // commits what is queued

    // Makes `choice` the store in use and says reopened(); captures queued for the old one
    // are committed there.
    void reopen(store::StoreChoice choice);

    bool ok() const { return m_error.isEmpty(); }
    // Why the store cannot be used: one line naming it (no password).
    QString errorString() const { return m_error; }
    const store::StoreLocation& location() const { return m_location; }
    // Which rule chose it: $CONFORM_STORE, the setting or the default.
    store::StoreOrigin origin() const { return m_origin; }
    // Where it is, for the status bar: the file, or the URL without its password.
    QString displayName() const { return QString::fromStdString(m_location.display()); }
    // The writer, for batch runs; null when the store cannot be used.
    store::CaptureWriter* writer() const { return m_writer.get(); }
    // The same, for a run that must keep writing where it started while the store is
    // replaced: the writer lives while the run holds it.
    std::shared_ptr<store::CaptureWriter> sharedWriter() const { return m_writer; }

    // Queues the run's capture and returns its id at once; empty when the store is not usable.
    QString capture(const engine::RunSpec& spec, const engine::RunRecord& record, store::Labels labels = {},
                    const store::SpecSources& sources = {});

signals:
    // Captures committed (from any part of the workbench): views refresh, debounced.
    void capturesLanded(int count);
    // The store cannot be used (it did not open, or a write failed): one line.
    void failed(const QString& message);
    // Another store is in use now: views read from location() anew.
    void reopened();

private:
    void open(store::StoreChoice choice);

    store::StoreLocation m_location;
    store::StoreOrigin m_origin = store::StoreOrigin::Default;
    std::shared_ptr<store::CaptureWriter> m_writer;
    QString m_error;
};

} // namespace conform::gui
