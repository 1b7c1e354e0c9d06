#include "arbiter/tournament/round_robin.hpp"

#include <string>
#include <utility>

#include "arbiter/tournament/consistency.hpp"
#include "arbiter/tournament/standing.hpp"

namespace arbiter::tournament {

namespace {

int line_of_code(const Tournament& t, std::string_view a, std::string_view b) {
  for (std::size_t i = 0; i < t.records.size(); ++i) {
    const std::string_view text = t.records[i].text;
    if (t.records[i].player < 0 && (text.substr(0, 3) == a || text.substr(0, 3) == b)) {
      return static_cast<int>(i) + 1;
    }
  }
  return 0;
}

}  // namespace

Result<RoundRobinPlan> round_robin_plan(const Tournament& t) {
  RoundRobinPlan plan;
  plan.players = static_cast<int>(t.players.size());
  for (int id = 1; id <= plan.players; ++id) {
    if (t.find(id) == nullptr) {
      // The first line whose starting rank is beyond the player count.
      for (std::size_t i = 0; i < t.players.size(); ++i) {
        if (t.players[i].id > plan.players) {
          return make_error(ErrorCode::kTrfConsistency,
                            "a round robin numbers its " + std::to_string(plan.players) +
                                " players 1.." + std::to_string(plan.players) + ", but " +
                                std::to_string(id) + " is missing",
                            {line_of_player(t, static_cast<int>(i)), 5, "starting rank"});
        }
      }
    }
  }
  if (plan.players < 2) {
    return make_error(ErrorCode::kTrfConsistency, "a round robin needs at least 2 players",
                      {static_cast<int>(t.records.size()), 1, "players"});
  }
  const int cycle = berger_size(plan.players) - 1;
  plan.double_round_robin =
      t.settings.system.find("DOUBLE") != std::string::npos || t.settings.rounds == 2 * cycle;
  if (t.settings.rounds && *t.settings.rounds != cycle && *t.settings.rounds != 2 * cycle) {
    return make_error(ErrorCode::kTrfConsistency,
                      "a round robin of " + std::to_string(plan.players) + " players has " +
                          std::to_string(cycle) + " rounds (" + std::to_string(2 * cycle) +
                          " when double), not " + std::to_string(*t.settings.rounds),
                      {line_of_code(t, "142", "XXR"), 5, "rounds"});
  }
  auto table =
      plan.double_round_robin ? double_berger_table(plan.players) : berger_table(plan.players);
  if (!table) return tl::unexpected(table.error());
  plan.rounds = std::move(*table);
  // The tables give number 1 White in round 1; an event that starts the top seed with
  // Black (152 B, XXC black1) plays every board the other way round.
  if (t.settings.initial_colour == InitialColour::Black) {
    for (RoundPairing& round : plan.rounds) {
      for (Board& b : round) std::swap(b.white, b.black);
    }
  }
  return plan;
}

std::vector<RoundDifference> round_robin_differences(const Tournament& t,
                                                     const RoundRobinPlan& plan) {
  std::vector<RoundDifference> out;
  const int played = rounds_played(t);
  for (int r = 1; r <= played && r <= static_cast<int>(plan.rounds.size()); ++r) {
    for (const Player& p : t.players) {
      PlayerId table_opponent = 0;
      Colour table_colour = Colour::None;
      for (const Board& b : plan.rounds[static_cast<std::size_t>(r - 1)]) {
        if (b.white == p.id) {
          table_opponent = b.black;
          table_colour = Colour::White;
        }
        if (b.black == p.id) {
          table_opponent = b.white;
          table_colour = Colour::Black;
        }
      }
      if (table_opponent > plan.players) table_opponent = 0;  // the bye
      const RoundEntry* e = static_cast<int>(p.rounds.size()) >= r
                                ? &p.rounds[static_cast<std::size_t>(r - 1)]
                                : nullptr;
      const PlayerId file_opponent = e != nullptr ? e->opponent : 0;
      const bool colour_differs = e != nullptr && is_played(e->result) && e->colour != table_colour;
      if (file_opponent != table_opponent || colour_differs) {
        out.push_back({r, p.id, table_opponent, file_opponent});
        break;
      }
    }
  }
  return out;
}

std::optional<NextRound> next_round(const Tournament& t, const RoundRobinPlan& plan) {
  const int r = rounds_played(t) + 1;
  if (r > static_cast<int>(plan.rounds.size())) return std::nullopt;
  NextRound next;
  next.round = r;
  for (const Board& b : plan.rounds[static_cast<std::size_t>(r - 1)]) {
    if (b.white > plan.players) {
      next.bye = b.black;
    } else if (b.black > plan.players) {
      next.bye = b.white;
    } else {
      next.boards.push_back(b);
    }
  }
  return next;
}

}  // namespace arbiter::tournament
