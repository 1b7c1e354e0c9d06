#include "arbiter/tournament/dutch_check.hpp"

#include <algorithm>
#include <utility>

#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/swiss_state.hpp"

namespace arbiter::tournament {

namespace {

// Round r as the file records it.
SwissPairing recorded_round(const Tournament& t, const SwissState& st, int r) {
  SwissPairing p;
  p.round = r;
  for (const Player& player : t.players) {
    if (static_cast<int>(player.rounds.size()) < r) continue;
    const RoundEntry& e = player.rounds[static_cast<std::size_t>(r - 1)];
    if (e.result == ResultCode::PairingBye) p.bye = player.id;
    if (e.has_opponent() && e.colour == Colour::White) p.boards.push_back({player.id, e.opponent});
  }
  order_boards(st, p.boards);
  return p;
}

std::vector<Board> sorted(std::vector<Board> boards) {
  std::sort(boards.begin(), boards.end(), [](const Board& a, const Board& b) {
    return std::pair{a.white, a.black} < std::pair{b.white, b.black};
  });
  return boards;
}

}  // namespace

Result<std::vector<DutchDifference>> check_dutch(const Tournament& t) {
  std::vector<DutchDifference> out;
  const int played = rounds_played(t);
  for (int k = 0; k < played; ++k) {
    auto cut = cut_to_rounds(t, k);
    if (!cut) return tl::unexpected(cut.error());
    if (k == 0 && cut->settings.initial_colour == InitialColour::Unspecified) {
      // Round 1's colour was drawn by lot: take it from the file's round 1.
      cut->settings.initial_colour =
          infer_initial_colour(t, 1) == Colour::Black ? InitialColour::Black : InitialColour::White;
    }
    auto st = swiss_state(*cut);
    if (!st) return tl::unexpected(st.error());
    DutchDifference d;
    d.round = k + 1;
    d.recorded = recorded_round(t, *st, k + 1);
    auto pairing = pair_dutch(*st);
    if (!pairing) {
      d.why = pairing.error().message;
      out.push_back(std::move(d));
      continue;
    }
    if (sorted(pairing->boards) == sorted(d.recorded.boards) && pairing->bye == d.recorded.bye)
      continue;
    d.paired = true;
    d.engine = std::move(*pairing);
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace arbiter::tournament
