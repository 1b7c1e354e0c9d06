#include "arbiter/tournament/tiebreak_view.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace arbiter::tournament {

namespace {

bool is_requested_bye(ResultCode r) { return r == ResultCode::HalfBye || r == ResultCode::ZeroBye; }

// The category of one round before 16.2.3 and 16.2.5 are told apart (that needs the
// rounds after it).
RoundView classify(const RoundEntry& e, const PointSystem& system) {
  RoundView v;
  v.opponent = e.opponent;
  v.colour = e.colour;
  v.result = e.result;
  v.points = system.points_for(e.result);
  switch (e.result) {
    case ResultCode::PairingBye:
    case ResultCode::FullBye: v.kind = RoundKind::AwardedBye; break;
    case ResultCode::ForfeitWin: v.kind = RoundKind::ForfeitWin; break;
    case ResultCode::ForfeitLoss: v.kind = RoundKind::ForfeitLoss; break;
    case ResultCode::HalfBye:
    case ResultCode::ZeroBye:
      v.kind = RoundKind::ByeToTheEnd;  // refined by the caller
      break;
    default: v.kind = RoundKind::Played;
  }
  return v;
}

}  // namespace

int EventView::index_of(PlayerId id) const {
  auto it = index.find(id);
  return it == index.end() ? -1 : it->second;
}

bool is_round_robin(const Tournament& t) {
  std::string system = t.settings.system;
  if (system.empty()) system = t.header("092");
  std::transform(system.begin(), system.end(), system.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return system.find("ROUNDROBIN") != std::string::npos ||
         system.find("ROUND ROBIN") != std::string::npos ||
         system.find("BERGER") != std::string::npos;
}

void score_view(EventView& v) {
  const auto n = static_cast<std::size_t>(v.size());
  v.score.assign(n, 0);
  v.adjusted.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    auto& line = v.rounds_of[i];
    const std::size_t r_count = line.size();
    // 16.2.3 / 16.2.5: a requested bye is "followed by a round that is not a VUR" when some
    // later round is not one. Walk backwards, remembering whether such a round was seen.
    bool later_non_vur = false;
    for (std::size_t r = r_count; r-- > 0;) {
      RoundView& rv = line[r];
      if (is_requested_bye(rv.result) && rv.opponent == 0)
        rv.kind = later_non_vur ? RoundKind::ByeThenPlayed : RoundKind::ByeToTheEnd;
      if (!rv.is_vur()) later_non_vur = true;
    }
    for (const RoundView& rv : line) {
      v.score[i] += rv.points;
      // 16.3.1 / 16.3.2: opponents see a 16.2.5 round as a draw, every other round as the
      // points it gave.
      v.adjusted[i] += rv.kind == RoundKind::ByeToTheEnd ? v.system.draw : rv.points;
    }
  }
  if (v.round_robin) v.adjusted = v.score;  // Article 15: no adjustment
}

EventView make_view(const Tournament& t, int rounds) {
  EventView v;
  v.rounds = std::max(rounds, 0);
  v.scheduled_rounds = std::max(t.settings.rounds.value_or(v.rounds), v.rounds);
  v.system = t.settings.points;
  v.round_robin = is_round_robin(t);
  for (const Player& p : t.players) {
    v.index.emplace(p.id, v.size());
    v.players.push_back(&p);
  }
  const auto n = static_cast<std::size_t>(v.size());
  const auto r_count = static_cast<std::size_t>(v.rounds);
  v.rounds_of.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Player& p = *v.players[i];
    auto& line = v.rounds_of[i];
    for (std::size_t r = 0; r < r_count; ++r) {
      // A round missing from the line is an absence (a blank result is Z).
      line.push_back(classify(r < p.rounds.size() ? p.rounds[r] : RoundEntry{}, v.system));
    }
  }
  score_view(v);
  return v;
}

bool counts_as_game(const EventView& v, int i, int r, bool forfeits_as_games) {
  const RoundView& rv = v.rounds_of[static_cast<std::size_t>(i)][static_cast<std::size_t>(r)];
  if (rv.kind == RoundKind::Played) return v.index_of(rv.opponent) >= 0;
  return (v.round_robin || forfeits_as_games) && rv.is_forfeit() && v.index_of(rv.opponent) >= 0;
}

std::optional<Points> opponent_score(const EventView& v, int i, int r, bool forfeits_as_games) {
  const RoundView& rv = v.rounds_of[static_cast<std::size_t>(i)][static_cast<std::size_t>(r)];
  const int opp = v.index_of(rv.opponent);
  if (counts_as_game(v, i, r, forfeits_as_games)) return v.adjusted[static_cast<std::size_t>(opp)];
  if (v.round_robin) return std::nullopt;
  // 16.4: a dummy with the player's own score, capped.
  Points dummy = v.score[static_cast<std::size_t>(i)];
  if (rv.is_forfeit() && opp >= 0) {
    dummy = std::min(dummy, v.adjusted[static_cast<std::size_t>(opp)]);  // 16.4.1
  } else {
    dummy = std::min(dummy, v.system.draw * v.scheduled_rounds);  // 16.4.2
  }
  return dummy;
}

}  // namespace arbiter::tournament
