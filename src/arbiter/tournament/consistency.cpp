#include "arbiter/tournament/consistency.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/trf.hpp"

namespace arbiter::tournament {

namespace {

Error inconsistent(int line, int column, std::string field, std::string message) {
  return Error{ErrorCode::kTrfConsistency, std::move(message), {line, column, std::move(field)}};
}

std::string colour_name(Colour c) {
  switch (c) {
    case Colour::White: return "White";
    case Colour::Black: return "Black";
    case Colour::None: return "no colour";
  }
  return "?";
}

// Player ids named on the extension lines must exist. Each line type lists its ids from
// a column on (250: two fixed fields).
Result<void> check_directive_ids(const Tournament& t) {
  for (std::size_t i = 0; i < t.records.size(); ++i) {
    const std::string& s = t.records[i].text;
    if (t.records[i].player >= 0 || s.size() < 3) continue;
    const std::string code = s.substr(0, 3);
    std::vector<std::pair<std::size_t, std::size_t>> spans;  // 0-based [begin, end)
    std::size_t from = 0;
    if (code == "XXZ" || code == "XXP" || code == "XXA") from = 3;
    if (code == "240") from = 9;
    if (code == "260") from = 11;
    if (code == "250") spans = {{22, 26}, {27, 31}};
    if (from != 0) {
      std::size_t at = from;
      while (at < s.size()) {
        while (at < s.size() && (s[at] == ' ' || s[at] == '\t')) ++at;
        if (at >= s.size()) break;
        std::size_t end = at;
        while (end < s.size() && s[end] != ' ' && s[end] != '\t') ++end;
        spans.emplace_back(at, end);
        if (code == "XXA") break;  // then points, not players
        at = end;
      }
    }
    for (auto [begin, end] : spans) {
      if (begin >= s.size()) continue;
      std::size_t b = begin;
      while (b < end && b < s.size() && s[b] == ' ') ++b;
      const int id = std::stoi(s.substr(b, std::min(end, s.size()) - b));
      if (t.find(id) == nullptr) {
        return tl::unexpected(
            inconsistent(static_cast<int>(i) + 1, static_cast<int>(b) + 1, code,
                         code + " names player " + std::to_string(id) + ", who has no 001 line"));
      }
    }
  }
  return {};
}

}  // namespace

int line_of_player(const Tournament& t, int index) {
  for (std::size_t i = 0; i < t.records.size(); ++i) {
    if (t.records[i].player == index) return static_cast<int>(i) + 1;
  }
  return 0;
}

Result<void> check_consistency(const Tournament& t) {
  std::map<PlayerId, int> index_of;  // id → index into players
  for (std::size_t i = 0; i < t.players.size(); ++i) {
    const Player& p = t.players[i];
    const auto [it, fresh] = index_of.emplace(p.id, static_cast<int>(i));
    if (!fresh) {
      return tl::unexpected(inconsistent(line_of_player(t, static_cast<int>(i)), 5, "starting rank",
                                         "starting rank " + std::to_string(p.id) +
                                             " is used twice (also on line " +
                                             std::to_string(line_of_player(t, it->second)) + ")"));
    }
  }
  const int played = rounds_played(t);
  std::map<int, PlayerId> pairing_bye_of_round;
  for (std::size_t i = 0; i < t.players.size(); ++i) {
    const Player& p = t.players[i];
    const int line = line_of_player(t, static_cast<int>(i));
    for (int r = 1; r <= static_cast<int>(p.rounds.size()); ++r) {
      const RoundEntry& e = p.rounds[static_cast<std::size_t>(r - 1)];
      if (r > played) {
        // After the last round played only a bye requested for the next one may stand.
        const bool requested =
            e.opponent == 0 && (e.result == ResultCode::HalfBye ||
                                e.result == ResultCode::FullBye || e.result == ResultCode::ZeroBye);
        if (r > played + 1 || !requested) {
          return tl::unexpected(
              inconsistent(line, opponent_column(r), "round " + std::to_string(r),
                           "round " + std::to_string(r) +
                               " is not played yet (last played: " + std::to_string(played) +
                               "); only a requested bye 0000 - H|F|Z may stand in "
                               "the next round's columns"));
        }
        continue;
      }
      if (e.opponent == 0) {
        if (!is_bye(e.result)) {
          return tl::unexpected(inconsistent(
              line, opponent_column(r), "opponent",
              std::string("result '") + static_cast<char>(e.result) + "' needs an opponent"));
        }
        if (e.result == ResultCode::PairingBye) {
          const auto [it, fresh] = pairing_bye_of_round.emplace(r, p.id);
          if (!fresh) {
            return tl::unexpected(inconsistent(line, result_column(r), "result",
                                               "a second pairing-allocated bye in round " +
                                                   std::to_string(r) + " (player " +
                                                   std::to_string(it->second) + " has one)"));
          }
        }
        continue;
      }
      if (is_bye(e.result)) {
        return tl::unexpected(
            inconsistent(line, result_column(r), "result",
                         std::string("a bye (") + static_cast<char>(e.result) +
                             ") cannot have an opponent; write 0000 in the opponent's columns"));
      }
      const auto it = index_of.find(e.opponent);
      if (it == index_of.end()) {
        return tl::unexpected(
            inconsistent(line, opponent_column(r), "opponent",
                         "opponent " + std::to_string(e.opponent) + " has no 001 line"));
      }
      if (e.opponent == p.id) {
        return tl::unexpected(
            inconsistent(line, opponent_column(r), "opponent", "a player cannot meet himself"));
      }
      if (is_played(e.result) && e.colour == Colour::None) {
        return tl::unexpected(inconsistent(line, colour_column(r), "colour",
                                           "a game played on the board needs a colour"));
      }
      // Symmetry: the opponent's line must name this player back, with the other colour
      // and the matching result. Reported at the first of the two lines.
      const int other_index = it->second;
      const Player& o = t.players[static_cast<std::size_t>(other_index)];
      const std::string pair = "round " + std::to_string(r) + ": player " + std::to_string(o.id) +
                               " (line " + std::to_string(line_of_player(t, other_index)) + ") ";
      if (static_cast<int>(o.rounds.size()) < r ||
          o.rounds[static_cast<std::size_t>(r - 1)].opponent != p.id) {
        return tl::unexpected(
            inconsistent(line, opponent_column(r), "opponent",
                         pair + "does not name player " + std::to_string(p.id) + " as opponent"));
      }
      const RoundEntry& oe = o.rounds[static_cast<std::size_t>(r - 1)];
      if (e.colour != opposite(oe.colour)) {
        return tl::unexpected(inconsistent(line, colour_column(r), "colour",
                                           pair + "has " + colour_name(oe.colour) +
                                               ", so this line needs " +
                                               colour_name(opposite(oe.colour))));
      }
      if (!results_match(oe.result, e.result)) {
        return tl::unexpected(inconsistent(line, result_column(r), "result",
                                           pair + "has result '" + static_cast<char>(oe.result) +
                                               "', which this line's '" +
                                               static_cast<char>(e.result) + "' contradicts"));
      }
    }
    if (p.points) {
      const Points computed = points_after(t.settings.points, p, played);
      if (computed != *p.points) {
        return tl::unexpected(inconsistent(line, 81, "points",
                                           "points column says " + format_points(*p.points) +
                                               " but the results give " + format_points(computed) +
                                               " under the point system (win " +
                                               format_points(t.settings.points.win) + ", draw " +
                                               format_points(t.settings.points.draw) + ", loss " +
                                               format_points(t.settings.points.loss) + ")"));
      }
    }
  }
  return check_directive_ids(t);
}

}  // namespace arbiter::tournament
