// The tie-breaks of C.07 Article 7 read off a player's own results: WIN, WON, BPG, BWG,
// PS, REP, STD; and TPN, RTNG. Article 15.2: in a round robin a forfeit win counts as a
// game won (a forfeit loss stays an unplayed round).
#include <string>

#include "arbiter/tournament/tiebreak.hpp"
#include "arbiter/tournament/tiebreak_cut.hpp"

namespace arbiter::tournament {

std::string format_value(const TieBreakValue& v) {
  if (v.decimals == 0) return std::to_string(v.value);
  long long scale = 1;
  for (int d = 0; d < v.decimals; ++d) scale *= 10;
  const long long magnitude = v.value < 0 ? -v.value : v.value;
  std::string frac = std::to_string(magnitude % scale);
  frac.insert(0, static_cast<std::size_t>(v.decimals) - frac.size(), '0');
  return (v.value < 0 ? "-" : "") + std::to_string(magnitude / scale) + "." + frac;
}

std::vector<TieBreakValue> compute_tiebreak(const EventView& v, const TieBreakSpec& spec) {
  switch (spec.kind) {
    case TieBreakKind::DE:
      return std::vector<TieBreakValue>(static_cast<std::size_t>(v.size()), {0, 1});
    case TieBreakKind::BH:
    case TieBreakKind::FB:
    case TieBreakKind::AOB:
    case TieBreakKind::SB:
    case TieBreakKind::KS: return detail::opponent_tiebreak(v, spec);
    case TieBreakKind::ARO:
    case TieBreakKind::TPR:
    case TieBreakKind::PTP:
    case TieBreakKind::APRO:
    case TieBreakKind::APPO: return detail::rating_tiebreak(v, spec);
    default: return detail::result_tiebreak(v, spec);
  }
}

namespace detail {

Points standard_points(ResultCode r) noexcept {
  switch (r) {
    case ResultCode::Win:
    case ResultCode::WinUnrated:
    case ResultCode::ForfeitWin:
    case ResultCode::PairingBye:
    case ResultCode::FullBye: return 10;
    case ResultCode::Draw:
    case ResultCode::DrawUnrated:
    case ResultCode::HalfBye: return 5;
    default: return 0;
  }
}

namespace {

bool is_win(ResultCode r) { return r == ResultCode::Win || r == ResultCode::WinUnrated; }

// Art. 7.2 / 7.4 (and 15.2 in a round robin): a game won over the board.
bool won_game(const EventView& v, const RoundView& rv) {
  if (rv.kind == RoundKind::Played) return is_win(rv.result);
  return v.round_robin && rv.kind == RoundKind::ForfeitWin;
}

bool played_game(const EventView& v, const RoundView& rv) {
  return rv.kind == RoundKind::Played || (v.round_robin && rv.kind == RoundKind::ForfeitWin);
}

TieBreakValue one(const EventView& v, const Player& p, const std::vector<RoundView>& line,
                  const TieBreakSpec& spec) {
  long long count = 0;
  switch (spec.kind) {
    case TieBreakKind::WIN:  // 7.1: rounds that gave the points of a win, played or not
      for (const RoundView& rv : line)
        if (rv.points == v.system.win && rv.kind != RoundKind::ForfeitLoss &&
            standard_points(rv.result) == 10)
          ++count;
      return {count, 0};
    case TieBreakKind::WON:  // 7.2
      for (const RoundView& rv : line) count += won_game(v, rv) ? 1 : 0;
      return {count, 0};
    case TieBreakKind::BPG:  // 7.3
      for (const RoundView& rv : line)
        count += played_game(v, rv) && rv.colour == Colour::Black ? 1 : 0;
      return {count, 0};
    case TieBreakKind::BWG:  // 7.4
      for (const RoundView& rv : line)
        count += won_game(v, rv) && rv.colour == Colour::Black ? 1 : 0;
      return {count, 0};
    case TieBreakKind::REP:  // 7.6: the rounds that are not VURs (16.1.2)
      for (const RoundView& rv : line) count += rv.is_vur() ? 0 : 1;
      return {count, 0};
    case TieBreakKind::STD:  // the score under 1-½-0 (the TRF-2026 name STD)
      for (const RoundView& rv : line) count += standard_points(rv.result);
      return {count, 1};
    case TieBreakKind::PS: {  // 7.5: the sum of the running scores; 14.1.1 c cuts round 1
      std::vector<CutElement> running;
      long long total = 0;
      for (std::size_t r = 0; r < line.size(); ++r) {
        total += line[r].points;
        running.push_back({total, static_cast<long long>(r), false});
      }
      return {sum_after_cuts(std::move(running), spec.cut_low, spec.cut_high), 1};
    }
    case TieBreakKind::TPN: return {p.id, 0};
    case TieBreakKind::RTNG: return {p.rating.value_or(0), 0};
    default: return {0, 0};
  }
}

}  // namespace

std::vector<TieBreakValue> result_tiebreak(const EventView& v, const TieBreakSpec& spec) {
  std::vector<TieBreakValue> out;
  for (int i = 0; i < v.size(); ++i)
    out.push_back(one(v, *v.players[static_cast<std::size_t>(i)],
                      v.rounds_of[static_cast<std::size_t>(i)], spec));
  return out;
}

}  // namespace detail
}  // namespace arbiter::tournament
