#include "statusline.h"

namespace conform::gui {

namespace {

QString colourOf(StatusLine::State state)
{
    switch (state) {
    case StatusLine::State::Valid:
        return QStringLiteral("#1a7f37");
    case StatusLine::State::Issues:
        return QStringLiteral("#9a6700");
    case StatusLine::State::Error:
        return QStringLiteral("#cf222e");
    case StatusLine::State::Idle:
        break;
    }
    return QStringLiteral("#57606a");
}

} // namespace

StatusLine::StatusLine(QWidget* parent) : QLabel(parent)
{
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setContentsMargins(6, 3, 6, 3);
    setTextFormat(Qt::PlainText);
}

void StatusLine::report(State state, const QString& text)
{
    m_state = state;
    setStyleSheet(QStringLiteral("color: %1; font-weight: %2;")
                      .arg(colourOf(state), state == State::Idle ? QStringLiteral("normal") : QStringLiteral("600")));
    setText(text);
    setToolTip(text);
}

QString issueCountText(std::size_t count)
{
    return count == 1 ? StatusLine::tr("1 issue") : StatusLine::tr("%1 issues").arg(count);
}

} // namespace conform::gui
