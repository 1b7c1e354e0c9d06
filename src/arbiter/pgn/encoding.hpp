// Text encodings of PGN files (PGN standard 4.1 asks for ISO 8859-1; today's files are
// UTF-8, with or without a byte-order mark). Strings the reader hands out are UTF-8:
// text that is not valid UTF-8 is taken to be Latin-1 and converted.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::pgn {

inline constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// True when `text` is well-formed UTF-8 (no overlong forms, no surrogates, ≤ U+10FFFF).
[[nodiscard]] bool is_valid_utf8(std::string_view text) noexcept;

// Every byte is one Latin-1 (ISO 8859-1) character; appends its UTF-8 form to `out`.
void append_latin1_as_utf8(std::string_view text, std::string& out);

// `text` itself when it is valid UTF-8, else its Latin-1 reading converted into `scratch`.
// Sets `converted` accordingly.
[[nodiscard]] std::string_view as_utf8(std::string_view text, std::string& scratch,
                                       bool& converted);

}  // namespace arbiter::pgn
