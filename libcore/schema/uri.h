#pragma once
// URI references as JSON Schema uses them for $id, $ref and $anchor: RFC 3986 resolution
// (section 5.2) of a reference against a base, and splitting off the fragment. No network,
// no percent-decoding of anything but JSON-pointer fragments.
#include <string>
#include <string_view>

namespace conform::schema::uri {

// `reference` resolved against `base` ("http://x/a/b.json" + "c.json#/d" -> "http://x/a/c.json#/d").
// An empty base leaves relative references relative, which is fine as long as every $id and
// $ref of one compile resolves against the same (possibly empty) root.
std::string resolve(std::string_view base, std::string_view reference);

// The URI without its fragment: "http://x/a.json#/b" -> "http://x/a.json".
std::string_view withoutFragment(std::string_view uri);

// The fragment without '#', or "" when there is none.
std::string_view fragment(std::string_view uri);

// %XX sequences decoded (JSON pointer fragments like "#/%25percent").
std::string percentDecode(std::string_view text);

} // namespace conform::schema::uri
