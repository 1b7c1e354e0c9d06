// JSON written straight into a string: what the server sends and stores for every move
// (issue #16: building those messages as nlohmann documents cost 9 % of the server's
// processor time). The output is compact and byte for byte what nlohmann's
// `dump(-1, ' ', false, error_handler_t::replace)` writes for the same values, which
// json_text_test.cpp checks against nlohmann itself.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

namespace arbiter::wire {

// Appends `text` to `out` as a JSON string literal: `"` and `\` escaped, control
// characters as \b \f \n \r \t or \u00XX, everything else as it is; a byte sequence that
// is not UTF-8 becomes U+FFFD (as nlohmann's `replace`), so the output is always valid.
void append_json_string(std::string& out, std::string_view text);
// The same literal as a string of its own.
[[nodiscard]] std::string json_string(std::string_view text);

// A writer of one compact JSON value. Commas are placed by the writer: after `open()`,
// `key()` or `open_array()` none is needed; after a value or a `close()`, the next key or
// array element gets one.
//
//   JsonText j;
//   j.open().field("t", "ack").field("id", 7).close();   // {"t":"ack","id":7}
class JsonText {
 public:
  JsonText() = default;
  explicit JsonText(std::size_t reserve) { out_.reserve(reserve); }

  JsonText& open() { return punct('{'); }
  JsonText& close() { return end('}'); }
  JsonText& open_array() { return punct('['); }
  JsonText& close_array() { return end(']'); }

  // `"name":`, the name escaped as a string value is.
  JsonText& key(std::string_view name);

  JsonText& value(std::string_view s);
  JsonText& value(const char* s) { return value(std::string_view{s}); }
  JsonText& value(const std::string& s) { return value(std::string_view{s}); }
  JsonText& value(bool b) { return raw(b ? "true" : "false"); }
  template <std::integral T>
  requires(!std::same_as<T, bool>) JsonText& value(T n) {
    return integer(static_cast<std::int64_t>(n));
  }
  JsonText& null() { return raw("null"); }

  // key(name) then value(v).
  template <typename T>
  JsonText& field(std::string_view name, const T& v) {
    key(name);
    return value(v);
  }
  JsonText& null_field(std::string_view name) { return key(name).null(); }

  [[nodiscard]] const std::string& text() const noexcept { return out_; }
  [[nodiscard]] std::string take() { return std::move(out_); }

 private:
  JsonText& punct(char c);
  JsonText& end(char c);
  JsonText& raw(std::string_view literal);
  JsonText& integer(std::int64_t n);
  void separate() {
    if (comma_) out_ += ',';
  }

  std::string out_;
  bool comma_ = false;
};

}  // namespace arbiter::wire
