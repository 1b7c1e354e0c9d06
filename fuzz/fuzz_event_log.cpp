// Game event logs (spec/game-events.md) through the whole competition Arbiter: any text
// gives either an error naming its line or a verdict, which prints as JSON; the same log
// adjudicated twice gives the same verdict (the rules code reads no wall clock).
#include <sstream>

#include "arbiter/wire/adjudicate.hpp"
#include "arbiter/wire/verdict_json.hpp"
#include "fuzz.hpp"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 8192) return 0;
  const std::string text{fuzz::as_text(data, size)};
  std::istringstream first_in{text};
  auto first = wire::adjudicate(first_in);
  if (!first) {
    FUZZ_CHECK(!first.error().message.empty());
    return 0;
  }
  const std::string json = wire::verdict_to_json(*first);
  FUZZ_CHECK(!json.empty() && json.front() == '{');
  std::istringstream second_in{text};
  auto second = wire::adjudicate(second_in);
  FUZZ_CHECK(second.has_value());
  FUZZ_CHECK(wire::verdict_to_json(*second) == json);
  return 0;
}
