#include "checks/linespane.h"

#include "async/backgroundtask.h"
#include "widgets/statusline.h"
#include "document/textfile.h"
#include "widgets/themecolours.h"

#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

namespace conform::gui {

using namespace std::chrono_literals;

void LinesModel::setLines(std::vector<LineVerdict> lines)
{
    beginResetModel();
    m_lines = std::move(lines);
    endResetModel();
}

const LineVerdict* LinesModel::lineAt(int row) const
{
    return row >= 0 && std::size_t(row) < m_lines.size() ? &m_lines[std::size_t(row)] : nullptr;
}

int LinesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_lines.size());
}

int LinesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LinesModel::data(const QModelIndex& index, int role) const
{
    const LineVerdict* line = lineAt(index.row());
    if (!line || index.column() >= ColumnCount)
        return {};
    if (role == Qt::ForegroundRole && index.column() == VerdictColumn)
        return toneColour(line->state == LineVerdict::State::Valid     ? Tone::Success
                          : line->state == LineVerdict::State::Invalid ? Tone::Warning
                                                                       : Tone::Failure);
    if (role == Qt::ToolTipRole && index.column() == FirstIssueColumn)
        return line->first;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case LineColumn:
        return line->line;
    case VerdictColumn:
        return line->state == LineVerdict::State::Valid ? tr("valid")
             : line->state == LineVerdict::State::Invalid ? tr("invalid") : tr("not JSON");
    case IssuesColumn:
        return line->state == LineVerdict::State::Invalid ? QVariant(qulonglong(line->issues)) : QVariant();
    case FirstIssueColumn:
        return line->first;
    default:
        return {};
    }
}

QVariant LinesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case LineColumn: return tr("Line");
    case VerdictColumn: return tr("Verdict");
    case IssuesColumn: return tr("Issues");
    case FirstIssueColumn: return tr("First issue");
    default: return {};
    }
}

LinesPane::LinesPane(SchemaDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_model(new LinesModel(this)), m_view(new QTableView(this)),
      m_status(new StatusLine(this)), m_job(this, 100ms)
{
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);
    m_view->setToolTip(tr("Pick a line to see it, with all its issues, in the Instance tab"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_status);
    layout->addWidget(m_view, 1);
    m_status->report(StatusLine::State::Idle, tr("Open a .jsonl file to check every line."));

    m_job.onResult([this](LinesCheck check) { display(std::move(check)); });
    connect(m_document, &SchemaDocument::changed, this, [this] {
        if (m_text)
            m_status->startChecking();
    });
    connect(m_document, &SchemaDocument::compiled, this, [this] {
        recheck();
        m_job.flush();
    });
    connect(m_status, &StatusLine::cancelRequested, this, [this] {
        m_job.cancel();
        m_status->report(StatusLine::State::Idle, tr("Check cancelled."));
    });
    connect(m_view, &QTableView::activated, this, &LinesPane::choose);
    connect(m_view, &QTableView::clicked, this, &LinesPane::choose);
}

bool LinesPane::loadFile(const QString& path, QString* error)
{
    const quint64 read = ++m_read;
    const QFileInfo info(path);
    if (info.size() > kReadOnWorkerBytes) {
        m_reading = true;
        m_model->setLines({});
        m_status->report(StatusLine::State::Checking, tr("reading %1…").arg(info.fileName()));
        runInBackground(this, [path] {
            TextFile file = readTextFile(path);
            return std::make_pair(file.error, file.ok ? std::make_shared<const std::string>(file.utf8.toStdString()) : nullptr);
        }, [this, path, name = info.fileName(), read](std::pair<QString, std::shared_ptr<const std::string>> file) {
            if (read != m_read)
                return;
            m_reading = false;
            if (!file.second) {
                m_status->report(StatusLine::State::Error, tr("%1: %2").arg(name, file.first));
                return emit fileLoadFailed(path, file.first);
            }
            showLines(path, std::move(file.second));
        });
        return true;
    }
    m_reading = false;
    TextFile file = readTextFile(path);
    if (!file.ok) {
        *error = file.error;
        return false;
    }
    showLines(path, std::make_shared<const std::string>(file.utf8.toStdString()));
    return true;
}

void LinesPane::showLines(const QString& path, std::shared_ptr<const std::string> text)
{
    m_path = path;
    m_text = std::move(text);
    m_model->setLines({});
    recheck();
    m_job.flush();
}

void LinesPane::recheck()
{
    if (!m_text)
        return;
    m_status->startChecking();
    if (!m_document->isCurrent())
        return;
    m_job.request([schema = m_document->current(), text = m_text](const CancelFlag& cancel) {
        return checkLines(*schema, *text, cancel);
    });
}

void LinesPane::display(LinesCheck check)
{
    if (check.cancelled)
        return;
    if (!check.schemaError.empty()) {
        m_model->setLines({});
        return m_status->report(StatusLine::State::Error, tr("Schema: %1").arg(QString::fromStdString(check.schemaError)));
    }
    const std::size_t total = check.lines.size();
    m_model->setLines(std::move(check.lines));
    m_view->resizeColumnsToContents();
    const QString counts = check.noSchema
        ? tr("%1 lines: %2 JSON, %3 not JSON (no schema to validate against)").arg(total).arg(check.valid).arg(check.notJson)
        : tr("%1 lines: %2 valid, %3 invalid, %4 not JSON").arg(total).arg(check.valid).arg(check.invalid).arg(check.notJson);
    const bool clean = check.invalid == 0 && check.notJson == 0;
    m_status->report(clean ? StatusLine::State::Valid : StatusLine::State::Issues, counts);
}

void LinesPane::choose(const QModelIndex& index)
{
    const LineVerdict* line = m_model->lineAt(index.row());
    if (!line || !m_text)
        return;
    emit lineChosen(QString::fromUtf8(m_text->data() + line->offset, qsizetype(line->length)), line->line);
}

} // namespace conform::gui
