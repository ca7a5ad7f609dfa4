#include "widgets/statusline.h"

#include "widgets/tonelabel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace conform::gui {

namespace {

Tone toneOf(StatusLine::State state)
{
    switch (state) {
    case StatusLine::State::Valid:
        return Tone::Success;
    case StatusLine::State::Issues:
        return Tone::Warning;
    case StatusLine::State::Error:
        return Tone::Failure;
    case StatusLine::State::Idle:
    case StatusLine::State::Checking:
        break;
    }
    return Tone::Muted;
}

// A short check shows "checking…" alone; the seconds and Cancel appear once it is worth it.
constexpr int kShowProgressAfterMs = 700;

} // namespace

StatusLine::StatusLine(QWidget* parent)
    : QWidget(parent), m_label(new ToneLabel(this)), m_cancel(new QPushButton(tr("Cancel"), this)),
      m_export(new QPushButton(tr("Export…"), this))
{
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_label->setTextFormat(Qt::PlainText);
    m_cancel->setToolTip(tr("Stop this check; the verdict stays blank until the next edit"));
    m_export->setToolTip(tr("Save every issue, not only the listed ones, as JSON"));
    for (QPushButton* button : {m_cancel, m_export}) {
        button->setFlat(true);
        button->setCursor(Qt::PointingHandCursor);
        button->hide();
    }
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_export);
    layout->addWidget(m_cancel);
    m_ticker.setInterval(500);
    connect(&m_ticker, &QTimer::timeout, this, &StatusLine::tick);
    connect(m_cancel, &QPushButton::clicked, this, &StatusLine::cancelRequested);
    connect(m_export, &QPushButton::clicked, this, &StatusLine::exportRequested);
}

QString StatusLine::text() const
{
    return m_label->text();
}

void StatusLine::report(State state, const QString& text)
{
    m_ticker.stop();
    m_cancel->hide();
    m_export->setVisible(m_exportable && state == State::Issues);
    show(state, text);
}

void StatusLine::startChecking()
{
    if (m_state == State::Checking)
        return;
    m_clock.start();
    m_ticker.start();
    m_export->hide();
    show(State::Checking, tr("checking…"));
}

void StatusLine::tick()
{
    const qint64 elapsed = m_clock.elapsed();
    if (elapsed < kShowProgressAfterMs)
        return;
    m_cancel->show();
    show(State::Checking, tr("checking… %1 s").arg(elapsed / 1000));
}

void StatusLine::show(State state, const QString& text)
{
    m_state = state;
    m_label->setTone(toneOf(state), state == State::Idle || state == State::Checking ? ToneLabel::Look::Plain
                                                                                     : ToneLabel::Look::Bold);
    m_label->setText(text);
    m_label->setToolTip(text);
}

QString issueCountText(std::size_t count, std::size_t listed)
{
    const QString total = count == 1 ? StatusLine::tr("1 issue") : StatusLine::tr("%1 issues").arg(count);
    return listed >= count ? total : StatusLine::tr("%1 — the first %2 listed").arg(total).arg(listed);
}

} // namespace conform::gui
