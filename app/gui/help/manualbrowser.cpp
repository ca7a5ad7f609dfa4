#include "manualbrowser.h"

#include "manualpages.h"

#include <QAbstractTextDocumentLayout>
#include <QImage>
#include <QPixmap>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextImageFormat>

#include <utility>

namespace conform::gui {

namespace {

QSizeF naturalSize(QTextDocument* document, const QString& name)
{
    const QVariant resource = document->resource(QTextDocument::ImageResource, QUrl(name));
    if (resource.canConvert<QImage>())
        return resource.value<QImage>().size();
    if (resource.canConvert<QPixmap>())
        return resource.value<QPixmap>().size();
    return {};
}

} // namespace

ManualBrowser::ManualBrowser(QWidget* parent) : QTextBrowser(parent)
{
    setOpenExternalLinks(true);
}

void ManualBrowser::doSetSource(const QUrl& name, QTextDocument::ResourceType type)
{
    QTextBrowser::doSetSource(name, type);
    wrapCode();
    fitImages();
    m_anchor.clear();
    m_pending = isVisible() ? QString() : name.fragment();
    if (name.hasFragment())
        scrollToHeading(name.fragment());
}

bool ManualBrowser::scrollToHeading(const QString& anchor)
{
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() == 0 || ManualPages::anchorOf(block.text()) != anchor)
            continue;
        QTextCursor cursor(block);
        setTextCursor(cursor);
        const qreal top = document()->documentLayout()->blockBoundingRect(block).top();
        verticalScrollBar()->setValue(int(top));
        m_anchor = anchor;
        return true;
    }
    return false;
}

// Markdown's code blocks arrive unbreakable: one long command line would give the whole page
// a sideways scroll, and a hit found in it would scroll the prose out of sight.
void ManualBrowser::wrapCode()
{
    QTextCursor cursor(document());
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        QTextBlockFormat format = block.blockFormat();
        if (!format.nonBreakableLines())
            continue;
        format.setNonBreakableLines(false);
        cursor.setPosition(block.position());
        cursor.setBlockFormat(format);
    }
}

void ManualBrowser::resizeEvent(QResizeEvent* event)
{
    QTextBrowser::resizeEvent(event);
    fitImages();
}

void ManualBrowser::showEvent(QShowEvent* event)
{
    QTextBrowser::showEvent(event);
    if (!m_pending.isEmpty())
        scrollToHeading(std::exchange(m_pending, QString()));
}

// Screenshots are taken at 1600×900: shown at their own size they would need a sideways
// scroll, so each is drawn at most as wide as the page, keeping its proportions.
void ManualBrowser::fitImages()
{
    const qreal room = std::max(200, viewport()->width() - 2 * int(document()->documentMargin()) - 8);
    // Collected first: setting a format may merge fragments under an iterator.
    struct Resize
    {
        int position;
        int length;
        QTextImageFormat format;
    };
    QList<Resize> resizes;
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.isValid() || !fragment.charFormat().isImageFormat())
                continue;
            QTextImageFormat image = fragment.charFormat().toImageFormat();
            const QSizeF natural = naturalSize(document(), image.name());
            if (natural.isEmpty())
                continue;
            const qreal width = std::min(natural.width(), room);
            if (qFuzzyCompare(image.width(), width))
                continue;
            image.setWidth(width);
            image.setHeight(natural.height() * width / natural.width());
            resizes.append({fragment.position(), fragment.length(), image});
        }
    }
    QTextCursor cursor(document());
    for (const Resize& resize : resizes) {
        cursor.setPosition(resize.position);
        cursor.setPosition(resize.position + resize.length, QTextCursor::KeepAnchor);
        cursor.setCharFormat(resize.format);
    }
}

} // namespace conform::gui
