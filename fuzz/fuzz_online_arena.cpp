// The text of an arena the server runs (tournament::OnlineArena, docs/events.md "Arena"):
// a text either gets an error naming a line (or the field "counted") and a field, or
// reads; what reads writes back to the same arena and the same text; its players are
// replayed from its games, ranked, and paired without a player in play, paused, or twice.
#include <algorithm>
#include <set>
#include <string>

#include "arbiter/tournament/online_arena.hpp"
#include "fuzz.hpp"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16384) return 0;
  const auto text = fuzz::as_text(data, size);
  auto a = tournament::read_arena(text);
  if (!a) {
    const Error& err = a.error();
    const auto lines = 1 + std::count(text.begin(), text.end(), '\n');
    FUZZ_CHECK(err.code == ErrorCode::kInvalidArgument);
    FUZZ_CHECK(!err.where.field.empty());
    if (err.where.field != "counted") {
      FUZZ_CHECK(err.where.line >= 1 && err.where.line <= lines);
      FUZZ_CHECK(err.where.column >= 1);
    }
    return 0;
  }
  const std::string written = tournament::write_arena(*a);
  auto again = tournament::read_arena(written);
  FUZZ_CHECK(again.has_value());
  FUZZ_CHECK(*again == *a);
  FUZZ_CHECK(tournament::write_arena(*again) == written);
  const auto players = tournament::arena_players(*a);
  FUZZ_CHECK(players.size() == a->entrants.size());
  FUZZ_CHECK(tournament::arena_ranking(players).size() == players.size());
  const auto before = a->games.size();
  const auto made = tournament::arena_pair(*a, a->settings.starts_ms, 0);
  FUZZ_CHECK(a->games.size() == before + made.size());
  std::set<std::int64_t> seen;
  for (std::size_t i : made) {
    for (std::int64_t who : {a->games[i].white, a->games[i].black}) {
      FUZZ_CHECK(seen.insert(who).second);
      const auto* p = a->entrant_of(who);
      FUZZ_CHECK(p != nullptr && !p->paused);
      const auto it = std::find_if(players.begin(), players.end(),
                                   [&](const auto& q) { return q.account == who; });
      FUZZ_CHECK(it != players.end() && !it->playing);
    }
  }
  auto after = tournament::read_arena(tournament::write_arena(*a));
  FUZZ_CHECK(after.has_value());
  return 0;
}
