#pragma once
// The command line's stdout and stderr with every key this process holds masked
// (base/secrets.h): run() writes through these, so no log line, error, result or export on
// a standard stream carries a key, whichever command printed it and whatever it echoed.
#include <streambuf>
#include <string>

namespace conform::cli {

// Writes to `target` what is written to it, masked. While no key is remembered bytes pass
// at once; otherwise whole lines are masked and passed (and everything on a flush), so a key
// is never cut in two. A line longer than kMaxHeld is passed in pieces, masked first.
class MaskingBuffer final : public std::streambuf
{
public:
    explicit MaskingBuffer(std::streambuf* target);
    ~MaskingBuffer() override;

    static constexpr std::size_t kMaxHeld = 1024 * 1024;
    static constexpr std::size_t kKeyRoom = 512; // longer than any key

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;

private:
    void drain(bool all);
    void pass(const std::string& text);

    std::streambuf* m_target;
    char m_area[8192];
    std::string m_held; // the start of a line not yet passed
};

} // namespace conform::cli
