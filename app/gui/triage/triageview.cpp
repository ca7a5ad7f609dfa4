#include "triage/triageview.h"

#include "async/backgroundtask.h"
#include "captures/capturefilterbar.h"
#include "settings/appsettings.h"
#include "settings/settingkeys.h"
#include "triage/clusterlistmodel.h"
#include "triage/clusterwords.h"
#include "captures/storedrun.h"
#include "triage/qajobs.h"
#include "triage/sparklinedelegate.h"
#include "widgets/textmarks.h"
#include "widgets/themecolours.h"

#include "base/json_access.h"
#include "store/store.h"

#include <QAction>
#include <QApplication>
#include <QButtonGroup>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>

#include <array>

namespace conform::gui {

namespace {

// More clusters than a person reviews in a sitting; the status says when the list is cut.
constexpr std::int64_t kClustersShown = 1000;
constexpr std::int64_t kDayMs = 24LL * 60 * 60 * 1000;

constexpr std::array kSettableStates{store::ReviewState::New, store::ReviewState::Confirmed, store::ReviewState::Expected,
                                     store::ReviewState::Fixed, store::ReviewState::Ignored};

struct ClustersAnswer
{
    std::vector<store::Cluster> clusters;
    std::string error;
    double seconds = 0;
};

ClustersAnswer queryClusters(const store::StoreLocation& location, const store::ClusterQuery& query)
{
    QElapsedTimer clock;
    clock.start();
    auto store = store::Store::open(location, store::OpenOptions{false});
    if (!store)
        return {{}, store.error().toString()};
    auto clusters = store.value()->clusters(query);
    if (!clusters)
        return {{}, clusters.error().toString()};
    return {std::move(clusters.value()), {}, clock.elapsed() / 1000.0};
}

struct DetailAnswer
{
    std::string captureId;
    std::string raw;         // the reply of the attempt the signature judges
    int attempt = 0;         // its number, from 1 (0: the capture has no attempt)
    std::vector<Span> spans; // its issues in it
    std::vector<store::ReviewEvent> history;
    std::string error;
};

DetailAnswer readDetailOf(const store::StoreLocation& location, const store::Cluster& cluster)
{
    DetailAnswer answer;
    auto store = store::Store::open(location, store::OpenOptions{false});
    if (!store)
        return answer.error = store.error().toString(), answer;
    auto history = store.value()->reviewHistory({store::SubjectKind::Cluster, cluster.id});
    if (!history)
        return answer.error = history.error().toString(), answer;
    answer.history = std::move(history.value());
    if (cluster.examples.empty())
        return answer;
    answer.captureId = cluster.examples.front();
    auto capture = store.value()->capture(answer.captureId);
    if (!capture)
        return answer.error = capture.error().toString(), answer;
    if (!capture.value())
        return answer;
    const Json& attempts = member(capture.value()->run, "attempts");
    if (const auto judged = store::judgedAttempt(cluster.outcome, attempts)) {
        answer.attempt = int(*judged) + 1;
        answer.raw = stringOf(member(attempts[*judged], "raw"));
        answer.spans = issueSpans(attemptFromJson(attempts[*judged]));
    }
    return answer;
}

QString whenText(std::int64_t ms)
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms).toLocalTime(), QLocale::ShortFormat);
}

// A note field that gives Escape back: the note as it was, and the list the focus.
class NoteEdit : public QLineEdit
{
public:
    using QLineEdit::QLineEdit;
    std::function<void()> escaped;

protected:
    void keyPressEvent(QKeyEvent* event) override
    {
        if (event->key() == Qt::Key_Escape && escaped)
            return escaped();
        QLineEdit::keyPressEvent(event);
    }
};

} // namespace

TriageView::TriageView(const store::StoreLocation& location, QWidget* parent)
    : QWidget(parent), m_location(location), m_filters(new CaptureFilterBar(settingkeys::kTriageFilterGroup, this)),
      m_range(new QComboBox(this)), m_order(new QComboBox(this)), m_show(new QComboBox(this)), m_status(new QLabel(this)),
      m_model(new ClusterListModel(this)), m_table(new QTableView(this)), m_empty(new QLabel(this)),
      m_splitter(new QSplitter(Qt::Vertical, this))
{
    m_range->addItem(tr("all time"), int(Range::All));
    m_range->addItem(tr("the last 24 hours"), int(Range::Day));
    m_range->addItem(tr("the last 7 days"), int(Range::Week));
    m_range->addItem(tr("the last 30 days"), int(Range::Month));
    m_range->setToolTip(tr("The captures whose clusters are listed, by when they ran (with the filters below)"));
    m_order->addItem(tr("biggest first"));
    m_order->addItem(tr("newest first"));
    m_show->addItem(tr("every state"));
    m_show->addItem(tr("needing review"));
    m_show->setToolTip(tr("Needing review: new clusters, and fixed ones a newer capture reopened (regressed)"));
    m_range->setCurrentIndex(std::clamp(settingkeys::triageRange.read(), 0, 3));
    m_order->setCurrentIndex(settingkeys::triageNewestFirst.read() ? 1 : 0);
    m_show->setCurrentIndex(settingkeys::triageOnlyUnreviewed.read() ? 1 : 0);
    for (QComboBox* choice : {m_range, m_order, m_show})
        connect(choice, &QComboBox::currentIndexChanged, this, [this] {
            settingkeys::triageRange.write(m_range->currentIndex());
            settingkeys::triageNewestFirst.write(m_order->currentIndex() == 1);
            settingkeys::triageOnlyUnreviewed.write(m_show->currentIndex() == 1);
            refresh();
        });
    connect(m_filters, &CaptureFilterBar::filterChanged, this, [this] {
        if (isVisible())
            refresh();
    });
    auto* refreshButton = new QPushButton(tr("Refresh"), this);
    refreshButton->setToolTip(tr("Read the clusters again (Ctrl+Shift+F5)"));
    connect(refreshButton, &QPushButton::clicked, this, &TriageView::refresh);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Failures of"), this));
    controls->addWidget(m_range);
    controls->addWidget(m_order);
    controls->addWidget(m_show);
    controls->addWidget(refreshButton);
    controls->addWidget(m_status, 1);

    m_table->setModel(m_model);
    m_table->setObjectName(QStringLiteral("clusterTable"));
    m_table->setItemDelegateForColumn(ClusterListModel::Trend, new SparklineDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionResizeMode(ClusterListModel::Cause, QHeaderView::Stretch);
    header->resizeSection(ClusterListModel::State, 90);
    header->resizeSection(ClusterListModel::Captures, 80);
    header->resizeSection(ClusterListModel::Trend, ClusterListModel::kTrendDays * 7);
    header->resizeSection(ClusterListModel::LastSeen, 130);
    header->resizeSection(ClusterListModel::Outcome, 80);
    header->resizeSection(ClusterListModel::Note, 140);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &TriageView::showCluster);

    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_empty->setText(tr("Reading the store…"));

    auto* list = new QWidget(this);
    auto* listLayout = new QVBoxLayout(list);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addWidget(m_table, 1);
    listLayout->addWidget(m_empty, 1);
    m_table->hide();
    m_splitter->addWidget(list);
    m_splitter->addWidget(buildDetail());
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({300, 340}); // the list first: a reviewer moves through it

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_filters);
    layout->addWidget(m_splitter, 1);
    buildActions();
    showCluster();
}

QWidget* TriageView::buildDetail()
{
    m_detail = new QWidget(this);
    m_cause = new QLabel(m_detail);
    m_cause->setObjectName(QStringLiteral("clusterCause"));
    m_cause->setTextFormat(Qt::PlainText);
    m_cause->setWordWrap(true);
    QFont bold = m_cause->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_cause->setFont(bold);
    m_cause->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_spread = new QLabel(m_detail);
    m_spread->setTextFormat(Qt::PlainText);
    m_spread->setWordWrap(true);
    m_reviewLine = new QLabel(m_detail);
    m_reviewLine->setTextFormat(Qt::PlainText);
    m_reviewLine->setWordWrap(true);

    m_states = new QButtonGroup(this);
    m_states->setExclusive(true);
    auto* states = new QHBoxLayout;
    states->setSpacing(2);
    for (std::size_t i = 0; i < kSettableStates.size(); ++i) {
        const store::ReviewState state = kSettableStates[i];
        auto* button = new QToolButton(m_detail);
        button->setText(ClusterWords::state(state));
        button->setCheckable(true);
        button->setToolTip(tr("%1 (Alt+%2)").arg(ClusterWords::stateMeaning(state)).arg(i + 1));
        m_states->addButton(button, int(state));
        states->addWidget(button);
    }
    connect(m_states, &QButtonGroup::idClicked, this, [this](int state) { setState(store::ReviewState(state)); });
    auto* note = new NoteEdit(m_detail);
    note->escaped = [this] {
        if (const store::Cluster* c = currentCluster())
            m_note->setText(c->review ? QString::fromStdString(c->review->note) : QString());
        m_table->setFocus();
    };
    m_note = note;
    m_note->setObjectName(QStringLiteral("clusterNote"));
    m_note->setPlaceholderText(tr("A note (F2): the cause, a ticket, the fix…"));
    m_note->setClearButtonEnabled(true);
    connect(m_note, &QLineEdit::returnPressed, this, [this] {
        setNote(m_note->text());
        m_table->setFocus();
    });
    states->addWidget(m_note, 1);
    auto* showCaptures = new QPushButton(tr("Show its captures"), m_detail);
    showCaptures->setToolTip(tr("List every capture of this cluster in Captures"));
    connect(showCaptures, &QPushButton::clicked, this, [this] {
        if (const store::Cluster* c = currentCluster())
            emit showCapturesRequested(QString::fromStdString(c->id), tr("Triage: %1").arg(ClusterWords::cause(*c)));
    });
    m_makeSuite = new QPushButton(tr("Make regression suite…"), m_detail);
    m_makeSuite->setToolTip(tr("Write the cluster's newest captures as a suite that replays offline and fails while the cause is there; it opens in Suites"));
    connect(m_makeSuite, &QPushButton::clicked, this, &TriageView::chooseSuiteFile);
    states->addWidget(showCaptures);
    states->addWidget(m_makeSuite);

    m_shared = new QListWidget(m_detail);
    m_shared->setObjectName(QStringLiteral("clusterShared"));
    m_shared->setToolTip(tr("What the cluster's captures share"));
    m_examples = new QListWidget(m_detail);
    m_examples->setObjectName(QStringLiteral("clusterExamples"));
    m_examples->setToolTip(tr("Its newest captures: double-click one to open it in Captures"));
    connect(m_examples, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        emit openCaptureRequested(item->data(Qt::UserRole).toString());
    });
    m_reply = new QPlainTextEdit(m_detail);
    m_reply->setObjectName(QStringLiteral("clusterReply"));
    m_reply->setReadOnly(true);
    m_reply->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_reply->setPlaceholderText(tr("A representative reply, with what the cluster's captures share highlighted"));

    auto* lists = new QWidget(m_detail);
    auto* listsLayout = new QVBoxLayout(lists);
    listsLayout->setContentsMargins(0, 0, 0, 0);
    listsLayout->addWidget(new QLabel(tr("What they share"), lists));
    m_shared->setMinimumHeight(40);
    m_examples->setMinimumHeight(40);
    listsLayout->addWidget(m_shared, 3);
    listsLayout->addWidget(new QLabel(tr("Newest captures"), lists));
    listsLayout->addWidget(m_examples, 2);
    auto* replyBox = new QWidget(m_detail);
    auto* replyLayout = new QVBoxLayout(replyBox);
    replyLayout->setContentsMargins(0, 0, 0, 0);
    replyLayout->addWidget(new QLabel(tr("A representative reply"), replyBox));
    replyLayout->addWidget(m_reply, 1);
    auto* sides = new QSplitter(Qt::Horizontal, m_detail);
    sides->addWidget(lists);
    sides->addWidget(replyBox);
    sides->setStretchFactor(0, 2);
    sides->setStretchFactor(1, 3);
    sides->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(m_detail);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_cause);
    layout->addWidget(m_spread);
    layout->addLayout(states);
    layout->addWidget(m_reviewLine);
    layout->addWidget(sides, 1);
    return m_detail;
}

void TriageView::buildActions()
{
    const auto add = [this](const QString& keys, auto slot) {
        auto* action = new QAction(this);
        action->setShortcut(QKeySequence(keys));
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
    };
    add(tr("Alt+Down"), [this] { nextCluster(); });
    add(tr("Alt+Up"), [this] { previousCluster(); });
    add(tr("Alt+N"), [this] {
        if (!nextUnreviewed())
            setStatus(tr("No cluster below needs review"));
    });
    add(QStringLiteral("F2"), [this] { editNote(); });
    add(tr("Ctrl+Shift+F5"), [this] { refresh(); }); // F5 presents (View ▸ Present)
    for (std::size_t i = 0; i < kSettableStates.size(); ++i)
        add(QStringLiteral("Alt+%1").arg(i + 1), [this, state = kSettableStates[i]] { setState(state); });
}

void TriageView::setLocation(const store::StoreLocation& location)
{
    m_location = location;
    m_model->setClusters({}, 0);
    showCluster();
}

std::optional<std::int64_t> TriageView::sinceMs() const
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    switch (Range(m_range->currentData().toInt())) {
    case Range::All: return std::nullopt;
    case Range::Day: return now - kDayMs;
    case Range::Week: return now - 7 * kDayMs;
    case Range::Month: return now - 30 * kDayMs;
    }
    return std::nullopt;
}

void TriageView::setRange(Range range)
{
    m_range->setCurrentIndex(m_range->findData(int(range)));
}

void TriageView::setNewestFirst(bool newest)
{
    m_order->setCurrentIndex(newest ? 1 : 0);
}

void TriageView::setOnlyUnreviewed(bool only)
{
    m_show->setCurrentIndex(only ? 1 : 0);
}

void TriageView::refresh()
{
    if (m_querying) {
        m_again = true;
        return;
    }
    auto filter = m_filters->filter();
    if (!filter)
        return setStatus(QString::fromStdString(filter.error().toString()));
    store::ClusterQuery query;
    query.filter = filter.value();
    if (const auto since = sinceMs())
        query.filter.sinceMs = std::max(query.filter.sinceMs.value_or(*since), *since);
    query.order = m_order->currentIndex() == 1 ? store::ClusterOrder::Newest : store::ClusterOrder::Biggest;
    if (m_show->currentIndex() == 1)
        query.states = {store::ReviewState::New, store::ReviewState::Regressed};
    query.limit = kClustersShown;
    query.perDay = true;
    query.spread = true;
    if (const store::Cluster* c = currentCluster()) {
        m_keep = c->id;
        m_keepRow = m_table->currentIndex().row();
    }
    m_querying = true;
    setStatus(tr("reading the clusters…"));
    runInBackground(this, [location = m_location, query] { return queryClusters(location, query); }, [this](ClustersAnswer answer) {
        m_querying = false;
        if (!answer.error.empty()) {
            setStatus(QString::fromStdString(answer.error));
            if (m_model->rowCount() == 0)
                m_empty->setText(QString::fromStdString(answer.error));
        } else {
            const auto shown = qlonglong(answer.clusters.size());
            m_model->setClusters(std::move(answer.clusters), QDateTime::currentMSecsSinceEpoch());
            const bool empty = shown == 0;
            m_table->setVisible(!empty);
            m_empty->setVisible(empty);
            m_empty->setText(m_filters->arguments().empty() && m_range->currentIndex() == 0 && m_show->currentIndex() == 0
                                 ? tr("No failures yet: every capture in the store is valid or unchecked. Failed, fallback and repaired captures are grouped here by cause.")
                                 : tr("No cluster matches the range, the filters and the states chosen above."));
            qlonglong captures = 0;
            for (const store::Cluster& c : m_model->clusters())
                captures += c.count;
            setStatus((shown == kClustersShown ? tr("the first %1 clusters").arg(QLocale().toString(shown))
                                               : tr("%n cluster(s)", nullptr, int(shown)))
                      + tr(" of %n capture(s) · %1 s", nullptr, int(std::min<qlonglong>(captures, INT32_MAX))).arg(answer.seconds, 0, 'f', 2));
            int row = m_model->rowOf(std::exchange(m_keep, {}));
            if (row < 0 && m_model->rowCount() > 0)
                row = std::clamp(m_keepRow, 0, m_model->rowCount() - 1);
            m_keepRow = -1;
            if (row >= 0)
                m_table->setCurrentIndex(m_model->index(row, ClusterListModel::Cause));
            else
                showCluster();
        }
        if (std::exchange(m_again, false))
            refresh();
        else
            emit refreshed();
    });
}

const store::Cluster* TriageView::currentCluster() const
{
    return m_model->clusterAt(m_table->currentIndex().row());
}

bool TriageView::selectCluster(const QString& id)
{
    const int row = m_model->rowOf(id.toStdString());
    if (row < 0)
        return false;
    m_table->setCurrentIndex(m_model->index(row, ClusterListModel::Cause));
    return true;
}

void TriageView::nextCluster()
{
    const int row = m_table->currentIndex().row();
    if (row + 1 < m_model->rowCount())
        m_table->setCurrentIndex(m_model->index(row + 1, ClusterListModel::Cause));
}

void TriageView::previousCluster()
{
    const int row = m_table->currentIndex().row();
    if (row > 0)
        m_table->setCurrentIndex(m_model->index(row - 1, ClusterListModel::Cause));
}

bool TriageView::nextUnreviewed()
{
    const int rows = m_model->rowCount();
    const int from = m_table->currentIndex().row();
    for (int step = 1; step <= rows; ++step) {
        const int row = (std::max(from, -1) + step + rows) % rows;
        const store::ReviewState state = m_model->clusterAt(row)->state;
        if (row != from && (state == store::ReviewState::New || state == store::ReviewState::Regressed)) {
            m_table->setCurrentIndex(m_model->index(row, ClusterListModel::Cause));
            return true;
        }
    }
    return false;
}

void TriageView::showCluster()
{
    const store::Cluster* c = currentCluster();
    m_detail->setEnabled(c != nullptr);
    ++m_detailGeneration;
    m_shared->clear();
    m_examples->clear();
    m_reply->clear();
    if (!c) {
        m_cause->setText(m_model->rowCount() == 0 ? QString() : tr("Choose a cluster"));
        m_spread->clear();
        m_reviewLine->clear();
        m_note->clear();
        if (QAbstractButton* checked = m_states->checkedButton()) {
            m_states->setExclusive(false);
            checked->setChecked(false);
            m_states->setExclusive(true);
        }
        return;
    }
    const std::int64_t now = QDateTime::currentMSecsSinceEpoch();
    m_cause->setText(ClusterWords::cause(*c));
    m_spread->setText(tr("%1 · %2 · last %3").arg(ClusterWords::spread(*c, now), ClusterWords::outcome(c->outcome), whenText(c->lastSeenMs)));
    showReview(*c);
    for (const store::Finding& finding : c->findings) {
        auto* item = new QListWidgetItem(ClusterWords::finding(finding), m_shared);
        item->setToolTip(tr("%1 at %2").arg(QString::fromStdString(finding.code), ClusterWords::path(finding.path)));
    }
    for (const std::string& flag : store::flagNames(c->flags))
        new QListWidgetItem(tr("flag: %1").arg(QString::fromStdString(flag)), m_shared);
    const QString schema = QString::fromStdString(c->schemaTitle.empty() ? c->schemaHash : c->schemaTitle);
    new QListWidgetItem(tr("schema %1 (%n version(s))", nullptr, int(std::max<std::int64_t>(c->schemaVersions, 1))).arg(schema), m_shared);
    for (const store::TargetCount& target : c->targets)
        new QListWidgetItem(tr("%1 · %2: %n capture(s)", nullptr, int(std::min<std::int64_t>(target.count, INT32_MAX)))
                                .arg(QString::fromStdString(target.provider), QString::fromStdString(target.model)),
                            m_shared);
    for (const std::string& id : c->examples) {
        auto* item = new QListWidgetItem(QString::fromStdString(id), m_examples);
        item->setData(Qt::UserRole, QString::fromStdString(id));
    }
    readDetail(*c);
}

void TriageView::showReview(const store::Cluster& c)
{
    const bool regressed = c.state == store::ReviewState::Regressed;
    const store::ReviewState buttonState = c.review ? c.review->state : store::ReviewState::New;
    if (QAbstractButton* button = m_states->button(int(buttonState)))
        button->setChecked(true);
    m_note->setText(c.review ? QString::fromStdString(c.review->note) : QString());
    QString line = !c.review ? tr("Nobody has reviewed it yet.")
                             : tr("%1 by %2, %3").arg(ClusterWords::state(c.review->state), QString::fromStdString(c.review->reviewer),
                                                        whenText(c.review->reviewedAtMs));
    if (regressed)
        line = tr("Regressed: marked fixed, and a capture newer than the fix has this cause again. %1").arg(line);
    m_reviewLine->setText(line);
    m_reviewLine->setForegroundRole(QPalette::WindowText);
    QPalette palette = m_reviewLine->palette();
    palette.setColor(QPalette::WindowText, regressed ? statusColours().failure : QApplication::palette().color(QPalette::WindowText));
    m_reviewLine->setPalette(palette);
    QFont font = m_reviewLine->font();
    font.setBold(regressed);
    m_reviewLine->setFont(font);
}

void TriageView::readDetail(const store::Cluster& cluster)
{
    const int generation = m_detailGeneration;
    runInBackground(this, [location = m_location, cluster] { return readDetailOf(location, cluster); },
                    [this, generation](DetailAnswer answer) {
        if (generation != m_detailGeneration)
            return; // another cluster was chosen meanwhile
        if (!answer.error.empty()) {
            m_reply->setPlainText(QString::fromStdString(answer.error));
            return emit detailShown();
        }
        if (!answer.history.empty()) {
            QStringList lines;
            for (const store::ReviewEvent& event : answer.history)
                lines << tr("%1 · %2 · %3%4").arg(whenText(event.atMs), QString::fromStdString(event.reviewer), ClusterWords::state(event.state),
                                                   event.note.empty() ? QString() : QStringLiteral(": ") + QString::fromStdString(event.note));
            m_reviewLine->setToolTip(tr("History, oldest first:\n%1").arg(lines.join(QLatin1Char('\n'))));
        } else {
            m_reviewLine->setToolTip({});
        }
        const QString raw = QString::fromStdString(answer.raw);
        m_reply->setPlainText(raw.isEmpty() ? tr("(no reply: %1)").arg(m_cause->text()) : raw);
        m_reply->setToolTip(answer.attempt > 0 ? tr("Capture %1, attempt %2: the attempt its cause was read from")
                                                         .arg(QString::fromStdString(answer.captureId)).arg(answer.attempt)
                                               : QString());
        const auto marks = textMarks(m_reply, answer.raw, answer.spans, failureMark(palette()));
        m_reply->setExtraSelections(marks);
        if (!marks.isEmpty()) {
            m_reply->setTextCursor(QTextCursor(marks.front().cursor.block()));
            m_reply->ensureCursorVisible();
        }
        emit detailShown();
    });
}

void TriageView::setState(store::ReviewState state)
{
    const store::Cluster* c = currentCluster();
    if (!c)
        return;
    // A note typed but not yet kept goes with the state.
    const std::string typed = m_note->text().trimmed().toStdString();
    const std::string kept = c->review ? c->review->note : std::string();
    changeReview(state, typed != kept ? std::optional<std::string>(typed) : std::nullopt);
}

void TriageView::setNote(const QString& note)
{
    const store::Cluster* c = currentCluster();
    if (!c)
        return;
    if (c->state == store::ReviewState::Regressed) {
        // Keeping the note as "fixed" would end the regression unseen: a state must be chosen.
        m_note->setText(note);
        return setStatus(tr("It regressed: choose its state (Alt+2 confirmed, Alt+4 fixed again…); the note goes with it"));
    }
    changeReview(c->review ? c->review->state : store::ReviewState::New, note.trimmed().toStdString());
}

void TriageView::editNote()
{
    if (!currentCluster())
        return;
    m_note->setFocus();
    m_note->selectAll();
}

void TriageView::changeReview(store::ReviewState state, std::optional<std::string> note)
{
    const store::Cluster* c = currentCluster();
    if (!c)
        return;
    store::ReviewChange change;
    change.subjects = {{store::SubjectKind::Cluster, c->id}};
    change.state = state;
    change.note = std::move(note);
    change.reviewer = AppSettings::load().reviewer().toStdString();
    change.atMs = QDateTime::currentMSecsSinceEpoch();
    const QString cause = ClusterWords::cause(*c);
    setStatus(tr("keeping the review…"));
    reviewInBackground(this, m_location, change, [this, cause, state](const QString& error) {
        setStatus(error.isEmpty() ? tr("%1: %2").arg(ClusterWords::state(state), cause) : error);
        if (error.isEmpty())
            refresh();
        emit reviewed(error);
    });
}

void TriageView::chooseSuiteFile()
{
    const store::Cluster* c = currentCluster();
    if (!c)
        return;
    const QString suggested = QDir(QDir::currentPath()).filePath(QStringLiteral("regression-%1.suite.json").arg(QString::fromStdString(c->id)));
    const QString path = QFileDialog::getSaveFileName(this, tr("Make Regression Suite"), suggested, tr("Suite files (*.suite.json);;JSON files (*.json)"));
    if (!path.isEmpty())
        makeRegressionSuite(path);
}

void TriageView::makeRegressionSuite(const QString& path, int limit)
{
    const store::Cluster* c = currentCluster();
    if (!c)
        return;
    RegressionSuiteRequest request;
    request.name = "cluster " + c->id + ": " + ClusterWords::cause(*c).toStdString();
    request.cluster = c->id;
    request.limit = limit;
    request.path = path.toStdString();
    m_makeSuite->setEnabled(false);
    setStatus(tr("writing %1…").arg(path));
    writeRegressionSuiteInBackground(this, m_location, request, [this, path](int cases, const QString& error) {
        m_makeSuite->setEnabled(true);
        setStatus(error.isEmpty() ? tr("wrote %n case(s) to %1", nullptr, cases).arg(path) : error);
        emit regressionSuiteWritten(path, cases, error);
    });
}

QAbstractButton* TriageView::stateButton(store::ReviewState state) const
{
    return m_states->button(int(state));
}

void TriageView::setStatus(const QString& text)
{
    m_status->setText(text);
    m_status->setToolTip(text);
}

QString TriageView::statusText() const
{
    return m_status->text();
}

} // namespace conform::gui
