#pragma once
// The Suites tab: open a suite file, run it (libcore suite/runner.h, every run captured in
// the workbench's store), watch the case x target table fill in, and double-click a cell
// to read the captures of its runs. The engines run asynchronously on the GUI thread.
#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QPushButton;
class QTableView;

namespace conform::store { class CaptureWriter; struct StoreLocation; }
namespace conform::suite { struct Suite; class SuiteRunner; struct SuiteResults; }

namespace conform::gui {

class SuiteTableModel;

class SuitesView : public QWidget
{
    Q_OBJECT
public:
    explicit SuitesView(QWidget* parent = nullptr);
    ~SuitesView() override;

    // Loads a suite file; false (and the error shown) when it is not a valid suite.
    bool openSuite(const QString& path);
    // Runs the open suite, capturing into `store` (empty: the workbench's default store).
    void run(const QString& store = {});
    void cancel();
    bool running() const;

    SuiteTableModel* model() const { return m_model; }
    QString status() const;
    // The captures of one cell, as the dialog shows them.
    QStringList captureIds(int row, int column) const;

signals:
    void finished();

private:
    void showCaptures(int row, int column);
    void onFinished(const suite::SuiteResults& results);

    QPushButton* m_open;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QLabel* m_status;
    QTableView* m_table;
    SuiteTableModel* m_model;
    std::unique_ptr<suite::Suite> m_suite;
    std::unique_ptr<store::StoreLocation> m_location;
    std::unique_ptr<store::CaptureWriter> m_writer;
    std::unique_ptr<suite::SuiteRunner> m_runner;
};

} // namespace conform::gui
