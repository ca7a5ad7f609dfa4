#include "workbench/fileroute.h"

#include "settings/settingkeys.h"
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace conform::gui {

FileRoute routeForFile(const QString& path)
{
    const QString name = QFileInfo(path).fileName().toLower();
    if (name == QLatin1String("schema.json") || name.endsWith(QLatin1String(".schema.json")))
        return FileRoute::Schema;
    if (name.endsWith(QLatin1String(".compare.json")))
        return FileRoute::Comparison;
    if (name.endsWith(QLatin1String(".suite.json")))
        return FileRoute::Suite;
    if (name.endsWith(QLatin1String(".jsonl")))
        return FileRoute::Lines;
    if (name.endsWith(QLatin1String(".json")))
        return FileRoute::Instance;
    if (name == QLatin1String("prompt.md") || name.endsWith(QLatin1String(".prompt.md")))
        return FileRoute::Prompt;
    if (name.endsWith(QLatin1String(".txt")))
        return FileRoute::Reply;
    return FileRoute::Text;
}

QString schemaForExample(const QString& path)
{
    const QFileInfo file(path);
    QDir folder = file.absoluteDir();
    if (folder.dirName() != QLatin1String("examples") || !folder.cdUp())
        return {};
    const QString schema = folder.filePath(QStringLiteral("schema.json"));
    return QFileInfo::exists(schema) ? schema : QString();
}

QString defaultWorkspace()
{
    const QString last = settingkeys::lastWorkspace.read();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString installed = QCoreApplication::applicationDirPath() + QStringLiteral("/../share/conform/schemas");
    for (const QString& candidate : {installed, QStringLiteral(CONFORM_SOURCE_SCHEMAS)})
        if (QFileInfo(candidate).isDir())
            return QDir(candidate).absolutePath();
    return QDir::homePath();
}

} // namespace conform::gui
