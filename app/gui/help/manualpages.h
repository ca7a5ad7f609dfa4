#pragma once
// The user manual as the workbench reads it: Markdown pages in one folder (resources/manual/
// in a build tree, /usr/share/doc/conform/manual/ when installed), in the order index.md
// links them, and a search that finds a word across all of them.
//
//   ManualPages manual(ManualPages::folder());
//   for (const ManualPage& page : manual.pages())  ...  page.file, page.title
//   for (const ManualHit& hit : manual.search(u"cassette"))  ...  hit.file, hit.heading, hit.excerpt
//
// QtCore only: the viewer (manualview.h) shows what this finds.
#include <QList>
#include <QString>

namespace conform::gui {

struct ManualPage
{
    QString file;  // "captures-and-qa.md", relative to the folder
    QString title; // its first heading, "Captures and QA"
    QString text;  // the Markdown
};

struct ManualHit
{
    QString file;    // the page
    QString heading; // the nearest heading above the hit, else the page's title
    QString anchor;  // that heading's anchor ("captures-every-run-remembered"), "" for the title
    QString excerpt; // the line the word is on, trimmed to about 100 characters around it
    int line = 0;    // 1-based, in the page
};

class ManualPages
{
public:
    // Reads every page index.md links to, in that order, then any other .md page in the folder
    // by name. An empty folder, or one without index.md, has no pages.
    explicit ManualPages(const QString& folder);

    // The installed manual beside the program, else the source tree's; "" when neither exists.
    static QString folder();

    QString root() const { return m_folder; }
    const QList<ManualPage>& pages() const { return m_pages; }
    const ManualPage* page(const QString& file) const;

    // Every line of every page that holds `words` (case-insensitive, as typed), in page order.
    // Lines of code blocks count: a command line is what people look for.
    QList<ManualHit> search(const QString& words) const;

    // GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens
    // ("Compare: is B better than A?" → "compare-is-b-better-than-a").
    static QString anchorOf(const QString& heading);

private:
    QString m_folder;
    QList<ManualPage> m_pages;
};

} // namespace conform::gui
