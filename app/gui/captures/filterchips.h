#pragma once
// Every active capture filter in sight: one chip per field set on a CaptureFilterBar
// ("outcome: failed ✕", "labels: variant=v1 ✕"), whose ✕ clears that field, and while the bar
// shows a temporary filter (a Compare cell's, a Runs ×N row's) a first chip saying where it
// came from with a Back button to the user's own filter. With no field set it says that every
// capture is shown. The Captures list and the Dashboard each show one over the same bar, so a
// filter set in one place is never a hidden cause of what the other shows.
//
//   auto* chips = new FilterChips(browser->filterBar(), this);
//   layout->addWidget(chips);
#include <QWidget>

class QHBoxLayout;
class QLabel;

namespace conform::gui {

class CaptureFilterBar;

class FilterChips : public QWidget
{
    Q_OBJECT
public:
    explicit FilterChips(CaptureFilterBar* filters, QWidget* parent = nullptr);

    // What the chips say, in order ("outcome: failed", ...; the temporary chip first), for
    // tests and for the tooltip of a view that hides them.
    QStringList texts() const;
    // Says the filter does not apply here (the Dashboard not following the Captures filters).
    void setIgnored(bool ignored, const QString& why = {});

private:
    void rebuild();
    QWidget* chip(const QString& text, const QString& toolTip, const QString& buttonText, const QString& buttonTip);

    CaptureFilterBar* m_filters;
    QHBoxLayout* m_row;
    QLabel* m_empty;
    bool m_ignored = false;
    QString m_ignoredWhy;
    QStringList m_texts;
};

} // namespace conform::gui
