#include "fileroute.h"

#include <QDir>
#include <QFileInfo>

namespace conform::gui {

FileRoute routeForFile(const QString& path)
{
    const QString name = QFileInfo(path).fileName().toLower();
    if (name == QLatin1String("schema.json") || name.endsWith(QLatin1String(".schema.json")))
        return FileRoute::Schema;
    if (name.endsWith(QLatin1String(".json")) || name.endsWith(QLatin1String(".jsonl")))
        return FileRoute::Instance;
    return FileRoute::Reply;
}

QString defaultWorkspace()
{
    const QDir schemas(QDir::current().filePath(QStringLiteral("schemas")));
    return schemas.exists() ? schemas.absolutePath() : QDir::currentPath();
}

} // namespace conform::gui
