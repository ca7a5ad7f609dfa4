#include "masking_stream.h"

#include "base/secrets.h"

#include <cstring>

namespace conform::cli {

MaskingBuffer::MaskingBuffer(std::streambuf* target) : m_target(target)
{
    setp(m_area, m_area + sizeof m_area);
}

MaskingBuffer::~MaskingBuffer()
{
    drain(true);
}

MaskingBuffer::int_type MaskingBuffer::overflow(int_type c)
{
    drain(false);
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

std::streamsize MaskingBuffer::xsputn(const char* s, std::streamsize n)
{
    if (n <= epptr() - pptr()) {
        std::memcpy(pptr(), s, std::size_t(n));
        pbump(int(n));
        return n;
    }
    drain(false);
    m_held.append(s, std::size_t(n)); // a large write goes by the held text, not the area
    drain(false);
    return n;
}

int MaskingBuffer::sync()
{
    drain(true);
    return m_target->pubsync();
}

void MaskingBuffer::drain(bool all)
{
    m_held.append(pbase(), std::size_t(pptr() - pbase()));
    setp(m_area, m_area + sizeof m_area);
    if (m_held.empty())
        return;
    if (!secrets::any()) {
        pass(m_held);
        m_held.clear();
        return;
    }
    std::size_t cut = all ? m_held.size() : m_held.rfind('\n') + 1; // npos + 1 == 0: no line yet
    if (cut == 0 && m_held.size() > kMaxHeld) {
        // Masked whole first: a key that starts before the cut then ends before the text does.
        m_held = secrets::mask(std::string(m_held.data(), m_held.size())); // (a move here trips GCC 12's -Warray-bounds)
        cut = m_held.size() - kKeyRoom;
    }
    if (cut == 0)
        return;
    pass(secrets::mask(m_held.substr(0, cut)));
    m_held.erase(0, cut);
}

void MaskingBuffer::pass(const std::string& text)
{
    m_target->sputn(text.data(), std::streamsize(text.size()));
}

} // namespace conform::cli
