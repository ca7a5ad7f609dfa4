// MainWindow's persistence, kept apart from its layout: what is remembered between sessions
// (window geometry, the activity shown, splitter positions, the validation options).
#include "workbench/mainwindow.h"

#include "checks/instancepane.h"
#include "workbench/optionstoolbar.h"
#include "checks/replypane.h"
#include "run/runpane.h"
#include "document/schemadocument.h"

#include <QCryptographicHash>
#include <QScreen>
#include <QSettings>
#include <QSplitter>

namespace conform::gui {

namespace {

void restoreSplitter(const QSettings& settings, const QString& key, QSplitter* splitter)
{
    const QByteArray state = settings.value(key).toByteArray();
    if (!state.isEmpty())
        splitter->restoreState(state);
}

ValidationSettings readOptions(const QSettings& settings)
{
    ValidationSettings options;
    options.style = settings.value(QStringLiteral("options/zod4"), false).toBool() ? schema::ZodStyle::Zod4
                                                                                  : schema::ZodStyle::Zod3;
    options.coerce = settings.value(QStringLiteral("options/coerce"), false).toBool();
    options.assertFormats = settings.value(QStringLiteral("options/assertFormats"), true).toBool();
    return options;
}

// Per workspace, under a key made from its folder (a path may hold characters QSettings keys cannot).
QString workspaceDraftKey(const QString& folder)
{
    const QByteArray hash = QCryptographicHash::hash(folder.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return QStringLiteral("workspaces/") + QString::fromLatin1(hash) + QStringLiteral("/draft");
}

} // namespace

void MainWindow::restoreWorkspaceOptions()
{
    ValidationSettings options = m_options->settings();
    options.defaultDraft = QSettings().value(workspaceDraftKey(m_folder)).toString() == QLatin1String("7")
                               ? schema::Draft::Draft7
                               : schema::Draft::Draft2020_12;
    m_options->setSettings(options);
}

void MainWindow::saveWorkspaceOptions() const
{
    if (m_folder.isEmpty())
        return;
    const bool draft7 = m_options->settings().defaultDraft == schema::Draft::Draft7;
    QSettings().setValue(workspaceDraftKey(m_folder), draft7 ? QStringLiteral("7") : QStringLiteral("2020-12"));
}

void MainWindow::restoreSettings()
{
    const QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(QSize(1440, 880).boundedTo(screen()->availableSize() * 0.9));
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    const QString shown = settings.value(QStringLiteral("window/activity")).toString();
    for (Activity activity : kActivities)
        if (ActivityWords::key(activity) == shown)
            showActivity(activity);
    ValidationSettings options = readOptions(settings);
    options.defaultDraft = m_options->settings().defaultDraft; // the workspace's, not the session's
    m_options->setSettings(options);
    m_document->setSettings(m_options->settings());
}

// When the activity is first shown at the window's size: a splitter restored before that (or
// while its page is hidden) shares the later growth among its panes and loses the user's
// proportions.
void MainWindow::restoreSplitters(Activity activity)
{
    if (!m_splittersRestored.insert(activity).second)
        return;
    const QSettings settings;
    if (activity == Activity::Design) {
        restoreSplitter(settings, QStringLiteral("window/design"), m_centre);
        restoreSplitter(settings, QStringLiteral("window/instance"), m_instance->splitter());
        restoreSplitter(settings, QStringLiteral("window/reply"), m_reply->splitter());
    } else if (activity == Activity::Run) {
        restoreSplitter(settings, QStringLiteral("window/run"), m_run->splitter());
    }
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/design"), m_centre->saveState());
    settings.setValue(QStringLiteral("window/activity"), ActivityWords::key(currentActivity()));
    settings.setValue(QStringLiteral("window/instance"), m_instance->splitter()->saveState());
    settings.setValue(QStringLiteral("window/reply"), m_reply->splitter()->saveState());
    settings.setValue(QStringLiteral("window/run"), m_run->splitter()->saveState());
    const ValidationSettings options = m_options->settings();
    settings.setValue(QStringLiteral("options/zod4"), options.style == schema::ZodStyle::Zod4);
    settings.setValue(QStringLiteral("options/coerce"), options.coerce);
    settings.setValue(QStringLiteral("options/assertFormats"), options.assertFormats);
    settings.setValue(QStringLiteral("workspace/last"), m_folder);
}

} // namespace conform::gui
