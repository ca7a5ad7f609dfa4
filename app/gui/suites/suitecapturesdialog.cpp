#include "suites/suitecapturesdialog.h"

#include "async/backgroundtask.h"

#include "store/store.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QVBoxLayout>

namespace conform::gui {

namespace {

// On a worker: the capture's document as text, or one line saying why there is none.
QString captureText(const store::StoreLocation& location, const std::string& id)
{
    auto opened = store::Store::open(location, store::OpenOptions{false}); // reads only: never waits for a writer
    if (!opened)
        return QString::fromStdString(opened.error().toString());
    auto capture = opened.value()->capture(id);
    if (!capture)
        return QString::fromStdString(capture.error().toString());
    if (!capture.value())
        return SuiteCapturesDialog::tr("No capture %1 in %2.").arg(QString::fromStdString(id), QString::fromStdString(location.display()));
    return QString::fromStdString(dump(capture.value()->document(), 2));
}

} // namespace

SuiteCapturesDialog::SuiteCapturesDialog(const store::StoreLocation& location, const QString& title, const QStringList& ids,
                                         QWidget* parent)
    : QDialog(parent), m_location(location), m_ids(new QListWidget(this)), m_document(new QPlainTextEdit(this))
{
    setWindowTitle(title);
    m_ids->addItems(ids);
    m_document->setReadOnly(true);
    m_document->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    connect(m_ids, &QListWidget::currentTextChanged, this, &SuiteCapturesDialog::read);
    auto* split = new QSplitter(this);
    split->addWidget(m_ids);
    split->addWidget(m_document);
    split->setSizes({260, 640});
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(960, 600);
    if (!ids.isEmpty())
        m_ids->setCurrentRow(0);
}

QString SuiteCapturesDialog::documentText() const
{
    return m_document->toPlainText();
}

void SuiteCapturesDialog::read(const QString& id)
{
    const std::uint64_t generation = ++m_generation;
    m_document->setPlainText(tr("Reading %1…").arg(id));
    runInBackground(this, [location = m_location, key = id.toStdString()] { return captureText(location, key); },
                    [this, generation, id](const QString& text) {
                        if (generation != m_generation)
                            return; // another capture was selected meanwhile
                        m_document->setPlainText(text);
                        emit captureShown(id);
                    });
}

} // namespace conform::gui
