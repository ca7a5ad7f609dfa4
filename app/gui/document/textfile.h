#pragma once
// Reading a file into an editor: only text, and not more than an editor can hold. A file with
// NUL bytes or more than a few invalid UTF-8 sequences is refused as "not a text file" (not
// shown as control characters); a UTF-8 byte-order mark is dropped; a file above
// kMaxEditorBytes is refused with the CLI as the way to check it.
//
// Files above kReadOnWorkerBytes are read on a worker thread and poured into an editor in
// steps (TextDocument::open), so opening a 20 MB file never stops the window.
#include <QByteArray>
#include <QString>

#include <cstddef>

namespace conform::gui {

inline constexpr qint64 kMaxEditorBytes = 64ll * 1024 * 1024;
inline constexpr qint64 kReadOnWorkerBytes = 1024 * 1024;

struct TextFile
{
    bool ok = false;
    QByteArray utf8; // when ok: the file's bytes without a byte-order mark
    QString error;   // when not: one line, what is wrong (the caller names the file)

    QString text() const { return QString::fromUtf8(utf8); }
};

TextFile readTextFile(const QString& path, qint64 maxBytes = kMaxEditorBytes);

// Invalid UTF-8 sequences in `bytes` (counting stops at `enough`).
std::size_t invalidUtf8Sequences(const char* bytes, std::size_t size, std::size_t enough);

} // namespace conform::gui
