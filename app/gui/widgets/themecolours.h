#pragma once
// The workbench's colours by meaning — success, warning, failure, muted text, editor syntax —
// in a light and a dark variant, picked from the palette in force. Views ask at paint time
// (models in data(), editors on a palette change), so switching the theme in Settings recolours
// everything at once; nothing hard-codes a colour that only reads on white.
#include <QColor>
#include <QPalette>
#include <QString>

namespace conform::gui {

// Dark when the palette's text is lighter than its background.
bool isDarkPalette(const QPalette& palette);

struct StatusColours
{
    QColor success;  // valid, first try, passed
    QColor info;     // repaired, a neutral highlight
    QColor warning;  // invalid but parsed, fallback
    QColor failure;  // failed, transport error
    QColor muted;    // secondary text: descriptions, cancelled runs
    QColor track;    // the unfilled part of a bar
    QColor passedRow, failedRow; // row backgrounds of a pass/fail table
    QColor unchecked; // judged by no schema: neither a success nor a failure
};

struct EditorColours
{
    QColor text, property, string, number, keyword, operators, escape, error, errorPaper;
    QColor paper, readOnlyPaper, margin, marginText, caretLine, selection, matchedBrace;
    QColor issue, focus, focusOutline, fix, fixHover;
};

// For the application's palette (QApplication::palette()) unless one is given.
StatusColours statusColours();
StatusColours statusColours(const QPalette& palette);
EditorColours editorColours(const QPalette& palette);

// What a piece of status text means, so its colour can follow the theme.
enum class Tone { Muted, Success, Info, Warning, Failure, Unchecked };
QColor toneColour(Tone tone, const StatusColours& colours);
QColor toneColour(Tone tone); // on the application's palette

} // namespace conform::gui
