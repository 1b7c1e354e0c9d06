// Time-control strings (spec/game-events.md, with decimal seconds): an accepted control
// prints in canonical form and reads back equal; a refused one names the column.
#include "arbiter/clock/time_control.hpp"
#include "fuzz.hpp"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 128) return 0;
  const auto text = fuzz::as_text(data, size);
  auto tc = clock::TimeControl::parse(text);
  if (!tc) {
    FUZZ_CHECK(tc.error().where.column >= 1);
    FUZZ_CHECK(static_cast<std::size_t>(tc.error().where.column) <= size + 1);
    FUZZ_CHECK(tc.error().where.field == "time_control");
    return 0;
  }
  const std::string printed = tc->to_string();
  auto again = clock::TimeControl::parse(printed);
  FUZZ_CHECK(again.has_value());
  FUZZ_CHECK(*again == *tc);
  FUZZ_CHECK(again->to_string() == printed);
  (void)tc->category();
  return 0;
}
