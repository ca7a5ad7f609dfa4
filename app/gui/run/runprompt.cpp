#include "run/runprompt.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

namespace conform::gui {

PromptText parsePromptMarkdown(const QString& markdown)
{
    PromptText prompt;
    QString* section = nullptr;
    QStringList lines;
    const auto flush = [&] {
        if (section)
            *section = lines.join(QLatin1Char('\n')).trimmed();
        lines.clear();
    };
    for (const QString& line : markdown.split(QLatin1Char('\n'))) {
        const QString trimmed = line.trimmed();
        if (trimmed.startsWith(QLatin1String("## "))) {
            flush();
            const QString title = trimmed.mid(3).trimmed().toLower();
            section = title == QLatin1String("system") ? &prompt.system
                      : title == QLatin1String("user") ? &prompt.user
                                                       : nullptr;
            continue;
        }
        lines << line;
    }
    flush();
    return prompt;
}

bool readWorkspacePrompt(const QString& schemaPath, PromptText* prompt)
{
    return !schemaPath.isEmpty() && readPromptFile(QFileInfo(schemaPath).dir().filePath(QStringLiteral("prompt.md")), prompt);
}

bool readPromptFile(const QString& path, PromptText* prompt)
{
    QFile file(path);
    // A prompt is a page of text; anything huge is not one and is not read.
    if (!file.open(QIODevice::ReadOnly) || file.size() > 1024 * 1024)
        return false;
    *prompt = parsePromptMarkdown(QString::fromUtf8(file.readAll()));
    return true;
}

} // namespace conform::gui
