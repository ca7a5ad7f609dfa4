#include "compat/enginestrip.h"

#include "document/schemadocument.h"
#include "json/parse.h"
#include "widgets/codeeditor.h"
#include "widgets/themecolours.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QCursor>
#include <QTextDocument>

using namespace std::chrono_literals;

namespace conform::gui {

namespace {

QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QString verdictWords(engines::Verdict verdict)
{
    switch (verdict) {
    case engines::Verdict::Rejected: return EngineStrip::tr("rejected");
    case engines::Verdict::Dropped: return EngineStrip::tr("not enforced");
    case engines::Verdict::Limited: return EngineStrip::tr("over a limit");
    case engines::Verdict::Enforced: return EngineStrip::tr("enforced");
    }
    return {};
}

int countOf(const engines::EngineReport& report, engines::Verdict verdict)
{
    return int(std::count_if(report.findings.begin(), report.findings.end(),
                             [verdict](const engines::Finding& f) { return f.verdict == verdict; }));
}

} // namespace

EngineStrip::EngineStrip(SchemaDocument* document, CodeEditor* schemaEditor, QWidget* parent)
    : QWidget(parent), m_document(document), m_schemaEditor(schemaEditor), m_line(new QLabel(this)), m_job(this, 300ms)
{
    setObjectName(QStringLiteral("engineStrip"));
    m_line->setWordWrap(true);
    m_line->setTextFormat(Qt::RichText);
    m_line->setToolTip(tr("What each provider's structured-output engine does with this schema, from its documentation; "
                          "click an engine for its findings and their sources"));
    connect(m_line, &QLabel::linkActivated, this, [this](const QString& name) {
        if (const auto engine = engines::parseEngine(name.toStdString()))
            showFindings(*engine);
    });
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->addWidget(m_line, 1);
    m_job.onResult([this](std::vector<engines::EngineReport> reports) { show(std::move(reports)); });
    connect(m_document, &SchemaDocument::changed, this, &EngineStrip::judge);
    judge();
}

void EngineStrip::judge()
{
    m_job.request([text = m_document->text()](const CancelFlag&) {
        std::vector<engines::EngineReport> reports;
        auto schema = json::parseStrict(text);
        if (!schema || !(schema.value().is_object() || schema.value().is_boolean()))
            return reports;
        for (const engines::Engine engine : engines::allEngines())
            reports.push_back(engines::lintForEngine(schema.value(), engine));
        return reports;
    });
}

void EngineStrip::flush()
{
    m_job.flush();
}

QString EngineStrip::verdictText(engines::Engine engine) const
{
    for (const engines::EngineReport& report : m_reports) {
        if (report.engine != engine)
            continue;
        if (report.rejects())
            return tr("rejects");
        if (report.drops())
            return tr("drops %1").arg(countOf(report, engines::Verdict::Dropped));
        if (report.limits())
            return tr("over a limit");
        return tr("accepts");
    }
    return QStringLiteral("—");
}

void EngineStrip::show(std::vector<engines::EngineReport> reports)
{
    m_reports = std::move(reports);
    if (m_reports.empty()) {
        m_line->setText(tr("Engines: the schema is not a JSON object yet."));
        emit judged();
        return;
    }
    QStringList parts;
    for (const engines::EngineReport& report : m_reports) {
        const Tone tone = report.rejects() || report.limits() ? Tone::Failure : report.drops() ? Tone::Warning : Tone::Success;
        const QString name = fromStd(engines::engineName(report.engine));
        parts << QStringLiteral("<a href=\"%1\">%1</a> <span style=\"color:%2\">%3</span>")
                     .arg(name, toneColour(tone).name(), verdictText(report.engine).toHtmlEscaped());
    }
    m_line->setText(tr("Engines:") + QStringLiteral(" ") + parts.join(QStringLiteral(" · ")));
    emit judged();
}

QString EngineStrip::lineText() const
{
    QTextDocument document;
    document.setHtml(m_line->text());
    return document.toPlainText();
}

void EngineStrip::showFindings(engines::Engine engine)
{
    const auto report = std::find_if(m_reports.begin(), m_reports.end(), [engine](const auto& r) { return r.engine == engine; });
    if (report == m_reports.end())
        return;
    QMenu menu(this);
    if (report->findings.empty())
        menu.addAction(tr("%1 accepts every keyword of this schema").arg(fromStd(engines::engineName(engine))))->setEnabled(false);
    constexpr int kShown = 40;
    for (int i = 0; i < int(report->findings.size()) && i < kShown; ++i) {
        const engines::Finding& f = report->findings[std::size_t(i)];
        QAction* action = menu.addAction(QStringLiteral("%1 %2 — %3: %4")
                                             .arg(fromStd(f.pointer.empty() ? std::string("/") : f.pointer), fromStd(f.keyword),
                                                  verdictWords(f.verdict), fromStd(f.problem)));
        action->setToolTip(fromStd(f.suggestion) + (f.source.empty() ? QString() : QStringLiteral("\n") + fromStd(f.source)));
        connect(action, &QAction::triggered, this, [this, engine, i] { goToFinding(engine, i); });
    }
    if (int(report->findings.size()) > kShown)
        menu.addAction(tr("…and %1 more: conform-cli schema lint FILE --provider %2")
                           .arg(int(report->findings.size()) - kShown)
                           .arg(fromStd(engines::engineName(engine))))
            ->setEnabled(false);
    menu.setToolTipsVisible(true);
    menu.exec(QCursor::pos());
}

void EngineStrip::goToFinding(engines::Engine engine, int index)
{
    const auto report = std::find_if(m_reports.begin(), m_reports.end(), [engine](const auto& r) { return r.engine == engine; });
    if (report == m_reports.end() || index < 0 || index >= int(report->findings.size()) || !m_document->current())
        return;
    const engines::Finding& finding = report->findings[std::size_t(index)];
    // The keyword's own value where the schema has it; a budget or a missing keyword
    // ("additionalProperties" an object lacks) falls back to the subschema.
    const json::SourceMap& map = m_document->current()->analysis.sourceMap;
    std::optional<Span> span = map.find(finding.pointer + "/" + finding.keyword);
    if (!span)
        span = map.find(finding.pointer);
    if (span) {
        m_schemaEditor->revealSpan(*span);
        m_schemaEditor->setFocus();
    }
}

} // namespace conform::gui
