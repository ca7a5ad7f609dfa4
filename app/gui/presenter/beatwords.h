#pragma once
// A narration beat (engine/narration.h) as the caption a room reads: one sentence in plain
// words, in the user's language — "The model wrapped its JSON in a code fence; Conform takes
// the fenced block." — and the closing card's lines. The words are made from what the beat
// carries (a fix's kind, an issue's pointer and message, a mode), never per demo.
#include "engine/narration.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace conform::gui {

struct BeatWords
{
    Q_DECLARE_TR_FUNCTIONS(BeatWords)
public:
    // The caption of `beat` in `record`.
    static QString caption(const engine::Beat& beat, const engine::RunRecord& record);
    // The closing card, a line each: outcome, calls and repairs, tokens, time, and what a
    // client with JSON.parse alone would have got.
    static QStringList closing(const engine::ClosingCard& card);
};

} // namespace conform::gui
