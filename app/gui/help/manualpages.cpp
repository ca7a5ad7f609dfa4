#include "manualpages.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace conform::gui {

namespace {

QString readText(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

// The words a line of Markdown shows: `code` and [links](target) as their text, emphasis gone.
QString shownWords(QString line)
{
    static const QRegularExpression link(QStringLiteral("\\[([^\\]]*)\\]\\([^)]*\\)"));
    line.replace(link, QStringLiteral("\\1"));
    line.remove(QLatin1Char('`'));
    line.remove(QStringLiteral("**"));
    return line;
}

QString headingWords(const QString& line)
{
    static const QRegularExpression marks(QStringLiteral("^#+\\s*"));
    return shownWords(line).remove(marks).remove(QLatin1Char('*')).trimmed();
}

// The pages index.md links to, in order: "[Title](page.md)" or "(page.md#anchor)"; links
// out of the folder (the architecture notes) are not pages.
QStringList linkedPages(const QString& index)
{
    static const QRegularExpression link(QStringLiteral("\\]\\(([A-Za-z0-9_./-]+\\.md)(#[^)]*)?\\)"));
    QStringList files;
    for (auto it = link.globalMatch(index); it.hasNext();) {
        const QString file = it.next().captured(1);
        if (!files.contains(file))
            files.append(file);
    }
    return files;
}

QString excerptAround(const QString& line, qsizetype at, qsizetype length)
{
    constexpr qsizetype kSide = 45;
    const qsizetype start = std::max<qsizetype>(0, at - kSide);
    const qsizetype end = std::min(line.size(), at + length + kSide);
    QString excerpt = line.mid(start, end - start).trimmed();
    if (start > 0)
        excerpt.prepend(QStringLiteral("…"));
    if (end < line.size())
        excerpt.append(QStringLiteral("…"));
    return excerpt;
}

} // namespace

ManualPages::ManualPages(const QString& folder) : m_folder(folder)
{
    const QDir dir(folder);
    if (folder.isEmpty() || !dir.exists(QStringLiteral("index.md")))
        return;
    QStringList files{QStringLiteral("index.md")};
    for (const QString& file : linkedPages(readText(dir.filePath(QStringLiteral("index.md")))))
        if (!files.contains(file) && !file.contains(QLatin1Char('/')) && dir.exists(file))
            files.append(file);
    for (const QString& file : dir.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name))
        if (!files.contains(file))
            files.append(file);
    for (const QString& file : files) {
        ManualPage page;
        page.file = file;
        page.text = readText(dir.filePath(file));
        for (const QString& line : page.text.split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1Char('#'))) {
                page.title = headingWords(line);
                break;
            }
        }
        if (page.title.isEmpty())
            page.title = QFileInfo(file).completeBaseName();
        m_pages.append(page);
    }
}

QString ManualPages::folder()
{
    const QString installed = QCoreApplication::applicationDirPath() + QStringLiteral("/../share/doc/conform/manual");
    for (const QString& candidate : {installed, QStringLiteral(CONFORM_SOURCE_MANUAL)})
        if (QFileInfo::exists(candidate + QStringLiteral("/index.md")))
            return QDir(candidate).canonicalPath();
    return {};
}

const ManualPage* ManualPages::page(const QString& file) const
{
    for (const ManualPage& page : m_pages)
        if (page.file == file)
            return &page;
    return nullptr;
}

QList<ManualHit> ManualPages::search(const QString& words) const
{
    QList<ManualHit> hits;
    const QString wanted = words.trimmed();
    if (wanted.isEmpty())
        return hits;
    for (const ManualPage& page : m_pages) {
        QString heading = page.title;
        QString anchor;
        bool inCode = false;
        const QStringList lines = page.text.split(QLatin1Char('\n'));
        for (int i = 0; i < lines.size(); ++i) {
            const QString& markdown = lines[i];
            if (markdown.startsWith(QStringLiteral("```")))
                inCode = !inCode;
            else if (!inCode && markdown.startsWith(QLatin1Char('#'))) {
                heading = headingWords(markdown);
                anchor = markdown.startsWith(QStringLiteral("# ")) ? QString() : anchorOf(heading);
            }
            // Found and quoted as the page shows it: a reader never typed the backticks.
            const QString line = inCode ? markdown : shownWords(markdown);
            const qsizetype at = line.indexOf(wanted, 0, Qt::CaseInsensitive);
            if (at < 0)
                continue;
            ManualHit hit;
            hit.file = page.file;
            hit.heading = heading;
            hit.anchor = anchor;
            hit.excerpt = excerptAround(line, at, wanted.size());
            hit.line = i + 1;
            hits.append(hit);
        }
    }
    return hits;
}

QString ManualPages::anchorOf(const QString& heading)
{
    QString anchor;
    for (const QChar c : heading.toLower()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            anchor.append(c);
        else if (c == QLatin1Char(' '))
            anchor.append(QLatin1Char('-'));
    }
    return anchor;
}

} // namespace conform::gui
