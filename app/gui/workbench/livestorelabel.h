#pragma once
// The status bar's word on the store in use (objectName "liveStore"): its name (a file, or a
// URL without its password), a tooltip saying why it is that one ($CONFORM_STORE, Settings ▸
// Store or the default), and, while the store cannot be used, the reason in one line with a
// button that opens Settings ▸ Store. Never a dialog: a window that starts without its store
// still starts. A long name is elided in the middle (the window keeps its 1024 px minimum);
// the tooltip holds it whole.
//
//   auto* live = new LiveStoreLabel(workspace->captureStore(), window);
//   window->statusBar()->addPermanentWidget(live);
//   connect(live, &LiveStoreLabel::settingsRequested, window, openStoreSettings);
#include <QWidget>

class QLabel;
class QToolButton;

namespace conform::gui {

class CaptureStore;

class LiveStoreLabel : public QWidget
{
    Q_OBJECT
public:
    explicit LiveStoreLabel(CaptureStore* store, QWidget* parent = nullptr);

    QLabel* label() const { return m_label; }
    // Shown while the store cannot be used.
    QToolButton* settingsButton() const { return m_settings; }

signals:
    void settingsRequested();

private:
    void showStore();
    void showFailure(const QString& message);
    void setText(const QString& text, const QString& why);

    CaptureStore* m_store;
    QLabel* m_label;
    QToolButton* m_settings;
};

} // namespace conform::gui
