#include "demos.h"

#include "json/parse.h"
#include "schema/schema.h"
#include "providers/scenario.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace conform::gui {

namespace {

void addDemo(QList<Demo>* demos, const QString& path, bool builtin)
{
    auto scenario = providers::loadScenario(path);
    if (!scenario)
        return;
    demos->append(Demo{QFileInfo(path).completeBaseName(), QString::fromStdString(scenario->description), path, builtin});
}

} // namespace

QList<Demo> availableDemos(const QString& workspace)
{
    QList<Demo> demos;
    for (const QString& path : providers::builtinScenarioPaths())
        addDemo(&demos, path, true);
    const QDir own(QDir(workspace).filePath(QStringLiteral("scenarios")));
    for (const QString& name : own.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        addDemo(&demos, own.filePath(name), false);
    return demos;
}

QString workspaceSchemaWithId(const QString& workspace, const std::string& id)
{
    if (id.empty() || workspace.isEmpty())
        return {};
    const QDir root(workspace);
    for (const QString& folder : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        QFile file(root.filePath(folder + QStringLiteral("/schema.json")));
        if (!file.open(QIODevice::ReadOnly) || file.size() > 4 * 1024 * 1024)
            continue;
        const QByteArray bytes = file.readAll();
        auto parsed = json::parseStrict(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        if (parsed && schema::idOf(parsed.value()) == id)
            return file.fileName();
    }
    return {};
}

} // namespace conform::gui
