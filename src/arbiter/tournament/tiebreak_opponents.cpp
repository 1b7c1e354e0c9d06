// The tie-breaks of C.07 Articles 8 and 9, built on the opponents' scores: Buchholz (8.1),
// average of opponents' Buchholz (8.2), Fore Buchholz (8.3), Sonneborn-Berger (9.1), Koya
// (9.2). In a Swiss, unplayed rounds follow Article 16 (tiebreak_view.hpp: the adjusted
// scores of 16.3, the dummy of 16.4); the cuts follow 14 and 16.5 (tiebreak_cut.hpp).
#include <algorithm>

#include "arbiter/tournament/tiebreak.hpp"
#include "arbiter/tournament/tiebreak_cut.hpp"

namespace arbiter::tournament::detail {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// One element per round that has an opponent's or a dummy's score: for BH (8.1) the score
// itself; for SB (9.1) the score times the points scored against him, in hundredths, its
// significance the opponent's score (14.1.1 d: the contribution of the opponent with the
// lowest score is the least significant; among equals the lowest product).
std::vector<CutElement> elements(const EventView& v, int i, const TieBreakSpec& spec,
                                 bool product) {
  std::vector<CutElement> out;
  for (int r = 0; r < v.rounds; ++r) {
    const auto score = opponent_score(v, i, r, spec.forfeits_as_played);
    if (!score) continue;
    const RoundView& rv = v.rounds_of[at(i)][at(r)];
    const long long value = product ? static_cast<long long>(*score) * rv.points : *score;
    // With /P a forfeit is a game, not an unplayed round.
    const bool vur = rv.is_vur() && !counts_as_game(v, i, r, spec.forfeits_as_played);
    out.push_back({value, *score, vur});
  }
  return out;
}

// 8.1 Buchholz and 9.1 Sonneborn-Berger, with the cuts of 14 and 16.5.
std::vector<TieBreakValue> sum_of_elements(const EventView& v, const TieBreakSpec& spec,
                                           bool product) {
  std::vector<TieBreakValue> out;
  for (int i = 0; i < v.size(); ++i)
    out.push_back({sum_after_cuts(elements(v, i, spec, product), spec.cut_low, spec.cut_high),
                   product ? 2 : 1});
  return out;
}

std::vector<TieBreakValue> buchholz(const EventView& v, const TieBreakSpec& spec) {
  return sum_of_elements(v, spec, false);
}

// 8.3: Buchholz as if every game paired in the last round had been drawn.
std::vector<TieBreakValue> fore_buchholz(const EventView& v, const TieBreakSpec& spec) {
  if (v.rounds == 0) return buchholz(v, spec);
  EventView fore = v;
  for (auto& line : fore.rounds_of) {
    RoundView& last = line.back();
    if (last.opponent != 0 && fore.index_of(last.opponent) >= 0) {
      last.kind = RoundKind::Played;
      last.result = ResultCode::Draw;
      last.points = fore.system.draw;
    }
  }
  score_view(fore);
  return buchholz(fore, spec);
}

// 8.2: the average of the Buchholz of the opponents met over the board, in hundredths
// (rounded half up).
std::vector<TieBreakValue> average_of_buchholz(const EventView& v) {
  const auto bh = buchholz(v, TieBreakSpec{});
  std::vector<TieBreakValue> out;
  for (int i = 0; i < v.size(); ++i) {
    long long sum = 0;
    long long n = 0;
    for (const RoundView& rv : v.rounds_of[at(i)]) {
      const int opp = v.index_of(rv.opponent);
      if (rv.kind != RoundKind::Played || opp < 0) continue;
      sum += bh[at(opp)].value;
      ++n;
    }
    out.push_back({n == 0 ? 0 : (20 * sum + n) / (2 * n), 2});
  }
  return out;
}

// 9.2: the points scored against the opponents who scored at least half the maximum
// score (win points times the rounds), the limit moved by /L±n.
std::vector<TieBreakValue> koya(const EventView& v, const TieBreakSpec& spec) {
  const long long maximum = static_cast<long long>(v.system.win) * v.scheduled_rounds;
  std::vector<TieBreakValue> out;
  for (int i = 0; i < v.size(); ++i) {
    long long sum = 0;
    for (int r = 0; r < v.rounds; ++r) {
      if (!counts_as_game(v, i, r)) continue;
      const RoundView& rv = v.rounds_of[at(i)][at(r)];
      const long long opp = v.adjusted[at(v.index_of(rv.opponent))];
      // opp >= maximum / 2 + shift, kept in integers
      if (2 * opp >= maximum + 2LL * spec.limit_shift) sum += rv.points;
    }
    out.push_back({sum, 1});
  }
  return out;
}

}  // namespace

std::vector<TieBreakValue> opponent_tiebreak(const EventView& v, const TieBreakSpec& spec) {
  switch (spec.kind) {
    case TieBreakKind::FB: return fore_buchholz(v, spec);
    case TieBreakKind::AOB: return average_of_buchholz(v);
    case TieBreakKind::SB: return sum_of_elements(v, spec, true);
    case TieBreakKind::KS: return koya(v, spec);
    default: return buchholz(v, spec);
  }
}

}  // namespace arbiter::tournament::detail
