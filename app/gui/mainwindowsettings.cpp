// MainWindow's persistence, kept apart from its layout: what is remembered between sessions
// (window geometry and dock state, splitter positions, the validation options).
#include "mainwindow.h"

#include "instancepane.h"
#include "optionstoolbar.h"
#include "replypane.h"
#include "schemadocument.h"

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
    options.assertFormats = settings.value(QStringLiteral("options/assertFormats"), false).toBool();
    return options;
}

} // namespace

void MainWindow::restoreSettings()
{
    const QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(QSize(1440, 880).boundedTo(screen()->availableSize() * 0.9));
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    restoreSplitter(settings, QStringLiteral("window/centre"), m_centre);
    restoreSplitter(settings, QStringLiteral("window/instance"), m_instance->splitter());
    restoreSplitter(settings, QStringLiteral("window/reply"), m_reply->splitter());
    m_options->setSettings(readOptions(settings));
    m_document->setSettings(m_options->settings());
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/centre"), m_centre->saveState());
    settings.setValue(QStringLiteral("window/instance"), m_instance->splitter()->saveState());
    settings.setValue(QStringLiteral("window/reply"), m_reply->splitter()->saveState());
    const ValidationSettings options = m_options->settings();
    settings.setValue(QStringLiteral("options/zod4"), options.style == schema::ZodStyle::Zod4);
    settings.setValue(QStringLiteral("options/coerce"), options.coerce);
    settings.setValue(QStringLiteral("options/assertFormats"), options.assertFormats);
    settings.setValue(QStringLiteral("workspace/last"), m_folder);
}

} // namespace conform::gui
