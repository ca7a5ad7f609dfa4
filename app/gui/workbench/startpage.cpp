#include "workbench/startpage.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace conform::gui {

StartPage::StartPage(QWidget* parent) : QWidget(parent), m_list(new QListWidget(this))
{
    auto* title = new QLabel(tr("<h2>Conform</h2><p>Design a JSON Schema and a prompt, ask a model, and see every step: "
                                "the raw reply, what was repaired, each issue, each repair turn, the final value.</p>"
                                "<p><b>Demos</b> run offline: double-click one to watch it.</p>"), this);
    title->setWordWrap(true);
    m_list->setWordWrap(true);
    // Items are laid out again at every width, so a wrapped description gets the height it
    // needs there (laid out once, at the first width, they were cut or left a gap), and the
    // list starts at its top.
    m_list->setResizeMode(QListView::Adjust);
    m_list->setTextElideMode(Qt::ElideNone);
    m_list->setAlternatingRowColors(true);
    m_list->setSpacing(3);
    m_list->setToolTip(tr("Double-click (or press Enter) to open the demo's schema and prompt and run it"));
    auto* openWorkspace = new QPushButton(tr("Open Workspace…"), this);
    auto* openFile = new QPushButton(tr("Open File…"), this);
    openWorkspace->setToolTip(tr("A folder with one sub-folder per schema (schema.json, prompt.md, examples/)"));
    openFile->setToolTip(tr("A schema, an instance, a .jsonl file, a reply or a prompt"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(openWorkspace);
    buttons->addWidget(openFile);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 12, 16, 12);
    layout->addWidget(title);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);
    connect(openWorkspace, &QPushButton::clicked, this, &StartPage::openWorkspaceRequested);
    connect(openFile, &QPushButton::clicked, this, &StartPage::openFileRequested);
    connect(m_list, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        const int row = m_list->row(item);
        if (row >= 0 && row < m_demos.size())
            emit demoChosen(m_demos[row]);
    });
}

void StartPage::setDemos(const QList<Demo>& demos)
{
    m_demos = demos;
    m_list->clear();
    for (const Demo& demo : demos) {
        auto* item = new QListWidgetItem(demo.description.isEmpty() ? demo.name : tr("%1 — %2").arg(demo.name, demo.description), m_list);
        item->setToolTip(demo.description);
    }
    m_list->scrollToTop();
}

} // namespace conform::gui
