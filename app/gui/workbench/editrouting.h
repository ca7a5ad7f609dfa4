#pragma once
// Where Edit ▸ Undo, Cut, Copy, Paste and Select All go: to the widget with the keyboard
// focus when it edits text (a QLineEdit — a filter box, a model name —, a QPlainTextEdit — a
// Run prompt —, a QTextEdit, a QsciScintilla editor), each with its own undo; anything else
// (a variables table, a spin box, a list of variants) has no text undo of its own, so Undo
// and Redo go to the window's QUndoGroup, whose active stack is the document being worked
// on. Never to an editor that is not in view.
//
//   TextEditing text(QApplication::focusWidget());
//   if (text) text.undo(); else undoGroup->undo();
#include <QPointer>

class QWidget;

namespace conform::gui {

class TextEditing
{
public:
    // The text editor that is `focus` or holds it (a QsciScintilla's viewport); none otherwise.
    explicit TextEditing(QWidget* focus);

    explicit operator bool() const { return !m_widget.isNull(); }
    QWidget* widget() const { return m_widget; }

    void undo();
    void redo();
    void cut();
    void copy();
    void paste();
    void selectAll();

private:
    QPointer<QWidget> m_widget;
};

} // namespace conform::gui
