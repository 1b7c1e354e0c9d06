#include "arbiter/tournament/swiss_state.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>

#include "arbiter/tournament/baku.hpp"
#include "arbiter/tournament/standing.hpp"

namespace arbiter::tournament {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Round r (1-based) of a player; rounds the line does not reach are absences (Z).
RoundEntry entry(const Player& p, int r) {
  if (r >= 1 && r <= static_cast<int>(p.rounds.size())) return p.rounds[at(r - 1)];
  return RoundEntry{};
}

bool played_on_board(const RoundEntry& e) { return e.has_opponent() && is_played(e.result); }

// Took part in the pairing of the round: had an opponent (even by forfeit) or the PAB.
bool participated(const RoundEntry& e) {
  return e.has_opponent() || e.result == ResultCode::PairingBye;
}

// XXA per round, 250 ranges (game points): the points added in round r (C.04.7).
Points acceleration(const Settings& s, PlayerId id, int r) {
  Points a = 0;
  for (const Acceleration& x : s.accelerations)
    if (x.player == id && r >= 1 && r <= static_cast<int>(x.per_round.size()))
      a = x.per_round[at(r - 1)];
  for (const AcceleratedRounds& x : s.accelerated)
    if (id >= x.first_player && id <= x.last_player && r >= x.first_round && r <= x.last_round)
      a = x.game_points.value_or(x.points.value_or(0));
  return a;
}

// C.04.3 A.6: the colour preference from the games played on the board.
void colour_preference(SwissPlayer& p) {
  int white = 0;
  int black = 0;
  int run = 0;
  Colour last = Colour::None;
  for (Colour c : p.colours) {
    (c == Colour::White ? white : black) += 1;
    run = (run != 0 && c == last) ? run + 1 : 1;
    last = c;
  }
  const Colour lower = white > black ? Colour::Black : Colour::White;
  p.imbalance = white > black ? white - black : black - white;
  if (p.imbalance > 1) {
    p.preference = lower;  // A.6.a: absolute
  } else if (run > 1) {
    p.preference = opposite(last);  // A.6.a: the same colour twice in a row
  } else if (p.imbalance > 0) {
    p.preference = lower;  // A.6.b: strong
  } else if (run > 0) {
    p.preference = opposite(last);  // A.6.c: mild, alternate
  }
  p.repeated = run > 1 ? last : Colour::None;
  p.strong = !p.absolute() && p.imbalance > 0;
}

}  // namespace

Colour infer_initial_colour(const Tournament& t, int played) {
  int first = 0;
  for (int r = 1; r <= played && first == 0; ++r)
    for (const Player& p : t.players)
      if (entry(p, r).colour != Colour::None) first = r;
  if (first == 0) return Colour::None;
  std::vector<const Player*> by_id;
  for (const Player& p : t.players) by_id.push_back(&p);
  std::sort(by_id.begin(), by_id.end(), [](auto* a, auto* b) { return a->id < b->id; });
  int number = 0;
  for (const Player* p : by_id) {
    bool paired = false;
    for (int r = 1; r <= first; ++r) paired = paired || participated(entry(*p, r));
    if (!paired) continue;
    const Colour c = entry(*p, first).colour;
    if (c != Colour::None) return number % 2 == 1 ? opposite(c) : c;
    ++number;
  }
  return Colour::None;
}

Result<SwissState> swiss_state(const Tournament& t) {
  SwissState st;
  const int k = rounds_played(t);
  if (!t.settings.rounds) {
    return make_error(ErrorCode::kInvalidArgument,
                      "the file states no number of rounds (142 or XXR): cannot pair");
  }
  if (k >= *t.settings.rounds) {
    return make_error(ErrorCode::kInvalidArgument,
                      "all " + std::to_string(*t.settings.rounds) + " rounds are paired");
  }
  st.round = k + 1;
  st.total_rounds = *t.settings.rounds;
  st.points = t.settings.points;
  if (t.settings.initial_colour != InitialColour::Unspecified) {
    st.initial = t.settings.initial_colour == InitialColour::White ? Colour::White : Colour::Black;
    st.initial_stated = true;
  } else if (const Colour c = infer_initial_colour(t, k); c != Colour::None) {
    st.initial = c;
    st.initial_stated = true;
  }

  std::vector<const Player*> by_id;
  for (const Player& p : t.players) by_id.push_back(&p);
  std::sort(by_id.begin(), by_id.end(), [](auto* a, auto* b) { return a->id < b->id; });
  std::map<PlayerId, const Player*> lines;
  for (const Player* p : by_id) lines[p->id] = p;

  const auto absent = [&](PlayerId id) {
    const auto& xxz = t.settings.absent_next_round;
    if (std::find(xxz.begin(), xxz.end(), id) != xxz.end()) return true;
    for (const RequestedByes& b : t.settings.requested_byes)
      if (b.round == k + 1 && std::find(b.players.begin(), b.players.end(), id) != b.players.end())
        return true;
    return false;
  };
  // C.04.7: the default Baku acceleration when the system code names it without points.
  std::optional<BakuAcceleration> baku;
  if (default_baku(t.settings)) {
    auto b = baku_acceleration(t, k);
    if (!b) return tl::unexpected(b.error());
    baku = *b;
  }
  const auto score_back = [&](const Player& p, int back) {
    const int r = k + 1 - back;
    return points_after(st.points, p, k - back) + acceleration(t.settings, p.id, r) +
           (baku ? baku->virtual_points(p.id, r) : 0);
  };

  int rank = 0;
  for (const Player* line : by_id) {
    SwissPlayer sp;
    sp.id = line->id;
    sp.to_pair = static_cast<int>(line->rounds.size()) <= k && !absent(line->id);
    bool ever = false;
    for (int r = 1; r <= k; ++r) ever = ever || participated(entry(*line, r));
    // C.04.3 A.2: pairing numbers count the players taking part (bbp: valid players).
    sp.rank = (sp.to_pair || ever) ? rank++ : -1;
    sp.score = points_after(st.points, *line, k);
    for (int back = 0; back <= 2; ++back) sp.accelerated_back[back] = score_back(*line, back);
    sp.accelerated = sp.accelerated_back[0];
    for (int r = 1; r <= k; ++r) {
      const RoundEntry e = entry(*line, r);
      const Points got = st.points.points_for(e.result);
      if (played_on_board(e)) {
        sp.colours.push_back(e.colour);
        sp.met.push_back(e.opponent);
        ++sp.played_games;
      } else {
        if (got >= st.points.win) sp.bye_eligible = false;  // C.04.1 c: scored without playing
        // 2026 PAB criterion: a round scored without playing (H, F, U, +) is no unplayed
        // game; an absence (Z) or a forfeit loss is.
        if (got > st.points.loss) ++sp.played_games;
      }
    }
    // C.04.3 (2026) 1.4.2-1.4.4: floats of the last two rounds. A round not played that
    // gave more than a loss's points (PAB, requested bye with points, forfeit win) is a
    // downfloat; a game played floats by the scores before the round; nothing else floats.
    for (int back = 1; back <= 2 && back <= k; ++back) {
      const RoundEntry e = entry(*line, k + 1 - back);
      // A game lost by forfeit was not played: no float (the reference engine agrees).
      if (e.result == ResultCode::ForfeitLoss) continue;
      if (!played_on_board(e) && st.points.points_for(e.result) > st.points.loss) {
        sp.floats[back] = Float::Down;
        continue;
      }
      const Points mine = score_back(*line, back);
      const auto opp = lines.find(e.opponent);
      const Points theirs = opp == lines.end() ? mine : score_back(*opp->second, back);
      sp.floats[back] = mine > theirs ? Float::Down : mine < theirs ? Float::Up : Float::None;
    }
    colour_preference(sp);
    st.players.push_back(std::move(sp));
  }
  // Forbidden pairs (XXP, 260) for the round to pair.
  for (const ForbiddenPairs& f : t.settings.forbidden) {
    if (k + 1 < f.first_round || (f.last_round && k + 1 > *f.last_round)) continue;
    for (SwissPlayer& p : st.players)
      if (std::find(f.players.begin(), f.players.end(), p.id) != f.players.end())
        for (PlayerId q : f.players)
          if (q != p.id) p.met.push_back(q);
  }
  return st;
}

}  // namespace arbiter::tournament
