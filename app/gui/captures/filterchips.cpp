#include "captures/filterchips.h"

#include "captures/capturefilterbar.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace conform::gui {

namespace {

// A chip's text is shown whole up to this width and elided beyond it, whole in its tooltip.
constexpr int kChipTextWidth = 260;

} // namespace

FilterChips::FilterChips(CaptureFilterBar* filters, QWidget* parent)
    : QWidget(parent), m_filters(filters), m_row(new QHBoxLayout(this)), m_empty(new QLabel(this))
{
    setObjectName(QStringLiteral("filterChips"));
    m_row->setContentsMargins(0, 0, 0, 0);
    m_row->setSpacing(4);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_row->addWidget(m_empty);
    m_row->addStretch(1);
    connect(filters, &CaptureFilterBar::fieldsChanged, this, &FilterChips::rebuild);
    rebuild();
}

QStringList FilterChips::texts() const
{
    return m_texts;
}

void FilterChips::setIgnored(bool ignored, const QString& why)
{
    m_ignored = ignored;
    m_ignoredWhy = why;
    rebuild();
}

QWidget* FilterChips::chip(const QString& text, const QString& toolTip, const QString& buttonText, const QString& buttonTip)
{
    auto* frame = new QFrame(this);
    frame->setObjectName(QStringLiteral("filterChip"));
    frame->setFrameShape(QFrame::StyledPanel);
    frame->setToolTip(toolTip);
    auto* layout = new QHBoxLayout(frame);
    layout->setContentsMargins(6, 1, 1, 1);
    layout->setSpacing(2);
    auto* label = new QLabel(frame);
    label->setText(label->fontMetrics().elidedText(text, Qt::ElideMiddle, kChipTextWidth));
    layout->addWidget(label);
    auto* button = new QToolButton(frame);
    button->setText(buttonText);
    button->setToolTip(buttonTip);
    button->setAutoRaise(true);
    layout->addWidget(button);
    m_texts << text;
    return frame;
}

void FilterChips::rebuild()
{
    // Everything but the empty label and the closing stretch is a chip of the last rebuild.
    // A chip's own ✕ may be what is emitting now: it goes from view at once, and from memory
    // once the emission is over.
    while (m_row->count() > 2) {
        QLayoutItem* item = m_row->takeAt(1);
        if (QWidget* chip = item->widget()) {
            chip->hide();
            chip->setParent(nullptr);
            chip->deleteLater();
        }
        delete item;
    }
    m_texts.clear();
    int at = 1;
    const auto add = [this, &at](QWidget* widget) { m_row->insertWidget(at++, widget); };
    if (m_filters->isTemporary()) {
        QWidget* back = chip(tr("Showing %1").arg(m_filters->temporaryReason()),
                             tr("A filter set for the moment; it is not remembered. Back brings your own filter again."),
                             tr("Back"), tr("Your own filter, as it was"));
        back->findChild<QToolButton*>()->setObjectName(QStringLiteral("backToOwnFilter"));
        connect(back->findChild<QToolButton*>(), &QToolButton::clicked, m_filters, &CaptureFilterBar::restorePrevious);
        add(back);
    }
    for (const QString& name : m_filters->fieldNames()) {
        const QString value = m_filters->fieldText(name);
        if (value.isEmpty())
            continue;
        const QString text = tr("%1: %2").arg(m_filters->fieldTitle(name), value);
        QWidget* one = chip(text, tr("%1 (--%2 %3)").arg(text, name, m_filters->field(name)), QStringLiteral("✕"), tr("Remove this filter"));
        connect(one->findChild<QToolButton*>(), &QToolButton::clicked, m_filters, [this, name] { m_filters->setField(name, {}); });
        one->setEnabled(!m_ignored);
        add(one);
    }
    if (m_ignored)
        m_empty->setText(m_ignoredWhy);
    else
        m_empty->setText(m_texts.isEmpty() ? tr("No filter: every capture in the store") : tr("Filtered by"));
}

} // namespace conform::gui
