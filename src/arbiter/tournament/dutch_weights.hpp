// The edge weights of the Dutch engine: C.04.3's absolute, completion and quality criteria
// as fields of one integer, most significant first (criteria named below by the 2017
// text's numbers C.1-C.21, which the 2026 text keeps in substance, plus the 2026 PAB
// criterion on unplayed games). Internal to dutch.cpp; docs/tournament.md draws the
// layout. `hi` is the higher-placed player of the pair (score, then pairing number), `lo`
// the other; `current`: `lo` belongs to the bracket being paired, `next`: to the score
// group below it.
#pragma once

#include <map>
#include <vector>

#include "arbiter/tournament/swiss_state.hpp"

namespace arbiter::tournament {

inline bool preferences_compatible(Colour a, Colour b) {
  return a != b || a == Colour::None || b == Colour::None;
}

// What every weight of one round shares: field widths and the score groups' bit offsets.
struct WeightLayout {
  unsigned group_bits = 1;            // s: bits to count the players of the largest score group
  unsigned scores_bits = 0;           // G: one counter per score group, each s_g bits wide
  std::map<Points, unsigned> offset;  // score group -> its counter's offset inside G
  int played = 0;                     // rounds played (float fields need 1 and 2)
  // C.04.3 C.9 (2026): rank of each played-games count among the bye candidates.
  std::map<int, unsigned> played_rank;
  Points bye_score = 0;
  bool single_downfloater_bye = false;

  // Total width below the 2-bit completion field.
  [[nodiscard]] unsigned low_bits() const {
    const unsigned s = group_bits;
    const unsigned g = scores_bits;
    unsigned bits = s + g + s + g + s + 4 * s + 3 * s + 1;
    if (played >= 1) bits += 2 * s + 2 * g;
    if (played >= 2) bits += 2 * s + 2 * g;
    return bits;
  }
};

template <typename W>
class WeightBuilder {
 public:
  void field(unsigned bits) { w_ <<= bits; }
  void add(std::uint64_t v) { w_ += W{v}; }
  void add_at(unsigned offset) { w_ += W{1} << offset; }
  [[nodiscard]] W value() const { return w_; }

 private:
  W w_{};
};

inline bool bye_candidate(const SwissPlayer& p, const WeightLayout& l) {
  return p.bye_eligible && p.accelerated <= l.bye_score;
}

// C.04.3 C.10-C.13 (2017 numbering; colour preferences), `p` the lower player, `o` the higher.
template <typename W>
void colour_fields(WeightBuilder<W>& b, const SwissPlayer& p, const SwissPlayer& o, bool on,
                   unsigned s) {
  // C.10: no two players with an absolute imbalance and the same preference.
  b.field(s);
  if (on && (!p.absolute_imbalance() || !o.absolute_imbalance() || p.preference != o.preference))
    b.add(1);
  // C.11: no two absolute preferences alike (unless the topscorer rule lets them meet).
  b.field(s);
  const SwissPlayer& less = p.imbalance > o.imbalance ? o : p;
  const bool c11 =
      !p.absolute() || !o.absolute() || p.preference != o.preference ||
      (p.imbalance == o.imbalance ? (p.repeated == Colour::None || p.repeated != o.repeated)
                                  : less.repeated != opposite(p.preference));
  if (on && c11) b.add(1);
  // C.12: both colour preferences granted.
  b.field(s);
  if (on && preferences_compatible(p.preference, o.preference)) b.add(1);
  // C.13: both strong preferences granted.
  b.field(s);
  const bool c13 = (!p.strong && !p.absolute()) || (!o.strong && !o.absolute()) ||
                   (p.absolute() && o.absolute()) || p.preference != o.preference;
  if (on && c13) b.add(1);
}

// C.04.3 C.14-C.21 (2017 numbering): floats repeated from `back` rounds before, counted (C.14-C.17)
// or weighed by score (C.18-C.21).
template <typename W>
void float_counts(WeightBuilder<W>& b, const SwissPlayer& hi, const SwissPlayer& lo, bool on,
                  int back, unsigned s) {
  b.field(s);
  if (on) {
    b.add(lo.floats[back] == Float::Down ? 1 : 0);
    b.add(hi.accelerated <= lo.accelerated && hi.floats[back] == Float::Down ? 1 : 0);
  }
  b.field(s);
  if (on && !(hi.accelerated > lo.accelerated && lo.floats[back] == Float::Up)) b.add(1);
}

template <typename W>
void float_scores(WeightBuilder<W>& b, const SwissPlayer& hi, const SwissPlayer& lo, bool on,
                  int back, const WeightLayout& l) {
  b.field(l.scores_bits);
  if (on) {
    if (lo.floats[back] == Float::Down) b.add_at(l.offset.at(lo.accelerated));
    if (hi.floats[back] == Float::Down) b.add_at(l.offset.at(hi.accelerated));
  }
  b.field(l.scores_bits);
  if (on && !(lo.floats[back] == Float::Up && hi.accelerated > lo.accelerated))
    b.add_at(l.offset.at(hi.accelerated));
}

// The weight of pairing `hi` with `lo` in the bracket being paired; 0 when they cannot meet.
template <typename W>
W edge_weight(const SwissPlayer& hi, const SwissPlayer& lo, bool current, bool next,
              const WeightLayout& l) {
  const unsigned s = l.group_bits;
  WeightBuilder<W> b;
  // C.1-C.4 (completion, absolute criteria) are the compatibility; C.5-C.7: the PAB
  // assignee is eligible and scores as little as possible.
  b.add(1 + (bye_candidate(hi, l) ? 0 : 1) + (bye_candidate(lo, l) ? 0 : 1));
  b.field(s);  // C.6: the most pairs in the bracket
  if (current) b.add(1);
  b.field(l.scores_bits);  // C.7: the highest scores paired in the bracket
  if (current) b.add_at(l.offset.at(hi.accelerated));
  b.field(s);  // C.8: the most pairs in the next bracket (completion downwards)
  if (next) b.add(1);
  b.field(l.scores_bits);
  if (next) b.add_at(l.offset.at(hi.accelerated));
  b.field(s);  // 2026: minimise the unplayed games of the PAB assignee
  if (l.single_downfloater_bye) {
    if (hi.accelerated == l.bye_score) b.add(l.played_rank.at(hi.played_games));
    if (lo.accelerated == l.bye_score) b.add(l.played_rank.at(lo.played_games));
  }
  colour_fields(b, lo, hi, current, s);
  if (l.played >= 1) float_counts(b, hi, lo, current, 1, s);
  if (l.played >= 2) float_counts(b, hi, lo, current, 2, s);
  if (l.played >= 1) float_scores(b, hi, lo, current, 1, l);
  if (l.played >= 2) float_scores(b, hi, lo, current, 2, l);
  // Room for the order of the players (B.3-B.5: exchanges and transpositions).
  b.field(3 * s + 1);
  return b.value();
}

}  // namespace arbiter::tournament
