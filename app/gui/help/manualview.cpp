#include "manualview.h"

#include "manualbrowser.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSplitter>
#include <QStackedWidget>
#include <QTextBlock>
#include <QTextDocument>
#include <QToolBar>
#include <QVBoxLayout>

#include <set>

namespace conform::gui {

ManualView::ManualView(const QString& folder, QWidget* parent) : QWidget(parent, Qt::Window), m_manual(folder)
{
    setWindowTitle(tr("Conform Manual"));
    setObjectName(QStringLiteral("manualView"));

    m_browser = new ManualBrowser(this);
    m_browser->setSearchPaths({folder});

    auto* bar = new QToolBar(this);
    QAction* back = bar->addAction(QIcon::fromTheme(QStringLiteral("go-previous")), tr("Back"), m_browser, &QTextBrowser::backward);
    back->setShortcut(QKeySequence::Back);
    QAction* forward = bar->addAction(QIcon::fromTheme(QStringLiteral("go-next")), tr("Forward"), m_browser, &QTextBrowser::forward);
    forward->setShortcut(QKeySequence::Forward);
    back->setEnabled(false);
    forward->setEnabled(false);
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QAction::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, forward, &QAction::setEnabled);
    bar->addAction(QIcon::fromTheme(QStringLiteral("go-home")), tr("Contents"), this, [this] {
        m_find->clear();
        openPage(QStringLiteral("index.md"));
    });

    m_find = new QLineEdit(this);
    m_find->setObjectName(QStringLiteral("manualFind"));
    m_find->setPlaceholderText(tr("Find in every page (Ctrl+F)"));
    m_find->setClearButtonEnabled(true);
    auto* findShortcut = new QAction(this);
    findShortcut->setShortcut(QKeySequence::Find);
    connect(findShortcut, &QAction::triggered, m_find, [this] {
        m_find->setFocus();
        m_find->selectAll();
    });
    addAction(findShortcut);
    connect(m_find, &QLineEdit::textChanged, this, &ManualView::search);
    connect(m_find, &QLineEdit::returnPressed, this, [this] {
        if (!m_hits.isEmpty())
            openHit(std::max(0, m_hitList->currentRow()));
    });

    m_contents = new QListWidget(this);
    m_contents->setObjectName(QStringLiteral("manualContents"));
    for (const ManualPage& page : m_manual.pages()) {
        auto* item = new QListWidgetItem(page.title, m_contents);
        item->setData(Qt::UserRole, page.file);
    }
    connect(m_contents, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) { openPage(item->data(Qt::UserRole).toString()); });
    connect(m_contents, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) { openPage(item->data(Qt::UserRole).toString()); });

    m_hitList = new QListWidget(this);
    m_hitList->setObjectName(QStringLiteral("manualHits"));
    m_hitList->setWordWrap(true);
    m_hitList->setAlternatingRowColors(true);
    connect(m_hitList, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) { openHit(m_hitList->row(item)); });
    connect(m_hitList, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) { openHit(m_hitList->row(item)); });

    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->hide();

    m_side = new QStackedWidget(this);
    m_side->addWidget(m_contents);
    m_side->addWidget(m_hitList);

    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(m_find);
    sideLayout->addWidget(m_summary);
    sideLayout->addWidget(m_side, 1);

    auto* splitter = new QSplitter(this);
    splitter->addWidget(side);
    splitter->addWidget(m_browser);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({260, 740});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(bar);
    layout->addWidget(splitter, 1);
    resize(1000, 720);

    connect(m_browser, &QTextBrowser::sourceChanged, this, [this](const QUrl& source) {
        const QString file = QFileInfo(source.toLocalFile()).fileName();
        for (int row = 0; row < m_contents->count(); ++row)
            if (m_contents->item(row)->data(Qt::UserRole).toString() == file)
                m_contents->setCurrentRow(row);
        setWindowTitle(tr("%1 — Conform Manual").arg(currentTitle()));
    });

    if (!hasPages())
        m_browser->setPlainText(tr("The manual was not installed with this copy of Conform (looked for %1).").arg(folder));
}

bool ManualView::openPage(const QString& file, const QString& anchor)
{
    if (!m_manual.page(file))
        return false;
    QUrl url = QUrl::fromLocalFile(QDir(m_manual.root()).filePath(file));
    if (!anchor.isEmpty())
        url.setFragment(anchor);
    m_browser->setSource(url);
    return true;
}

QString ManualView::currentPage() const
{
    return QFileInfo(m_browser->source().toLocalFile()).fileName();
}

QString ManualView::currentAnchor() const
{
    return m_browser->anchorShown();
}

QString ManualView::currentTitle() const
{
    for (QTextBlock block = m_browser->document()->begin(); block.isValid(); block = block.next())
        if (block.blockFormat().headingLevel() > 0)
            return block.text();
    return currentPage();
}

void ManualView::search(const QString& words)
{
    m_words = words.trimmed();
    m_hits = m_manual.search(m_words);
    if (m_words.isEmpty()) {
        m_side->setCurrentWidget(m_contents);
        m_summary->hide();
        return;
    }
    showHits();
}

void ManualView::showHits()
{
    m_hitList->clear();
    for (const ManualHit& hit : m_hits) {
        const ManualPage* page = m_manual.page(hit.file);
        const QString where = hit.heading == page->title ? page->title : page->title + QStringLiteral(" ▸ ") + hit.heading;
        auto* item = new QListWidgetItem(where + QLatin1Char('\n') + hit.excerpt, m_hitList);
        item->setToolTip(QStringLiteral("%1:%2").arg(hit.file).arg(hit.line));
    }
    m_summary->setText(searchSummary());
    m_summary->show();
    m_side->setCurrentWidget(m_hitList);
    if (!m_hits.isEmpty())
        m_hitList->setCurrentRow(0);
}

QString ManualView::searchSummary() const
{
    if (m_words.isEmpty())
        return {};
    if (m_hits.isEmpty())
        return tr("Nothing in the manual says “%1”.").arg(m_words);
    std::set<QString> pages;
    for (const ManualHit& hit : m_hits)
        pages.insert(hit.file);
    return tr("%n place(s)", nullptr, int(m_hits.size())) + QStringLiteral(" ") + tr("in %n page(s)", nullptr, int(pages.size()));
}

void ManualView::openHit(int row)
{
    if (row < 0 || row >= m_hits.size())
        return;
    const ManualHit& hit = m_hits[row];
    openPage(hit.file, hit.anchor);
    // The word itself, selected: from the heading the hit is under, else from the top.
    QTextCursor from = m_browser->textCursor();
    if (hit.anchor.isEmpty())
        from.movePosition(QTextCursor::Start);
    const QTextCursor found = m_browser->document()->find(m_words, from);
    if (!found.isNull()) {
        m_browser->setTextCursor(found);
        m_browser->ensureCursorVisible();
    }
}

void ManualView::followLink(const QUrl& link)
{
    m_browser->setSource(m_browser->source().resolved(link));
}

} // namespace conform::gui
