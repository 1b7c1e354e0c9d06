#include "arbiter/server/loadtest_verify.hpp"

#include <filesystem>

#include "arbiter/competition/arbiter.hpp"
#include "arbiter/store/store.hpp"
#include "arbiter/wire/event_json.hpp"

namespace arbiter::server {
namespace {
constexpr std::size_t kExamples = 5;

void example(VerifyResult& result, std::string text) {
  if (result.examples.size() < kExamples) result.examples.push_back(std::move(text));
}

// The stored game against its own referee log: each move's SAN and the mover's clock
// after it, as the log refereed again gives them. Empty: they agree (or there is no log).
std::string log_disagreement(const store::StoredGame& game) {
  if (game.log.empty()) return {};
  auto start = wire::parse_start(game.log.front().text, 1);
  if (!start) return "log line 1: " + start.error().describe();
  auto arbiter = competition::Arbiter::create(*start);
  if (!arbiter) return "log line 1: " + arbiter.error().describe();
  for (std::size_t i = 1; i < game.log.size(); ++i) {
    const store::LogLine& line = game.log[i];
    auto e = wire::parse_event(line.text, static_cast<int>(line.n));
    if (!e) return "log line " + std::to_string(line.n) + ": " + e.error().describe();
    arbiter->apply(*e);
  }
  const auto& refereed = arbiter->record().moves;
  if (refereed.size() != game.moves.size()) {
    return "the log has " + std::to_string(refereed.size()) + " moves, the store " +
           std::to_string(game.moves.size());
  }
  const bool timed = !arbiter->chess_clock().is_unlimited();
  for (std::size_t i = 0; i < refereed.size(); ++i) {
    const store::MoveRecord& stored = game.moves[i];
    const competition::RecordedMove& r = refereed[i];
    if (r.san != stored.san)
      return "ply " + std::to_string(i + 1) + ": " + r.san + " / " + stored.san;
    if (!timed || !r.clock) continue;
    const std::int64_t stored_ms = r.side == core::Color::White ? stored.white_ms : stored.black_ms;
    if (r.clock->count() != stored_ms) {
      return "ply " + std::to_string(i + 1) + ": the mover's clock " +
             std::to_string(r.clock->count()) + " ms by the log, " + std::to_string(stored_ms) +
             " ms stored";
    }
  }
  return {};
}

}  // namespace

Result<VerifyResult> verify_acked_moves(const std::string& db,
                                        const std::vector<GameRecord>& games) {
  std::error_code ec;
  const bool postgres = db.starts_with("postgresql://") || db.starts_with("postgres://");
  if (!postgres && !std::filesystem::is_regular_file(db, ec)) {
    return make_error(ErrorCode::kIo, "--db " + db + ": no such database file",
                      Location{0, 0, "db"});
  }
  // The store module opens SQLite files read-write (WAL: a reader does not block the
  // server's writer); only load_game is called here.
  auto store = store::open_store(db);
  if (!store) {
    return make_error(ErrorCode::kIo, "--db " + db + ": " + store.error().describe(),
                      Location{0, 0, "db"});
  }
  VerifyResult result;
  for (const auto& game : games) {
    if (game.acked.empty()) continue;
    ++result.games;
    auto stored = (*store)->load_game(game.id);
    if (!stored) {
      ++result.unreadable;
      example(result, "game " + game.id + ": " + stored.error().describe());
      continue;
    }
    for (std::size_t i = 0; i < stored->events.size(); ++i) {
      if (stored->events[i].seq != static_cast<std::int64_t>(i) + 1) {
        ++result.event_gaps;
        example(result, "game " + game.id + ": event " + std::to_string(i + 1) + " has seq " +
                            std::to_string(stored->events[i].seq));
        break;
      }
    }
    if (!stored->log.empty()) {
      ++result.logs_replayed;
      if (auto why = log_disagreement(*stored); !why.empty()) {
        ++result.log_disagrees;
        example(result, "game " + game.id + " against its referee log: " + why);
      }
    }
    for (const auto& move : game.acked) {
      ++result.moves_checked;
      const auto index = static_cast<std::size_t>(move.ply - 1);
      std::string problem;
      if (move.ply < 1 || index >= stored->moves.size()) {
        ++result.missing;
        problem = "not stored";
      } else if (stored->moves[index].uci != move.uci) {
        ++result.different;
        problem = "stored as " + stored->moves[index].uci;
      }
      if (!problem.empty()) {
        example(result, "game " + game.id + " ply " + std::to_string(move.ply) + " " + move.uci +
                            ": " + problem);
      }
    }
  }
  return result;
}

}  // namespace arbiter::server
