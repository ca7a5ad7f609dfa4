#pragma once
// Which lines two texts do not share, for marking a side-by-side view: the lines outside a
// longest common subsequence of lines, as byte spans of each text.
#include "base/span.h"

#include <string_view>
#include <vector>

namespace conform::gui {

struct LineDifferences
{
    std::vector<Span> onlyLeft, onlyRight; // whole lines (without their line break)
};

// Texts of up to a few thousand lines each are diffed exactly; beyond that (a table of
// left × right lines would not fit) a line counts as shared when the other text has it anywhere.
LineDifferences differingLines(std::string_view left, std::string_view right);

} // namespace conform::gui
