#include "widgets/textmarks.h"

#include "widgets/themecolours.h"

#include <QPlainTextEdit>
#include <QTextCursor>
#include <QTextDocument>

#include <algorithm>

namespace conform::gui {

namespace {

// The UTF-16 position of a byte offset of `utf8`.
int characterAt(const std::string& utf8, std::size_t offset)
{
    return int(QString::fromUtf8(utf8.data(), qsizetype(std::min(offset, utf8.size()))).size());
}

} // namespace

QList<QTextEdit::ExtraSelection> textMarks(QPlainTextEdit* edit, const std::string& utf8, const std::vector<Span>& spans,
                                           const QTextCharFormat& format)
{
    QList<QTextEdit::ExtraSelection> marks;
    const int length = edit->document()->characterCount() - 1; // without the document's closing paragraph
    for (const Span& span : spans) {
        const int from = std::min(characterAt(utf8, span.offset), std::max(length - 1, 0));
        const int to = std::clamp(characterAt(utf8, span.end()), from + 1, std::max(length, from + 1));
        QTextCursor cursor(edit->document());
        cursor.setPosition(from);
        cursor.setPosition(std::min(to, length), QTextCursor::KeepAnchor);
        marks.append({cursor, format});
    }
    return marks;
}

QTextCharFormat failureMark(const QPalette& palette)
{
    const StatusColours colours = statusColours(palette);
    QTextCharFormat format;
    format.setBackground(colours.failure.lighter(isDarkPalette(palette) ? 60 : 180));
    format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    format.setUnderlineColor(colours.failure);
    return format;
}

QTextCharFormat changeMark(const QPalette& palette)
{
    QTextCharFormat format;
    format.setBackground(statusColours(palette).info.lighter(isDarkPalette(palette) ? 60 : 170));
    return format;
}

} // namespace conform::gui
