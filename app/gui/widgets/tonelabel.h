#pragma once
// A label whose text colour says what it means (themecolours.h's Tone): an outcome badge, a
// status line, a caption. Its colour is re-read from the palette when the theme changes.
#include "widgets/themecolours.h"

#include <QLabel>

namespace conform::gui {

class ToneLabel : public QLabel
{
    Q_OBJECT

public:
    enum class Look { Plain, Bold, Badge }; // Badge: bold in an outlined box

    explicit ToneLabel(QWidget* parent = nullptr, Tone tone = Tone::Muted, Look look = Look::Plain);

    void setTone(Tone tone, Look look);
    void setTone(Tone tone) { setTone(tone, m_look); }
    Tone tone() const { return m_tone; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void restyle();

    Tone m_tone;
    Look m_look;
};

} // namespace conform::gui
