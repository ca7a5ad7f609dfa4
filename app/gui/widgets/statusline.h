#pragma once
// One line saying how a check came out, coloured by its state: green "valid", amber
// "3 issues", red for a schema or parse error, grey while there is nothing to check — and,
// while a check runs, "checking…" with its elapsed seconds and a Cancel button, so a verdict
// on screen always belongs to the text on screen.
//
// "Export…" appears beside a verdict that has issues, for the panes that offer it.
#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QLabel;
class QPushButton;

namespace conform::gui {

class ToneLabel;

class StatusLine : public QWidget
{
    Q_OBJECT

public:
    enum class State { Idle, Checking, Valid, Issues, Error };

    explicit StatusLine(QWidget* parent = nullptr);
    void report(State state, const QString& text);
    // The shown verdict is stale: say "checking…" until the next report().
    void startChecking();
    State state() const { return m_state; }
    QString text() const;
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* exportButton() const { return m_export; }
    // Whether "Export…" shows beside an Issues verdict.
    void setExportable(bool exportable) { m_exportable = exportable; }

signals:
    void cancelRequested();
    void exportRequested();

private:
    void tick();
    void show(State state, const QString& text);

    State m_state = State::Idle;
    ToneLabel* m_label;
    QPushButton* m_cancel;
    QPushButton* m_export;
    QTimer m_ticker;
    QElapsedTimer m_clock;
    bool m_exportable = false;
};

// "1 issue", "3 issues"; "220688 issues — the first 1000 listed" when fewer are listed.
QString issueCountText(std::size_t count, std::size_t listed = std::size_t(-1));

} // namespace conform::gui
