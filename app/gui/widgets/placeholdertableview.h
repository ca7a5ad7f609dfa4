#pragma once
// A table that says what would fill it while it has no rows ("No captures yet — play a demo
// from the Start page"), drawn in the empty viewport in the placeholder colour, instead of a
// bare grid the user has to interpret.
#include <QTableView>

namespace conform::gui {

class PlaceholderTableView : public QTableView
{
    Q_OBJECT
public:
    using QTableView::QTableView;

    void setPlaceholderText(const QString& text);
    QString placeholderText() const { return m_placeholder; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString m_placeholder;
};

} // namespace conform::gui
