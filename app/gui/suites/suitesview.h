#pragma once
// The Suites tab: open a suite file, run it (libcore suite/runner.h, every run captured in
// the store in use: the Workspace's CaptureStore and its one writer), watch the case x target
// table fill in, and double-click a cell to read the captures of its runs
// (suitecapturesdialog.h). The engines run asynchronously on the GUI thread; the store is
// opened and read only on worker threads, so the window never waits for it. The summary is
// read from the typed suite report (suite/report.h).
#include "store/location.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QLabel;
class QPushButton;
class QTableView;

namespace conform::store { class CaptureWriter; }
namespace conform::suite { struct Suite; class SuiteRunner; struct SuiteResults; }

namespace conform::gui {

class CaptureStore;
class SuiteCapturesDialog;
class SuiteTableModel;

class SuitesView : public QWidget
{
    Q_OBJECT
public:
    // `store`: the store in use (Workspace::captureStore()); runs are captured there.
    explicit SuitesView(CaptureStore* store, QWidget* parent = nullptr);
    ~SuitesView() override;

    // Loads a suite file; false (and the error shown) when it is not a valid suite.
    bool openSuite(const QString& path);
    // The suite file open ("" before one is).
    QString suitePath() const { return m_path; }
    // A suite whose every case has a cassette (a regression suite) can be replayed: each run
    // answered from its recording, offline, re-judged against the case's schema as it stands,
    // and nothing captured (`conform-cli suite FILE --replay`). On by default for such a
    // suite; unticked, it runs live against its targets.
    bool canReplay() const;
    void setReplay(bool replay);
    bool replays() const;
    // Runs the open suite, capturing into the store in use.
    void run();
    void cancel();
    bool running() const;

    SuiteTableModel* model() const { return m_model; }
    QString status() const;
    // The captures of one cell, as the dialog shows them.
    QStringList captureIds(int row, int column) const;
    // Opens the dialog over one cell's captures (what a double-click does); null when the
    // cell has none. The dialog reads them off the GUI thread.
    SuiteCapturesDialog* showCaptures(int row, int column);

signals:
    void finished();

private:
    void onFinished(const suite::SuiteResults& results);

    QPushButton* m_open;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QCheckBox* m_replay;
    QString m_path;
    QLabel* m_status;
    QTableView* m_table;
    SuiteTableModel* m_model;
    CaptureStore* m_store;
    std::unique_ptr<suite::Suite> m_suite;
    // Where the last run was captured, and its writer (kept while its runner lives, even
    // when the store in use is replaced meanwhile).
    store::StoreLocation m_runLocation;
    std::shared_ptr<store::CaptureWriter> m_writer;
    std::unique_ptr<suite::SuiteRunner> m_runner;
    QPointer<SuiteCapturesDialog> m_dialog;
};

} // namespace conform::gui
