#include "captures/capturecontextmenu.h"

#include "captures/capturepagemodel.h"
#include "captures/capturesbrowser.h"
#include "captures/capturestore.h"
#include "settings/appsettings.h"
#include "triage/clusterwords.h"
#include "triage/qajobs.h"

#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QTableView>

#include <array>

namespace conform::gui {

namespace {

std::vector<std::string> stdIds(const QStringList& ids)
{
    std::vector<std::string> out;
    for (const QString& id : ids)
        out.push_back(id.toStdString());
    return out;
}

} // namespace

CaptureContextMenu::CaptureContextMenu(CapturesBrowser* browser, CaptureStore* store)
    : QObject(browser), m_browser(browser), m_store(store)
{
    QTableView* table = browser->table();
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this, &CaptureContextMenu::popup);
}

void CaptureContextMenu::popup(const QPoint& at)
{
    QMenu* menu = menuForSelection();
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(m_browser->table()->viewport()->mapToGlobal(at));
}

QMenu* CaptureContextMenu::menuForSelection()
{
    auto* menu = new QMenu(m_browser);
    const QStringList ids = m_browser->selectedIds();
    const int count = int(ids.size());
    QMenu* review = menu->addMenu(tr("Review %n capture(s) as", nullptr, count));
    for (store::ReviewState state : {store::ReviewState::New, store::ReviewState::Confirmed, store::ReviewState::Expected,
                                     store::ReviewState::Fixed, store::ReviewState::Ignored}) {
        QAction* action = review->addAction(ClusterWords::state(state), this, [this, state] { reviewSelected(state); });
        action->setToolTip(ClusterWords::stateMeaning(state));
    }
    menu->addAction(tr("Label…"), this, &CaptureContextMenu::askLabels);
    menu->addAction(tr("Add to regression suite…"), this, &CaptureContextMenu::askSuiteFile);
    const QModelIndex current = m_browser->table()->currentIndex();
    const QString cluster = current.isValid() ? m_browser->model()->clusterOf(current.row()) : QString();
    QAction* open = menu->addAction(tr("Open its cluster in Triage"), this, [this, cluster] { emit openClusterRequested(cluster); });
    open->setEnabled(!cluster.isEmpty());
    if (cluster.isEmpty())
        open->setToolTip(tr("Valid and unchecked captures have no failure cluster"));
    menu->addSeparator();
    menu->addAction(tr("Copy %n id(s)", nullptr, count), this, &CaptureContextMenu::copySelectedIds);
    for (QAction* action : menu->actions())
        if (action != open)
            action->setEnabled(count > 0);
    menu->setToolTipsVisible(true);
    return menu;
}

void CaptureContextMenu::reviewSelected(store::ReviewState state)
{
    const QStringList ids = m_browser->selectedIds();
    if (ids.isEmpty())
        return;
    store::ReviewChange change;
    for (const QString& id : ids)
        change.subjects.push_back({store::SubjectKind::Capture, id.toStdString()});
    change.state = state;
    change.reviewer = AppSettings::load().reviewer().toStdString();
    change.atMs = QDateTime::currentMSecsSinceEpoch();
    reviewInBackground(this, m_store->location(), change, [this, state, count = ids.size()](const QString& error) {
        emit done(error.isEmpty() ? tr("%n capture(s) reviewed as %1", nullptr, int(count)).arg(ClusterWords::state(state)) : QString(), error);
    });
}

void CaptureContextMenu::askLabels()
{
    bool ok = false;
    const QString text = QInputDialog::getText(m_browser, tr("Label Captures"),
                                               tr("Labels to set (key=value) and to remove (-key), separated by spaces:"),
                                               QLineEdit::Normal, QString(), &ok);
    if (ok)
        labelSelected(text);
}

void CaptureContextMenu::labelSelected(const QString& text)
{
    const QStringList ids = m_browser->selectedIds();
    if (ids.isEmpty())
        return;
    auto change = parseLabelEdit(text);
    if (!change)
        return emit done({}, QString::fromStdString(change.error().toString()));
    change->captureIds = stdIds(ids);
    relabelInBackground(this, m_store->location(), change.value(), [this, count = ids.size()](const QString& error) {
        // The capture open shows its labels: it is read again. The list shows none, so it
        // stays as it is, with the captures still chosen.
        const QModelIndex current = m_browser->table()->currentIndex();
        if (error.isEmpty() && current.isValid())
            m_browser->openCapture(current.data(CapturePageModel::IdRole).toString());
        emit done(error.isEmpty() ? tr("%n capture(s) labelled", nullptr, int(count)) : QString(), error);
    });
}

void CaptureContextMenu::askSuiteFile()
{
    const QString path = QFileDialog::getSaveFileName(m_browser, tr("Add to Regression Suite"), QDir::current().filePath(QStringLiteral("regression.suite.json")),
                                                      tr("Suite files (*.suite.json);;JSON files (*.json)"), nullptr,
                                                      QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        addSelectedToSuite(path);
}

void CaptureContextMenu::addSelectedToSuite(const QString& path)
{
    const QStringList ids = m_browser->selectedIds();
    if (ids.isEmpty())
        return;
    RegressionSuiteRequest request;
    request.name = "captures " + ids.constFirst().toStdString() + (ids.size() > 1 ? " and more" : "");
    request.ids = stdIds(ids);
    request.path = path.toStdString();
    request.addToExisting = true;
    writeRegressionSuiteInBackground(this, m_store->location(), request, [this, path](int cases, const QString& error) {
        emit done(error.isEmpty() ? tr("%1 holds %n case(s)", nullptr, cases).arg(path) : QString(), error);
        emit regressionSuiteWritten(path, cases, error);
    });
}

void CaptureContextMenu::copySelectedIds()
{
    const QStringList ids = m_browser->selectedIds();
    if (ids.isEmpty())
        return;
    QApplication::clipboard()->setText(ids.join(QLatin1Char('\n')));
    emit done(tr("copied %n id(s)", nullptr, int(ids.size())), {});
}

} // namespace conform::gui
