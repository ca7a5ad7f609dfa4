#include "widgets/editorpanel.h"

#include "document/textdocument.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

QLabel* headerLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

EditorPanel::EditorPanel(const QString& title, CodeEditor::Kind kind, QWidget* parent)
    : QWidget(parent), m_title(title), m_editor(new CodeEditor(kind, this)), m_header(headerLabel(this)),
      m_note(new QLabel(this)), m_document(new TextDocument(m_editor, title, this))
{
    m_note->setForegroundRole(QPalette::PlaceholderText);
    // A long note (where a value was read) must not hold the panel wide: it is cut at the
    // panel's edge, and whole in its tooltip.
    m_note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 4);
    bar->addWidget(m_header);
    bar->addWidget(m_note, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_editor, 1);
    connect(m_document, &TextDocument::modificationChanged, this, &EditorPanel::updateHeader);
    connect(m_document, &TextDocument::filePathChanged, this, &EditorPanel::updateHeader);
    updateHeader();
}

QString EditorPanel::headerText() const
{
    return m_header->text();
}

void EditorPanel::setTitle(const QString& title)
{
    m_title = title;
    updateHeader();
}

QString EditorPanel::note() const
{
    return m_note->text();
}

void EditorPanel::setNote(const QString& note)
{
    m_note->setText(note);
    m_note->setToolTip(note);
}

void EditorPanel::updateHeader()
{
    QString text = m_title;
    const QString path = m_document->filePath();
    if (!path.isEmpty()) {
        const QFileInfo info(path);
        text = tr("%1 — %2").arg(m_title, info.dir().dirName() + QLatin1Char('/') + info.fileName());
        m_header->setToolTip(path);
    }
    if (m_document->isModified())
        text += QStringLiteral(" •");
    m_header->setText(text);
}

void EditorPanel::addFooter(QWidget* footer)
{
    footer->setParent(this);
    layout()->addWidget(footer);
}

} // namespace conform::gui
