#pragma once
// The prompt a workspace keeps beside its schema: prompt.md with a "## System" and a
// "## User" section (DESIGN.md, workspaces). The Run tab prefills its fields from it.
#include <QString>

namespace conform::gui {

struct PromptText
{
    QString system;
    QString user;
};

// Splits markdown at "## System" / "## User" headings (case-insensitive); text before the
// first heading, and other sections, are ignored. Leading and trailing blank lines are trimmed.
PromptText parsePromptMarkdown(const QString& markdown);
// prompt.md in the folder of `schemaPath`, when it exists and is readable.
bool readWorkspacePrompt(const QString& schemaPath, PromptText* prompt);
// A prompt file (prompt.md or *.prompt.md) anywhere.
bool readPromptFile(const QString& path, PromptText* prompt);

} // namespace conform::gui
