#include "document/textdocument.h"

#include "async/backgroundtask.h"
#include "document/textfile.h"
#include "widgets/codeeditor.h"

#include <QFileInfo>
#include <QSaveFile>

#include <utility>

namespace conform::gui {

TextDocument::TextDocument(CodeEditor* editor, QString untitledName, QObject* parent)
    : QObject(parent ? parent : editor), m_editor(editor), m_untitledName(std::move(untitledName))
{
    connect(m_editor, &QsciScintilla::modificationChanged, this, &TextDocument::modificationChanged);
    connect(m_editor, &CodeEditor::poured, this, [this](quint64 load) {
        if (load != m_pouring.load || m_pouring.path.isEmpty())
            return; // a result poured, or a load of ours that something else replaced
        const QString path = std::exchange(m_pouring.path, QString());
        setFilePath(path);
        emit loaded(path);
    });
}

QString TextDocument::displayName() const
{
    return m_filePath.isEmpty() ? m_untitledName : QFileInfo(m_filePath).fileName();
}

bool TextDocument::isModified() const
{
    return m_editor->isModified();
}

bool TextDocument::isLoading() const
{
    return m_editor->isLoading();
}

bool TextDocument::open(const QString& path, QString* error)
{
    const QFileInfo info(path);
    if (info.size() > kReadOnWorkerBytes && info.size() <= kMaxEditorBytes) {
        const quint64 load = m_editor->startLoading();
        runInBackground(this, [path] { return readTextFile(path); }, [this, path, load](TextFile file) {
            if (!m_editor->isLoadCurrent(load))
                return; // something else was shown meanwhile
            if (!file.ok) {
                m_editor->abandonLoading();
                emit loadFailed(path, file.error);
                return;
            }
            // The path is taken once the whole text is in: until then the old file stays named.
            m_pouring = {load, path};
            m_editor->pour(std::move(file.utf8), load);
        });
        return true;
    }
    m_editor->abandonLoading();
    TextFile file = readTextFile(path);
    if (!file.ok) {
        *error = file.error;
        return false;
    }
    m_editor->replaceText(file.utf8);
    setFilePath(path);
    return true;
}

void TextDocument::showUntitled(const QString& text)
{
    m_editor->setText(text);
    m_editor->setModified(false);
    setFilePath(QString());
}

bool TextDocument::save(const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QByteArray::fromStdString(m_editor->utf8Text())) < 0 || !file.commit()) {
        *error = file.errorString();
        return false;
    }
    m_editor->setModified(false);
    setFilePath(path);
    return true;
}

void TextDocument::discardEdits()
{
    m_editor->discardEdits();
}

void TextDocument::setFilePath(const QString& path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    emit filePathChanged(path);
}

} // namespace conform::gui
