#pragma once
// The window's shortcuts work from any focus, the code editors included. QScintilla claims
// every key sequence bound in its own key map (Ctrl+/, Ctrl+L, Ctrl+D, …) and any other key it
// is asked about, before the window's actions see them; this filter answers for the editors
// inside `window`: a sequence one of the window's enabled actions has is the window's, and
// the action fires. The editors' own bindings stay for every other sequence; the Edit menu's
// actions, which then fire, act on the editor with the focus (editrouting.h).
//
//   qApp->installEventFilter(new WindowShortcuts(mainWindow));
#include <QObject>

class QWidget;

namespace conform::gui {

class WindowShortcuts : public QObject
{
    Q_OBJECT

public:
    // Filters for `window` (its parent): only editors inside it are answered for.
    explicit WindowShortcuts(QWidget* window);

    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_window;
};

} // namespace conform::gui
