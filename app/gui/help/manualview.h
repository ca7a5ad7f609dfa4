#pragma once
// Help ▸ Manual: the user manual's pages rendered (QTextBrowser reads their Markdown), their
// links followed, their pictures shown, and a search box that finds a word across every page
// and lists the hits. One window for the workbench, opened on the page of the activity in
// front (context help).
#include "manualpages.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QStackedWidget;

namespace conform::gui {

class ManualBrowser;

class ManualView : public QWidget
{
    Q_OBJECT
public:
    // `folder` is the manual's folder (ManualPages::folder() in the workbench).
    explicit ManualView(const QString& folder, QWidget* parent = nullptr);

    // Shows `file` ("captures-and-qa.md"), scrolled to the heading `anchor` when one is given.
    // False when the manual has no such page.
    bool openPage(const QString& file, const QString& anchor = {});
    // What is shown: the page's file name and the anchor it was opened at.
    QString currentPage() const;
    QString currentAnchor() const;
    // The title of the page shown, as the browser renders it.
    QString currentTitle() const;

    // Lists the hits for `words` in place of the contents; "" goes back to the contents.
    void search(const QString& words);
    const QList<ManualHit>& hits() const { return m_hits; }
    // Opens hit `row` with its word selected.
    void openHit(int row);
    // What the search line says ("12 places in 4 pages", "Nothing in the manual says …").
    QString searchSummary() const;

    // Follows a link as a click would (relative to the page shown).
    void followLink(const QUrl& link);

    bool hasPages() const { return !m_manual.pages().isEmpty(); }

private:
    void showHits();

    ManualPages m_manual;
    ManualBrowser* m_browser = nullptr;
    QLineEdit* m_find = nullptr;
    QStackedWidget* m_side = nullptr;
    QListWidget* m_contents = nullptr;
    QListWidget* m_hitList = nullptr;
    QLabel* m_summary = nullptr;
    QList<ManualHit> m_hits;
    QString m_words;
};

} // namespace conform::gui
