// The text of an event the server runs (tournament::OnlineEvent, docs/events.md): a text
// either gets an error naming a line, a column and a field, or reads; what reads writes
// back to the same event and the same text, and its TRF is derived (or refused with an
// error) without a crash, with standings when it reads.
#include <algorithm>
#include <string>

#include "arbiter/tournament/online_event.hpp"
#include "arbiter/tournament/online_rules.hpp"
#include "fuzz.hpp"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16384) return 0;
  const auto text = fuzz::as_text(data, size);
  auto e = tournament::read_event(text);
  if (!e) {
    const Error& err = e.error();
    const auto lines = 1 + std::count(text.begin(), text.end(), '\n');
    FUZZ_CHECK(err.code == ErrorCode::kInvalidArgument);
    FUZZ_CHECK(err.where.line >= 1 && err.where.line <= lines);
    FUZZ_CHECK(err.where.column >= 1);
    FUZZ_CHECK(!err.where.field.empty());
    return 0;
  }
  const std::string written = tournament::write_event(*e);
  auto again = tournament::read_event(written);
  FUZZ_CHECK(again.has_value());
  FUZZ_CHECK(*again == *e);
  FUZZ_CHECK(tournament::write_event(*again) == written);
  if (auto trf = tournament::to_trf(*e)) {
    FUZZ_CHECK(trf->players.size() <= e->entrants.size());
    (void)tournament::event_standings(*e);
  }
  return 0;
}
