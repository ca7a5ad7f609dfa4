#include "widgets/themecolours.h"

#include <QApplication>

namespace conform::gui {

bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::WindowText).lightness() > palette.color(QPalette::Window).lightness();
}

StatusColours statusColours()
{
    return statusColours(QApplication::palette());
}

StatusColours statusColours(const QPalette& palette)
{
    // Light: GitHub's accessible foregrounds on white. Dark: their counterparts for dark
    // backgrounds, which keep at least 4.5:1 contrast on #1e1f22.
    if (isDarkPalette(palette))
        return {QColor(0x3f, 0xb9, 0x50), QColor(0x58, 0xa6, 0xff), QColor(0xd2, 0x99, 0x22),
                QColor(0xf8, 0x51, 0x49), QColor(0x9a, 0xa1, 0xa9), QColor(0x3a, 0x3d, 0x42),
                QColor(0x1f, 0x3d, 0x2a), QColor(0x4a, 0x22, 0x25), QColor(0xa3, 0x71, 0xf7)};
    return {QColor(0x1a, 0x7f, 0x37), QColor(0x09, 0x69, 0xda), QColor(0x9a, 0x67, 0x00),
            QColor(0xcf, 0x22, 0x2e), QColor(0x57, 0x60, 0x6a), QColor(0xea, 0xee, 0xf2),
            QColor(0xd8, 0xf0, 0xd8), QColor(0xf6, 0xd6, 0xd6), QColor(0x82, 0x50, 0xdf)};
}

EditorColours editorColours(const QPalette& palette)
{
    // Keys stand out, values are readable, punctuation recedes — in either brightness.
    if (isDarkPalette(palette))
        return {
            .text = QColor(0xdf, 0xe1, 0xe5), .property = QColor(0x79, 0xc0, 0xff),
            .string = QColor(0xa5, 0xd6, 0xff), .number = QColor(0x7e, 0xe7, 0x87),
            .keyword = QColor(0xd2, 0xa8, 0xff), .operators = QColor(0x8b, 0x94, 0x9e),
            .escape = QColor(0xff, 0xa6, 0x57), .error = QColor(0xff, 0x7b, 0x72),
            .errorPaper = QColor(0x4a, 0x22, 0x25), .paper = QColor(0x1e, 0x1f, 0x22),
            .readOnlyPaper = QColor(0x24, 0x26, 0x29), .margin = QColor(0x2b, 0x2d, 0x30),
            .marginText = QColor(0x6e, 0x76, 0x81), .caretLine = QColor(0x26, 0x2a, 0x31),
            .selection = QColor(0x26, 0x4f, 0x78), .matchedBrace = QColor(0x1f, 0x44, 0x5e),
            .issue = QColor(0xf8, 0x51, 0x49), .focus = QColor(0xbb, 0x80, 0x09, 120),
            .focusOutline = QColor(0xe3, 0xb3, 0x41), .fix = QColor(0x3f, 0xb9, 0x50, 70),
            .fixHover = QColor(0x3f, 0xb9, 0x50, 140),
        };
    return {
        .text = QColor(0x24, 0x29, 0x2e), .property = QColor(0x00, 0x5c, 0xc5),
        .string = QColor(0x03, 0x2f, 0x62), .number = QColor(0x00, 0x80, 0x50),
        .keyword = QColor(0x6f, 0x42, 0xc1), .operators = QColor(0x6a, 0x73, 0x7d),
        .escape = QColor(0xe3, 0x62, 0x09), .error = QColor(0xb3, 0x1d, 0x28),
        .errorPaper = QColor(0xff, 0xeb, 0xe9), .paper = QColor(0xff, 0xff, 0xff),
        .readOnlyPaper = QColor(0xfa, 0xfb, 0xfc), .margin = QColor(0xf6, 0xf8, 0xfa),
        .marginText = QColor(0x8c, 0x95, 0x9f), .caretLine = QColor(0xf3, 0xf6, 0xfb),
        .selection = QColor(0xc8, 0xe1, 0xff), .matchedBrace = QColor(0xdd, 0xf4, 0xff),
        .issue = QColor(0xd7, 0x3a, 0x49), .focus = QColor(0xff, 0xc1, 0x07, 110),
        .focusOutline = QColor(0xe0, 0x9a, 0x00), .fix = QColor(0x2e, 0xa0, 0x43, 70),
        .fixHover = QColor(0x2e, 0xa0, 0x43, 140),
    };
}


QColor toneColour(Tone tone, const StatusColours& colours)
{
    switch (tone) {
    case Tone::Success: return colours.success;
    case Tone::Info: return colours.info;
    case Tone::Warning: return colours.warning;
    case Tone::Failure: return colours.failure;
    case Tone::Unchecked: return colours.unchecked;
    case Tone::Muted: break;
    }
    return colours.muted;
}

QColor toneColour(Tone tone)
{
    return toneColour(tone, statusColours());
}

} // namespace conform::gui
