// The stored text of a game's analysis (analysis::to_text, docs/analysis.md "Text form"):
// a text either gets an error naming a line and a field, or reads; what reads writes
// back to a text that reads to the same analysis.
#include <algorithm>
#include <string>

#include "arbiter/analysis/text_form.hpp"
#include "fuzz.hpp"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16384) return 0;
  const auto text = fuzz::as_text(data, size);
  auto a = analysis::parse_analysis(text);
  if (!a) {
    const Error& err = a.error();
    const auto lines = 1 + std::count(text.begin(), text.end(), '\n');
    FUZZ_CHECK(err.where.line >= 1 && err.where.line <= lines);
    FUZZ_CHECK(!err.where.field.empty());
    FUZZ_CHECK(!err.message.empty());
    return 0;
  }
  const std::string written = analysis::to_text(*a);
  auto again = analysis::parse_analysis(written);
  FUZZ_CHECK(again.has_value());
  FUZZ_CHECK(*again == *a);
  FUZZ_CHECK(analysis::to_text(*again) == written);
  return 0;
}
