// Small events written by hand for the tie-break tests: one row per player, one token per
// round, `OPPc` + result: "4w1" (met 4 with White, won), "3b=" (drew 3 with Black), "6-+"
// (forfeit win against 6), "0-H" (a half-point bye), "0-Z" (absent).
#pragma once

#include <cctype>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/tournament/model.hpp"
#include "arbiter/tournament/standing.hpp"

namespace arbiter::tournament::testing {

struct Row {
  PlayerId id = 0;
  int rating = 0;  // 0: unrated
  std::string rounds;
};

inline Tournament make_event(const std::vector<Row>& rows, const std::string& system = "",
                             std::optional<int> rounds = std::nullopt) {
  Tournament t;
  t.settings.system = system;
  t.settings.rounds = rounds;
  for (const Row& row : rows) {
    Player p;
    p.id = row.id;
    p.name = "Player " + std::to_string(row.id);
    if (row.rating > 0) p.rating = row.rating;
    std::istringstream tokens(row.rounds);
    std::string token;
    while (tokens >> token) {
      RoundEntry e;
      std::size_t k = 0;
      while (k < token.size() && std::isdigit(static_cast<unsigned char>(token[k]))) ++k;
      e.opponent = std::stoi(token.substr(0, k));
      e.colour = static_cast<Colour>(token[k]);
      e.result = *parse_result(token[k + 1]);
      p.rounds.push_back(e);
    }
    t.players.push_back(p);
  }
  for (Player& p : t.players) p.points = points_after(t.settings.points, p, 99);
  return t;
}

// Event A, a 4-player round robin by the Berger table (R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1).
// R1: 1 beats 4, 2-3 drawn. R2: 3 (Black) beats 4, 2 (Black) beats 1. R3: 2-4 drawn,
// 1 (Black) beats 3. Points: 1 2.0, 2 2.0, 3 1.5, 4 0.5. Ratings 2400 2300 2200 2100.
inline Tournament event_a() {
  return make_event({{1, 2400, "4w1 2w0 3b1"},
                     {2, 2300, "3w= 1b1 4w="},
                     {3, 2200, "2b= 4b1 1w0"},
                     {4, 2100, "1b0 3w0 2b="}},
                    "FIDE_ROUNDROBIN", 3);
}

// Event B, a Swiss of 7 players and 3 rounds.
// R1: 1-4 1-0, 2-5 ½-½, 3-6 +/- (6 forfeits), 7 has not entered yet (Z).
// R2: 1-3 ½-½, 2-6 1-0, 4 half-point bye, 5 withdrawn (Z), 7 pairing-allocated bye.
// R3: 1-2 1-0, 3-7 0-1, 4-6 ½-½, 5 Z.
// Points: 1 2.5, 2 1.5, 3 1.5, 4 1.0, 5 0.5, 6 0.5, 7 2.0.
inline Tournament event_b() {
  return make_event({{1, 0, "4w1 3b= 2w1"},
                     {2, 0, "5w= 6w1 1b0"},
                     {3, 0, "6w+ 1w= 7b0"},
                     {4, 0, "1b0 0-H 6w="},
                     {5, 0, "2b= 0-Z 0-Z"},
                     {6, 0, "3b- 2b0 4b="},
                     {7, 0, "0-Z 0-U 3w1"}},
                    "FIDE_DUTCH_2025", 3);
}

}  // namespace arbiter::tournament::testing
