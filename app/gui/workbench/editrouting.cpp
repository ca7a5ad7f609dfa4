#include "workbench/editrouting.h"

#include <Qsci/qsciscintilla.h>

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace conform::gui {

namespace {

// Calls the method every text editor spells alike on whichever kind `w` is.
template <typename Call>
void onText(QWidget* w, Call call)
{
    if (auto* line = qobject_cast<QLineEdit*>(w))
        call(line);
    else if (auto* plain = qobject_cast<QPlainTextEdit*>(w))
        call(plain);
    else if (auto* rich = qobject_cast<QTextEdit*>(w))
        call(rich);
    else if (auto* code = qobject_cast<QsciScintilla*>(w))
        call(code);
}

} // namespace

TextEditing::TextEditing(QWidget* focus)
{
    for (QWidget* w = focus; w; w = w->parentWidget()) {
        if (qobject_cast<QLineEdit*>(w) || qobject_cast<QPlainTextEdit*>(w) || qobject_cast<QTextEdit*>(w)
            || qobject_cast<QsciScintilla*>(w)) {
            m_widget = w;
            return;
        }
        if (w->isWindow())
            return;
    }
}

void TextEditing::undo()
{
    onText(m_widget, [](auto* w) { w->undo(); });
}

void TextEditing::redo()
{
    onText(m_widget, [](auto* w) { w->redo(); });
}

void TextEditing::cut()
{
    onText(m_widget, [](auto* w) { w->cut(); });
}

void TextEditing::copy()
{
    onText(m_widget, [](auto* w) { w->copy(); });
}

void TextEditing::paste()
{
    onText(m_widget, [](auto* w) { w->paste(); });
}

void TextEditing::selectAll()
{
    onText(m_widget, [](auto* w) { w->selectAll(); });
}

} // namespace conform::gui
