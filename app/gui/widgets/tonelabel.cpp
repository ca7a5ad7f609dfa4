#include "widgets/tonelabel.h"

#include <QEvent>

namespace conform::gui {

ToneLabel::ToneLabel(QWidget* parent, Tone tone, Look look) : QLabel(parent), m_tone(tone), m_look(look)
{
    restyle();
}

void ToneLabel::setTone(Tone tone, Look look)
{
    m_tone = tone;
    m_look = look;
    restyle();
}

void ToneLabel::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    // The application's palette changed (the theme): the colour is read again. The style
    // sheet set below causes a palette change of its own, which finds nothing to change.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        restyle();
}

void ToneLabel::restyle()
{
    const QString colour = toneColour(m_tone).name();
    QString sheet;
    switch (m_look) {
    case Look::Plain:
        sheet = QStringLiteral("color: %1;").arg(colour);
        break;
    case Look::Bold:
        sheet = QStringLiteral("color: %1; font-weight: 600;").arg(colour);
        break;
    case Look::Badge:
        sheet = QStringLiteral("color: %1; font-weight: 600; padding: 3px 8px; border: 1px solid %1; "
                               "border-radius: 4px;").arg(colour);
        break;
    }
    if (sheet != styleSheet())
        setStyleSheet(sheet);
}

} // namespace conform::gui
