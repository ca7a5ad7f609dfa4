#include "presenter/presenterview.h"

#include "base/path.h"
#include "captures/storedrun.h"
#include "presenter/beatwords.h"
#include "widgets/textmarks.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

// The pace choices: seconds a step stays on screen while playing.
constexpr int kPaces[] = {6, 4, 2};

QPushButton* controlButton(const QString& text, const QString& toolTip, QWidget* parent)
{
    auto* button = new QPushButton(text, parent);
    button->setToolTip(toolTip);
    button->setFocusPolicy(Qt::NoFocus); // the keys are the view's
    return button;
}

// The spans a beat names in its attempt's reply: its own, or, for an issue recorded without
// one (an imported capture), the issue found by its path.
std::vector<Span> spansOf(const engine::Beat& beat, const engine::AttemptRecord& attempt)
{
    if (beat.span)
        return {*beat.span};
    if (beat.kind != engine::BeatKind::Issue)
        return {};
    for (const Json& issue : attempt.issues) {
        if (pointerOfJsonPath(issue.value("path", Json::array())) == beat.detail)
            return issueSpans(attempt, issue);
    }
    return {};
}

} // namespace

PresenterView::PresenterView(QWidget* parent)
    : QWidget(parent), m_title(new QLabel(this)), m_story(new QLabel(this)), m_counter(new QLabel(this)), m_caption(new QLabel(this)),
      m_reply(new QPlainTextEdit(this)), m_issues(new QListWidget(this)), m_valueTitle(new QLabel(tr("Final value"), this)),
      m_value(new QPlainTextEdit(this)), m_closing(new QLabel(this)), m_play(controlButton(tr("Play"), tr("Play through at the pace chosen (P)"), this)),
      m_pace(new QComboBox(this)), m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("presenter"));
    setFocusPolicy(Qt::StrongFocus);
    setAutoFillBackground(true);
    m_caption->setObjectName(QStringLiteral("presenterCaption"));
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::PlainText);
    m_caption->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_caption->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
    for (QPlainTextEdit* text : {m_reply, m_value}) {
        text->setReadOnly(true);
        text->setFocusPolicy(Qt::NoFocus);
        text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    }
    m_reply->setObjectName(QStringLiteral("presenterReply"));
    m_issues->setFocusPolicy(Qt::NoFocus);
    m_issues->setWordWrap(true);
    m_closing->setObjectName(QStringLiteral("presenterClosing"));
    m_closing->setWordWrap(true);
    m_closing->setTextFormat(Qt::PlainText);
    for (int seconds : kPaces)
        m_pace->addItem(tr("%n s a step", nullptr, seconds), seconds);
    m_pace->setCurrentIndex(1);
    m_pace->setFocusPolicy(Qt::NoFocus);
    m_pace->setToolTip(tr("How long a step stays on screen while playing"));
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_step + 1 < stepCount()) {
            showStep(m_step + 1);
            m_timer->start(m_pace->currentData().toInt() * 1000);
        } else {
            setPlaying(false);
        }
    });

    auto* back = controlButton(tr("◀ Back"), tr("The step before (Left, Page Up)"), this);
    auto* forward = controlButton(tr("Next ▶"), tr("The next step (Space, Right, Page Down)"), this);
    auto* again = controlButton(tr("From the start"), tr("Back to the first step (Home)"), this);
    auto* leave = controlButton(tr("Leave"), tr("Back to the workbench (Esc)"), this);
    connect(back, &QPushButton::clicked, this, &PresenterView::previous);
    connect(forward, &QPushButton::clicked, this, &PresenterView::next);
    connect(again, &QPushButton::clicked, this, &PresenterView::restart);
    connect(m_play, &QPushButton::clicked, this, [this] { setPlaying(!isPlaying()); });
    connect(leave, &QPushButton::clicked, this, &PresenterView::leaveRequested);

    auto* top = new QHBoxLayout;
    top->addWidget(m_title);
    top->addWidget(m_story, 1);
    top->addWidget(m_counter);
    m_story->setObjectName(QStringLiteral("presenterStory"));
    m_story->setTextFormat(Qt::PlainText);
    m_story->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // cut at the edge; whole in its tooltip
    m_story->setForegroundRole(QPalette::PlaceholderText);
    auto* right = new QVBoxLayout;
    right->addWidget(new QLabel(tr("Issues"), this));
    right->addWidget(m_issues, 2);
    right->addWidget(m_valueTitle);
    right->addWidget(m_value, 3);
    right->addWidget(m_closing);
    auto* middle = new QHBoxLayout;
    middle->addWidget(m_reply, 3);
    middle->addLayout(right, 2);
    auto* controls = new QHBoxLayout;
    for (QWidget* w : std::initializer_list<QWidget*>{back, m_play, forward, again, m_pace})
        controls->addWidget(w);
    controls->addStretch(1);
    controls->addWidget(leave);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 16, 24, 16);
    layout->addLayout(top);
    layout->addWidget(m_caption);
    layout->addLayout(middle, 1);
    layout->addLayout(controls);

    // Sizes a room reads at 1280×720 and up.
    QFont caption = font();
    caption.setPixelSize(30);
    caption.setBold(true);
    m_caption->setFont(caption);
    QFont big = m_reply->font();
    big.setPixelSize(20);
    m_reply->setFont(big);
    m_value->setFont(big);
    QFont list = font();
    list.setPixelSize(20);
    m_issues->setFont(list);
    m_closing->setFont(list);
    QFont small = font();
    small.setPixelSize(18);
    for (QWidget* w : std::initializer_list<QWidget*>{m_title, m_story, m_counter, back, m_play, forward, again, m_pace, leave, m_valueTitle})
        w->setFont(small);
}

void PresenterView::present(engine::RunRecord record, const QString& title, const QString& story)
{
    setPlaying(false);
    m_step = 0;
    m_record = std::move(record);
    m_beats = engine::narrate(m_record);
    m_live = false;
    m_title->setText(title);
    // Its first sentence: the line a room reads before the first step.
    const qsizetype end = story.indexOf(QLatin1String(". "));
    m_story->setText(story.isEmpty() ? QString() : QStringLiteral("— ") + (end > 0 ? story.left(end + 1) : story));
    m_story->setToolTip(story);
    showStep(0);
}

void PresenterView::follow(engine::RunRecord record, bool finished)
{
    const bool atNewest = m_beats.empty() || m_step + 1 >= stepCount();
    const int known = stepCount();
    m_record = std::move(record);
    m_beats = engine::narrate(m_record);
    m_live = !finished;
    if (m_live)
        m_beats.pop_back(); // the run has not ended: no closing step yet
    if (m_beats.empty()) {
        m_caption->setText(tr("Conform is asking the model…"));
        m_counter->setText(tr("running…"));
        return;
    }
    showStep(atNewest ? std::min(known, stepCount() - 1) : m_step);
}

void PresenterView::showStep(int step)
{
    if (m_beats.empty())
        return;
    m_step = std::clamp(step, 0, stepCount() - 1);
    const engine::Beat& beat = m_beats[std::size_t(m_step)];
    m_counter->setText(m_live ? tr("step %1 of %2 · running…").arg(m_step + 1).arg(stepCount())
                              : tr("step %1 of %2").arg(m_step + 1).arg(stepCount()));
    m_caption->setText(BeatWords::caption(beat, m_record));
    const engine::AttemptRecord* attempt = beat.attempt < m_record.attempts.size() ? &m_record.attempts[beat.attempt] : nullptr;
    m_reply->setPlainText(attempt ? QString::fromStdString(attempt->raw) : QString());
    QList<QTextEdit::ExtraSelection> marks;
    if (attempt) {
        const bool failing = beat.kind == engine::BeatKind::Issue || beat.kind == engine::BeatKind::Cut;
        marks = textMarks(m_reply, attempt->raw, spansOf(beat, *attempt), failing ? failureMark(palette()) : changeMark(palette()));
    }
    m_reply->setExtraSelections(marks);
    if (!marks.isEmpty()) {
        QTextCursor at = marks.front().cursor;
        at.clearSelection();
        m_reply->setTextCursor(at);
        m_reply->ensureCursorVisible();
    }
    // The attempt's issues once a step has named them; the value once it is judged.
    int firstIssue = -1;
    for (int i = 0; i <= m_step; ++i)
        if (m_beats[std::size_t(i)].attempt == beat.attempt && m_beats[std::size_t(i)].kind == engine::BeatKind::Issue) {
            firstIssue = i;
            break;
        }
    m_issues->clear();
    if (attempt && firstIssue >= 0)
        for (const Json& issue : attempt->issues)
            m_issues->addItem(issueSummary(issue));
    const bool judged = beat.kind == engine::BeatKind::Valid || beat.kind == engine::BeatKind::Unchecked || beat.kind == engine::BeatKind::Ended;
    const Json& value = beat.kind == engine::BeatKind::Ended ? m_record.value : (attempt ? attempt->value : m_record.value);
    m_value->setPlainText(judged && !value.is_null() ? QString::fromStdString(dump(value, 2)) : QString());
    m_valueTitle->setText(beat.kind == engine::BeatKind::Ended && m_record.outcome == engine::Outcome::Failed ? tr("Best value (not valid)") : tr("Final value"));
    m_closing->setText(beat.kind == engine::BeatKind::Ended ? BeatWords::closing(engine::closingCard(m_record)).join(QLatin1Char('\n')) : QString());
    emit stepShown(m_step);
}

void PresenterView::next()
{
    showStep(m_step + 1);
}

void PresenterView::previous()
{
    showStep(m_step - 1);
}

void PresenterView::restart()
{
    showStep(0);
}

void PresenterView::setPlaying(bool playing)
{
    if (playing)
        m_timer->start(m_pace->currentData().toInt() * 1000);
    else
        m_timer->stop();
    m_play->setText(playing ? tr("Pause") : tr("Play"));
}

bool PresenterView::isPlaying() const
{
    return m_timer->isActive();
}

void PresenterView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Space:
    case Qt::Key_Right:
    case Qt::Key_Down:
    case Qt::Key_PageDown:
        setPlaying(false);
        return next();
    case Qt::Key_Left:
    case Qt::Key_Up:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
        setPlaying(false);
        return previous();
    case Qt::Key_Home:
        setPlaying(false);
        return restart();
    case Qt::Key_P:
    case Qt::Key_Return:
    case Qt::Key_Enter:
        return setPlaying(!isPlaying());
    case Qt::Key_Escape:
        setPlaying(false);
        return emit leaveRequested();
    default:
        QWidget::keyPressEvent(event);
    }
}

QString PresenterView::captionText() const
{
    return m_caption->text();
}

QString PresenterView::replyText() const
{
    return m_reply->toPlainText();
}

QStringList PresenterView::highlightedTexts() const
{
    QStringList texts;
    for (const QTextEdit::ExtraSelection& mark : m_reply->extraSelections())
        texts << mark.cursor.selectedText();
    return texts;
}

QStringList PresenterView::issueTexts() const
{
    QStringList texts;
    for (int i = 0; i < m_issues->count(); ++i)
        texts << m_issues->item(i)->text();
    return texts;
}

QString PresenterView::closingText() const
{
    return m_closing->text();
}

} // namespace conform::gui
