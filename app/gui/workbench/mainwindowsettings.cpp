// MainWindow's persistence, kept apart from its layout: what is remembered between sessions
// (window geometry, the activity shown, splitter positions, the validation options). The keys
// are settingkeys.h's.
#include "workbench/mainwindow.h"

#include "checks/instancepane.h"
#include "checks/replypane.h"
#include "document/schemadocument.h"
#include "run/runpane.h"
#include "settings/settingkeys.h"
#include "workbench/optionstoolbar.h"

#include <QScreen>
#include <QSplitter>

namespace conform::gui {

namespace {

void restoreSplitter(const Setting<QByteArray>& setting, QSplitter* splitter)
{
    if (const QByteArray state = setting.read(); !state.isEmpty())
        splitter->restoreState(state);
}

ValidationSettings readOptions()
{
    ValidationSettings options;
    options.style = settingkeys::optionsZod4.read() ? schema::ZodStyle::Zod4 : schema::ZodStyle::Zod3;
    options.coerce = settingkeys::optionsCoerce.read();
    options.assertFormats = settingkeys::optionsAssertFormats.read();
    return options;
}

} // namespace

void MainWindow::restoreWorkspaceOptions()
{
    ValidationSettings options = m_document->settings();
    options.defaultDraft = settingkeys::workspaceDraft(folder()).read() == QLatin1String("7") ? schema::Draft::Draft7
                                                                                             : schema::Draft::Draft2020_12;
    m_document->setSettings(options);
}

void MainWindow::saveWorkspaceOptions() const
{
    if (folder().isEmpty())
        return;
    const bool draft7 = m_document->settings().defaultDraft == schema::Draft::Draft7;
    settingkeys::workspaceDraft(folder()).write(draft7 ? QStringLiteral("7") : QStringLiteral("2020-12"));
}

void MainWindow::restoreSettings()
{
    if (!restoreGeometry(settingkeys::windowGeometry.read()))
        resize(QSize(1440, 880).boundedTo(screen()->availableSize() * 0.9));
    // Docks first, so that restoreState finds them by name and puts them where they were.
    for (const QString& key : settingkeys::dockedActivities.read())
        for (Activity activity : kActivities)
            if (ActivityWords::key(activity) == key)
                setActivityDocked(activity, true);
    restoreState(settingkeys::windowState.read());
    const QString shown = settingkeys::windowActivity.read();
    for (Activity activity : kActivities)
        if (ActivityWords::key(activity) == shown)
            showActivity(activity);
    ValidationSettings options = readOptions();
    options.defaultDraft = m_document->settings().defaultDraft; // the workspace's, not the session's
    m_document->setSettings(options);
    m_options->setSettings(m_document->settings()); // shown even when they are the defaults
}

// When the activity is first shown at the window's size: a splitter restored before that (or
// while its page is hidden) shares the later growth among its panes and loses the user's
// proportions.
void MainWindow::restoreSplitters(Activity activity)
{
    if (!m_splittersRestored.insert(activity).second)
        return;
    if (activity == Activity::Design) {
        restoreSplitter(settingkeys::designSplitter, m_centre);
        restoreSplitter(settingkeys::instanceSplitter, m_instance->splitter());
        restoreSplitter(settingkeys::replySplitter, m_reply->splitter());
    } else if (activity == Activity::Run) {
        restoreSplitter(settingkeys::runSplitter, m_run->splitter());
    }
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settingkeys::windowGeometry.write(settings, saveGeometry());
    settingkeys::windowState.write(settings, saveState());
    settingkeys::windowActivity.write(settings, ActivityWords::key(currentActivity()));
    QStringList docked;
    for (const auto& [activity, dock] : m_docks)
        docked << ActivityWords::key(activity);
    settingkeys::dockedActivities.write(settings, docked);
    // A splitter never shown this session keeps what it had.
    if (m_splittersRestored.count(Activity::Design)) {
        settingkeys::designSplitter.write(settings, m_centre->saveState());
        settingkeys::instanceSplitter.write(settings, m_instance->splitter()->saveState());
        settingkeys::replySplitter.write(settings, m_reply->splitter()->saveState());
    }
    if (m_splittersRestored.count(Activity::Run))
        settingkeys::runSplitter.write(settings, m_run->splitter()->saveState());
    const ValidationSettings options = m_document->settings();
    settingkeys::optionsZod4.write(settings, options.style == schema::ZodStyle::Zod4);
    settingkeys::optionsCoerce.write(settings, options.coerce);
    settingkeys::optionsAssertFormats.write(settings, options.assertFormats);
    settingkeys::lastWorkspace.write(settings, folder());
}

} // namespace conform::gui
