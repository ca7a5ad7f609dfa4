#include "checks/issueexport.h"

#include "widgets/statusline.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QSaveFile>
#include <QtConcurrent/QtConcurrentRun>

namespace conform::gui {

std::string issueDocument(const IssueSet& issues)
{
    Json list = Json::array();
    for (const LocatedIssue& entry : issues.shown)
        list.push_back(entry.issue.toJson());
    for (const schema::Issue& issue : issues.unshown)
        list.push_back(issue.toJson());
    Json coercions = Json::array();
    for (const schema::Coercion& coercion : issues.coercions)
        coercions.push_back(coercion.toJson());
    const Json document{{"valid", issues.valid}, {"issues", std::move(list)}, {"coercions", std::move(coercions)}};
    return document.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

void exportIssues(StatusLine* status, IssueSet issues)
{
    const QString path = QFileDialog::getSaveFileName(status->window(), QCoreApplication::translate("IssueExport", "Export Issues"), QStringLiteral("issues.json"),
                                                      QCoreApplication::translate("IssueExport", "JSON (*.json)"));
    if (path.isEmpty())
        return;
    auto* watcher = new QFutureWatcher<QString>(status);
    QObject::connect(watcher, &QFutureWatcherBase::finished, status, [watcher, status, path] {
        const QString error = watcher->result();
        watcher->deleteLater();
        if (error.isEmpty())
            status->report(status->state(), QCoreApplication::translate("IssueExport", "%1 — exported to %2")
                                                .arg(status->text(), QDir::toNativeSeparators(path)));
        else
            status->report(StatusLine::State::Error, QCoreApplication::translate("IssueExport", "Export failed: %1").arg(error));
    });
    watcher->setFuture(QtConcurrent::run([issues = std::move(issues), path] {
        const std::string text = issueDocument(issues);
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) < 0 || !file.commit())
            return QStringLiteral("%1: %2").arg(path, file.errorString());
        return QString();
    }));
}

} // namespace conform::gui
