#pragma once
// Byte spans of a UTF-8 text (what libcore reports: a fix's place, an issue's, where a value
// was read) marked in a QPlainTextEdit that shows that text, which counts in UTF-16 units.
// Triage's representative reply and the presenter's reply mark with it.
#include "base/span.h"

#include <QList>
#include <QTextEdit>

#include <string>
#include <vector>

class QPlainTextEdit;

namespace conform::gui {

// One selection per span, clamped to the text; an empty span marks one character.
QList<QTextEdit::ExtraSelection> textMarks(QPlainTextEdit* edit, const std::string& utf8, const std::vector<Span>& spans,
                                           const QTextCharFormat& format);

// A failure's mark (an issue): the failure colour's paper, wavy-underlined.
QTextCharFormat failureMark(const QPalette& palette);
// A change's mark (a fix, where the value was read): the info colour's paper.
QTextCharFormat changeMark(const QPalette& palette);

} // namespace conform::gui
