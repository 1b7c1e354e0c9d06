// C.04.3 E (colour allocation, after the pairing is made) and A.9 (the order of the boards).
#include <algorithm>
#include <tuple>

#include "arbiter/tournament/dutch.hpp"

namespace arbiter::tournament {

namespace {

bool compatible(Colour a, Colour b) { return a != b || a == Colour::None || b == Colour::None; }

// `a` ranks below `b` for pairing: a lower accelerated score, or the same score and a
// larger pairing number (C.04.3 A.2).
bool below(const SwissPlayer& a, const SwissPlayer& b) {
  return std::tie(a.accelerated, b.rank) < std::tie(b.accelerated, a.rank);
}

// E.3: going back through the games both played on the board, the last round in which
// their colours differed; `a` gets the colour `b` had then. None when they never differed.
Colour alternate_to_last_difference(const SwissPlayer& a, const SwissPlayer& b) {
  auto i = a.colours.rbegin();
  auto j = b.colours.rbegin();
  while (i != a.colours.rend() && j != b.colours.rend() && *i == *j) {
    ++i;
    ++j;
  }
  if (i == a.colours.rend() || j == b.colours.rend()) return Colour::None;
  return *j;
}

// E.1-E.3: the colour of `a` from the two preferences and the colour histories alone.
Colour by_preferences(const SwissPlayer& a, const SwissPlayer& b) {
  if (compatible(a.preference, b.preference)) {  // E.1: both preferences granted
    if (a.preference != Colour::None) return a.preference;
    if (b.preference != Colour::None) return opposite(b.preference);
    return Colour::None;
  }
  // E.2: the stronger preference (absolute, the wider imbalance first; then strong).
  if (a.absolute() && (a.imbalance > b.imbalance || !b.absolute())) return a.preference;
  if (b.absolute() && (b.imbalance > a.imbalance || !a.absolute())) return opposite(b.preference);
  if (a.strong && !b.strong) return a.preference;
  if (b.strong && !a.strong) return opposite(b.preference);
  return alternate_to_last_difference(a, b);  // E.3
}

}  // namespace

Board allocate_colours(const SwissState& state, const SwissPlayer& a, const SwissPlayer& b) {
  Colour ca = by_preferences(a, b);
  if (ca == Colour::None) {
    const bool a_below = below(a, b);
    if (a.preference != Colour::None) {
      // E.4: the higher-ranked player's preference.
      ca = a_below ? opposite(b.preference) : a.preference;
    } else {
      // E.5: by the pairing number of the higher-ranked player: odd numbers (rank 0, 2...)
      // get the initial colour, even numbers the other one.
      const SwissPlayer& higher = a_below ? b : a;
      const Colour higher_colour = higher.rank % 2 == 0 ? state.initial : opposite(state.initial);
      ca = a_below ? opposite(higher_colour) : higher_colour;
    }
  }
  return ca == Colour::White ? Board{a.id, b.id} : Board{b.id, a.id};
}

void order_boards(const SwissState& state, std::vector<Board>& boards) {
  const auto player = [&](PlayerId id) -> const SwissPlayer& {
    return *std::find_if(state.players.begin(), state.players.end(),
                         [id](const SwissPlayer& p) { return p.id == id; });
  };
  // The score without acceleration, then the pairing number.
  const auto higher_first = [&](const Board& b) {
    const SwissPlayer& w = player(b.white);
    const SwissPlayer& k = player(b.black);
    const bool white_higher = std::tie(k.score, w.rank) < std::tie(w.score, k.rank);
    return white_higher ? std::pair{&w, &k} : std::pair{&k, &w};
  };
  std::stable_sort(boards.begin(), boards.end(), [&](const Board& x, const Board& y) {
    const auto [xh, xl] = higher_first(x);
    const auto [yh, yl] = higher_first(y);
    return std::tuple(-xh->score, -xl->score, xh->rank) <
           std::tuple(-yh->score, -yl->score, yh->rank);
  });
}

}  // namespace arbiter::tournament
