#pragma once
// The manual's page view: a QTextBrowser that scrolls to a heading by its GitHub anchor
// (Markdown headings carry no anchor names of their own, so "page.md#some-heading" would
// otherwise open at the top), fits wide screenshots to the page and wraps long code lines.
#include <QTextBrowser>

namespace conform::gui {

class ManualBrowser : public QTextBrowser
{
    Q_OBJECT
public:
    explicit ManualBrowser(QWidget* parent = nullptr);

    // Scrolls so the heading whose anchor is `anchor` is at the top; false when none is.
    bool scrollToHeading(const QString& anchor);
    QString anchorShown() const { return m_anchor; }

protected:
    void doSetSource(const QUrl& name, QTextDocument::ResourceType type) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void wrapCode();
    void fitImages();

    QString m_anchor;
    QString m_pending; // a heading asked for before the page had its size
};

} // namespace conform::gui
