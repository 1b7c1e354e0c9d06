// TRF files (spec/tournaments.md): a file either gets an error naming a line and column
// inside it, or reads; what reads writes back and reads again to the same model, and the
// second writing is the first; cut back one round, it still reads.
#include <algorithm>
#include <string>

#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/trf.hpp"
#include "fuzz.hpp"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16384) return 0;
  const auto text = fuzz::as_text(data, size);
  auto t = tournament::read_trf(text);
  if (!t) {
    const Error& e = t.error();
    const auto lines =
        1 + std::count(text.begin(), text.end(), '\r') + std::count(text.begin(), text.end(), '\n');
    FUZZ_CHECK(e.code == ErrorCode::kTrfSyntax || e.code == ErrorCode::kTrfConsistency);
    FUZZ_CHECK(e.where.line >= 1 && e.where.line <= lines);
    FUZZ_CHECK(e.where.column >= 1);
    FUZZ_CHECK(!e.where.field.empty());
    FUZZ_CHECK(!e.message.empty());
    return 0;
  }
  const std::string written = tournament::write_trf(*t);
  auto again = tournament::read_trf(written);
  FUZZ_CHECK(again.has_value());
  FUZZ_CHECK(again->players == t->players);
  FUZZ_CHECK(again->settings == t->settings);
  FUZZ_CHECK(again->records == t->records);
  FUZZ_CHECK(tournament::write_trf(*again) == written);
  const int played = tournament::rounds_played(*t);
  if (played >= 1) {
    auto cut = tournament::cut_to_rounds(*t, played - 1);
    FUZZ_CHECK(cut.has_value());
    auto reread = tournament::read_trf(tournament::write_trf(*cut));
    FUZZ_CHECK(reread.has_value());
    FUZZ_CHECK(tournament::rounds_played(*reread) <= played - 1);
  }
  return 0;
}
