#pragma once
// One line saying how a check came out, coloured by its state: green "valid", amber
// "3 issues", red for a schema or parse error, grey while there is nothing to check.
#include <QLabel>

namespace conform::gui {

class StatusLine : public QLabel
{
    Q_OBJECT

public:
    enum class State { Idle, Valid, Issues, Error };

    explicit StatusLine(QWidget* parent = nullptr);
    void report(State state, const QString& text);
    State state() const { return m_state; }

private:
    State m_state = State::Idle;
};

// "1 issue", "3 issues".
QString issueCountText(std::size_t count);

} // namespace conform::gui
