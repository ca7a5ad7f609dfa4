#include "schemadiffpane.h"

#include "schemachangemodel.h"

#include "async/backgroundtask.h"
#include "base/path.h"
#include "json/parse.h"
#include "store/capture.h"
#include "store/read_capture.h"
#include "store/store.h"
#include "widgets/codeeditor.h"
#include "widgets/tonelabel.h"

#include <QComboBox>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <map>

namespace conform::gui {

namespace {

const QString kSavedFile = QStringLiteral("file");

// The first issue's path (an array of steps) as messages print it, "/" for the root.
std::string pointerOfIssue(const Json& issue)
{
    return jsonPathText(issue.is_object() && issue.contains("path") ? issue["path"] : Json());
}

} // namespace

SchemaDiffPane::SchemaDiffPane(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent)
    : QWidget(parent), m_document(document), m_schemaEditor(schemaEditor)
{
    m_baseline = new QComboBox(this);
    m_baseline->setObjectName(QStringLiteral("diffBaseline"));
    m_baseline->addItem(tr("The saved file"), kSavedFile);
    m_baseline->setToolTip(tr("What the schema as edited is compared with: its file as saved, or a version the store has run"));
    connect(m_baseline, &QComboBox::currentIndexChanged, this, &SchemaDiffPane::useBaseline);

    m_summary = new ToneLabel(this);
    m_summary->setWordWrap(true);

    m_model = new SchemaChangeModel(this);
    m_list = new QTableView(this);
    m_list->setObjectName(QStringLiteral("diffChanges"));
    m_list->setModel(m_model);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->verticalHeader()->hide();
    m_list->horizontalHeader()->setSectionResizeMode(SchemaChangeModel::ChangeColumn, QHeaderView::Stretch);
    m_list->setWordWrap(false);
    connect(m_list, &QTableView::clicked, this, [this](const QModelIndex& index) { goToChange(index.row()); });
    connect(m_list, &QTableView::activated, this, [this](const QModelIndex& index) { goToChange(index.row()); });

    m_judge = new QPushButton(tr("Judge stored replies"), this);
    m_judge->setToolTip(tr("Check the baseline's stored replies that were valid against the schema as edited: how many would now fail, and where"));
    connect(m_judge, &QPushButton::clicked, this, &SchemaDiffPane::judgeStore);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->hide();
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_job)
            m_job->cancel();
    });
    m_progress = new QProgressBar(this);
    m_progress->hide();
    m_impactLabel = new ToneLabel(this);
    m_impactLabel->setWordWrap(true);
    m_impactLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_examples = new QLabel(this);
    m_examples->setWordWrap(true);
    connect(m_examples, &QLabel::linkActivated, this, &SchemaDiffPane::openCaptureRequested);

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Against:"), this));
    top->addWidget(m_baseline, 1);
    auto* judging = new QHBoxLayout;
    judging->addWidget(m_judge);
    judging->addWidget(m_progress, 1);
    judging->addWidget(m_cancel);
    judging->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_summary);
    layout->addWidget(m_list, 1);
    layout->addLayout(judging);
    layout->addWidget(m_impactLabel);
    layout->addWidget(m_examples);

    connect(m_document, &SchemaDocument::compiled, this, [this] { refresh(); });
    connect(m_document, &SchemaDocument::changed, this, [this] {
        if (m_impact)
            showImpact(); // says it is stale, or current again after an undo
    });
    useBaseline(0);
}

SchemaDiffPane::~SchemaDiffPane() = default;

void SchemaDiffPane::setLocation(const store::StoreLocation& location)
{
    m_location = location;
    if (m_job)
        m_job->cancel();
    m_impact.reset();
    showImpact();
    if (isVisible())
        loadHistory();
}

void SchemaDiffPane::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    loadHistory();
}

void SchemaDiffPane::loadHistory()
{
    auto current = json::parseStrict(m_document->text());
    if (!current || !current.value().is_object())
        return;
    runInBackground(
        this,
        [location = m_location, schema = std::move(current.value())]() -> Result<std::vector<store::Version>> {
            auto opened = store::Store::open(location, store::OpenOptions{false});
            if (!opened)
                return opened.error();
            store::Filter filter;
            store::scopeToSchema(filter, schema);
            return opened.value()->versions("schema", filter, 20);
        },
        [this](Result<std::vector<store::Version>> versions) {
            if (!versions)
                return; // no store, or one that cannot be read: the saved file is still offered
            const QString chosen = m_baseline->currentData().toString();
            const QSignalBlocker quiet(m_baseline);
            while (m_baseline->count() > 1)
                m_baseline->removeItem(1);
            for (const store::Version& v : versions.value())
                m_baseline->addItem(tr("Stored version %1 · %n run(s) · last %2", nullptr, int(v.captures))
                                        .arg(QString::fromStdString(v.hash.substr(0, 8)), QString::fromStdString(store::isoTime(v.lastAtMs))),
                                    QString::fromStdString(v.lastCaptureId));
            const int again = m_baseline->findData(chosen);
            m_baseline->setCurrentIndex(std::max(0, again));
            if (again < 0)
                useBaseline(0);
        });
}

void SchemaDiffPane::useBaseline(int index)
{
    const QString key = m_baseline->itemData(index).toString();
    m_before.reset();
    if (key == kSavedFile) {
        refresh();
        return;
    }
    m_beforeProblem = tr("Reading that version from the store…");
    showChanges();
    runInBackground(
        this,
        [location = m_location, id = key.toStdString()]() -> Result<Json> {
            auto capture = store::readCapture(location, id);
            if (!capture)
                return capture.error();
            return std::move(capture.value().schema);
        },
        [this, key](Result<Json> schema) {
            if (m_baseline->currentData().toString() != key)
                return; // another baseline was chosen meanwhile
            if (!schema) {
                m_beforeProblem = QString::fromStdString(schema.error().toString());
                showChanges();
                return;
            }
            m_before = std::move(schema.value());
            refresh();
        });
}

void SchemaDiffPane::refresh()
{
    if (m_baseline->currentData().toString() == kSavedFile) {
        m_before.reset();
        const QString path = m_document->filePath();
        QFile file(path);
        if (path.isEmpty())
            m_beforeProblem = tr("The schema has not been saved yet: choose a stored version to compare with.");
        else if (!file.open(QIODevice::ReadOnly))
            m_beforeProblem = tr("%1 cannot be read: %2").arg(path, file.errorString());
        else if (auto parsed = json::parseStrict(file.readAll().toStdString()); !parsed)
            m_beforeProblem = tr("The saved file is not JSON: %1").arg(QString::fromStdString(parsed.error().toString()));
        else
            m_before = std::move(parsed.value());
    }
    showChanges();
}

void SchemaDiffPane::showChanges()
{
    if (!m_before) {
        m_model->setChanges({});
        m_summary->setTone(Tone::Muted);
        m_summary->setText(m_beforeProblem);
        m_judge->setEnabled(false);
        return;
    }
    auto after = json::parseStrict(m_document->text());
    if (!after) {
        m_model->setChanges({});
        m_summary->setTone(Tone::Warning);
        m_summary->setText(tr("The schema as edited is not JSON: %1").arg(QString::fromStdString(after.error().toString())));
        m_judge->setEnabled(false);
        return;
    }
    m_model->setChanges(schema::diffSchemas(*m_before, after.value()));
    m_list->resizeColumnToContents(SchemaChangeModel::WhereColumn);
    m_list->resizeColumnToContents(SchemaChangeModel::DirectionColumn);
    m_summary->setText(summaryText());
    std::size_t narrower = 0;
    for (const schema::SchemaChange& change : m_model->changes())
        narrower += change.direction == schema::Direction::Narrower || change.direction == schema::Direction::Both;
    m_summary->setTone(narrower ? Tone::Failure : m_model->changes().empty() ? Tone::Success : Tone::Info);
    m_judge->setEnabled(!m_job && m_document->isCurrent() && m_document->current()->analysis.ok());
}

QString SchemaDiffPane::summaryText() const
{
    if (!m_before)
        return m_beforeProblem;
    const auto& changes = m_model->changes();
    if (changes.empty())
        return tr("No changes: every reply valid under the baseline is valid under the schema as edited, and no other.");
    std::map<schema::Direction, int> counts;
    for (const schema::SchemaChange& change : changes)
        ++counts[change.direction];
    QStringList parts;
    for (const auto direction : {schema::Direction::Narrower, schema::Direction::Both, schema::Direction::Wider,
                                 schema::Direction::Unknown, schema::Direction::None})
        if (counts[direction])
            parts << QStringLiteral("%1 %2").arg(counts[direction]).arg(SchemaChangeModel::directionWords(direction));
    QString text = tr("%n change(s): ", nullptr, int(changes.size())) + parts.join(QStringLiteral(", "));
    if (counts[schema::Direction::Narrower] || counts[schema::Direction::Both])
        text += QStringLiteral(". ") + tr("Replies that passed may now fail.");
    return text;
}

void SchemaDiffPane::judgeStore()
{
    if (m_job || !m_before || !m_document->isCurrent() || !m_document->current()->analysis.ok())
        return;
    auto after = json::parseStrict(m_document->text());
    if (!after)
        return;
    const CompiledSchemaPtr compiled = m_document->current();
    store::Filter filter;
    store::scopeToSchema(filter, *m_before);
    // The validator lives as long as the compiled schema it belongs to.
    std::shared_ptr<const schema::Validator> validator(compiled, &*compiled->analysis.validator);
    m_job = std::make_unique<store::ReplayJob>(m_location, filter, std::move(validator), std::move(after.value()));
    m_impactText = compiled->text;
    m_impactBaseline = m_baseline->currentData().toString();
    connect(m_job.get(), &store::ReplayJob::progress, this, [this](qint64 done, qint64 total) {
        m_progress->setMaximum(int(std::min<qint64>(total, INT_MAX)));
        m_progress->setValue(int(std::min<qint64>(done, INT_MAX)));
    });
    connect(m_job.get(), &store::ReplayJob::finished, this, [this](const store::ReplayReport& report) {
        m_impact = report;
        m_job.release()->deleteLater();
        showImpact();
    });
    connect(m_job.get(), &store::ReplayJob::failed, this, [this](const QString& message) {
        m_impact.reset();
        m_job.release()->deleteLater();
        showImpact();
        m_impactLabel->setTone(Tone::Failure);
        m_impactLabel->setText(message);
    });
    m_judge->setEnabled(false);
    m_progress->setValue(0);
    m_progress->show();
    m_cancel->show();
    m_impactLabel->setTone(Tone::Muted);
    m_impactLabel->setText(tr("Judging the stored replies of the baseline…"));
    m_examples->clear();
    m_job->start();
}

bool SchemaDiffPane::impactIsStale() const
{
    return m_impact && (m_impactText != m_document->text() || m_impactBaseline != m_baseline->currentData().toString());
}

QString SchemaDiffPane::impactText() const
{
    return m_impactLabel->text();
}

void SchemaDiffPane::showImpact()
{
    m_progress->hide();
    m_cancel->hide();
    m_judge->setEnabled(!m_job && m_before && m_document->isCurrent() && m_document->current()->analysis.ok());
    m_examples->clear();
    if (!m_impact) {
        m_impactLabel->setTone(Tone::Muted);
        m_impactLabel->setText(m_location.display().empty() ? QString()
                                                            : tr("Judge the baseline's stored replies to see what this change breaks in %1.")
                                                                  .arg(QString::fromStdString(m_location.display())));
        return;
    }
    const store::ReplayReport& report = *m_impact;
    std::map<std::string, int> byPointer;
    QStringList examples;
    for (const store::ReplayChange& change : report.changes) {
        if (!change.validBefore || change.validAfter)
            continue;
        ++byPointer[pointerOfIssue(change.issue)];
        if (examples.size() < 5)
            examples << QStringLiteral("<a href=\"%1\">%2</a>").arg(QString::fromStdString(change.id), QString::fromStdString(change.id.substr(0, 8)));
    }
    QStringList where;
    for (const auto& [pointer, count] : byPointer)
        where << QStringLiteral("%1 %2").arg(QString::fromStdString(pointer)).arg(count);
    QString text = tr("%1 of %n stored reply(s) that were valid fail the schema as edited", nullptr, int(report.validBefore))
                       .arg(report.becameInvalid);
    if (!where.isEmpty())
        text += QStringLiteral(": ") + where.join(QStringLiteral(", "));
    if (report.cancelled)
        text += QStringLiteral(" ") + tr("(cancelled: only part of the store was judged)");
    if (impactIsStale())
        text += QStringLiteral(" ") + tr("— for an earlier text; judge again");
    m_impactLabel->setTone(impactIsStale() ? Tone::Muted : report.becameInvalid ? Tone::Failure : Tone::Success);
    m_impactLabel->setText(text);
    if (!examples.isEmpty())
        m_examples->setText(tr("Open one: %1").arg(examples.join(QStringLiteral(" "))));
}

void SchemaDiffPane::goToChange(int row)
{
    if (row < 0 || row >= int(m_model->changes().size()) || !m_document->current())
        return;
    const schema::SchemaChange& change = m_model->changes()[std::size_t(row)];
    // The keyword itself where the edited schema still has it, else the nearest place that is.
    std::string pointer = change.pointer;
    if (!change.after.is_null() && !change.keyword.empty())
        pointer = appendPointer(pointer, change.keyword);
    if (const std::optional<Span> span = m_document->current()->analysis.sourceMap.find(pointer)) {
        m_schemaEditor->revealSpan(*span);
        m_schemaEditor->setFocus();
    }
}

} // namespace conform::gui
