#include "workbench/windowshortcuts.h"

#include <Qsci/qsciscintillabase.h>

#include <QAction>
#include <QKeyEvent>
#include <QWidget>

namespace conform::gui {

WindowShortcuts::WindowShortcuts(QWidget* window) : QObject(window), m_window(window) {}

bool WindowShortcuts::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::ShortcutOverride)
        return false;
    auto* editor = qobject_cast<QsciScintillaBase*>(watched);
    if (!editor || editor->window() != m_window)
        return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    // Typing stays the editor's: only chords can be the window's.
    if (!(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)))
        return false;
    const QKeySequence pressed(key->keyCombination());
    for (QAction* action : m_window->findChildren<QAction*>()) {
        if (!action->isEnabled() || !action->shortcuts().contains(pressed))
            continue;
        // Not claimed by the editor: the shortcut map goes on to the window's action.
        event->ignore();
        return true;
    }
    return false;
}

} // namespace conform::gui
