#pragma once
// Captures ▸ Import…: files taken into the workbench's store as `conform-cli captures
// import` takes them (libcore imports/import_files.h): Conform's own JSONL, OTLP/JSON traces
// and logs, an OpenAI batch's output (with its input file, when there is one) or an Anthropic
// batch's results, the format told from the first line. The import runs on a worker thread
// with a progress dialog whose Cancel stops it between lines (what was read stays, each
// capture whole; importing again adds nothing twice). When it ends, a summary says what came
// in, what was already there, what was left out and why (the first problems, FILE:LINE).
#include "imports/import_files.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <memory>
#include <optional>

class QMessageBox;
class QProgressDialog;
class QTimer;
class QWidget;

namespace conform::gui {

class CaptureStore;

class CaptureImport : public QObject
{
    Q_OBJECT
public:
    CaptureImport(CaptureStore* store, QWidget* window);
    ~CaptureImport() override;

    // Asks for the files (and, for an OpenAI batch's output, its input file), then imports.
    void chooseAndImport();
    // Imports `paths`: in `format`, or the one the first file's first line says.
    void start(const QStringList& paths, std::optional<imports::Format> format = {}, const QString& batchInput = {});
    void cancel();
    bool running() const { return m_shared != nullptr; }

    QProgressDialog* progressDialog() const { return m_progress; }
    // The summary shown when the last import ended (also in finished()).
    QString summary() const { return m_summary; }

signals:
    // `inserted` new captures; `ok` false when the import stopped early (an error, Cancel).
    void finished(const QString& summary, int inserted, bool ok);

private:
    struct Shared;
    void onFinished(imports::Format format, int files, const imports::Report& report);

    CaptureStore* m_store;
    QWidget* m_window;
    QProgressDialog* m_progress;
    QTimer* m_poll;
    QPointer<QMessageBox> m_result;
    std::shared_ptr<Shared> m_shared; // while an import runs
    QString m_summary;
};

} // namespace conform::gui
