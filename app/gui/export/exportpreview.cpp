#include "export/exportpreview.h"

#include "widgets/codeeditor.h"

#include "export/export.h"
#include "json/parse.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace conform::gui {

using namespace std::chrono_literals;

ExportPreview::ExportPreview(CodeEditor* schemaEditor, QWidget* parent)
    : QWidget(parent), m_schemaEditor(schemaEditor), m_target(new QComboBox(this)), m_text(new QPlainTextEdit(this)),
      m_notes(new QLabel(this)), m_job(this, 250ms)
{
    for (const char* name : {"zod", "pydantic", "typescript", "openai-json-schema", "openai-tool", "anthropic-tool", "ollama-format"})
        m_target->addItem(QString::fromLatin1(name));
    auto* copy = new QPushButton(tr("Copy"), this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Export to"), this));
    bar->addWidget(m_target, 1);
    bar->addWidget(copy);
    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_notes);
    m_job.onResult([this](Preview preview) { show(std::move(preview)); });
    connect(m_target, &QComboBox::currentTextChanged, this, [this] {
        refresh();
        m_job.flush();
    });
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(m_text->toPlainText()); });
    connect(m_schemaEditor, &CodeEditor::textChanged, this, &ExportPreview::refresh);
    refresh();
}

QString ExportPreview::exportedText() const
{
    return m_text->toPlainText();
}

QString ExportPreview::notesText() const
{
    return m_notes->text();
}

void ExportPreview::setTarget(const QString& name)
{
    m_target->setCurrentText(name);
}

void ExportPreview::refresh()
{
    m_job.request([text = m_schemaEditor->utf8Text(), target = m_target->currentText().toStdString()](const CancelFlag&) {
        auto schema = json::parseStrict(text);
        if (!schema)
            return Preview{QString(), tr("The schema is not JSON: %1").arg(QString::fromStdString(schema.error().toString()))};
        const exporting::Exported exported = exporting::exportSchema(schema.value(), *exporting::parseExportTarget(target));
        QStringList notes;
        for (const std::string& note : exported.notes)
            notes << QString::fromStdString(note);
        return Preview{QString::fromStdString(exported.text),
                       notes.isEmpty() ? QString() : tr("Not expressed:\n%1").arg(notes.join(QLatin1Char('\n')))};
    });
}

void ExportPreview::show(Preview preview)
{
    m_text->setPlainText(preview.text);
    m_notes->setText(preview.notes);
    m_notes->setVisible(!preview.notes.isEmpty());
}

} // namespace conform::gui
