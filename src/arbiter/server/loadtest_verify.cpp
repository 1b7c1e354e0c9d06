#include "arbiter/server/loadtest_verify.hpp"

#include <filesystem>

#include "arbiter/store/store.hpp"

namespace arbiter::server {
namespace {
constexpr std::size_t kExamples = 5;
}  // namespace

Result<VerifyResult> verify_acked_moves(const std::string& db,
                                        const std::vector<GameRecord>& games) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(db, ec)) {
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
      if (result.examples.size() < kExamples) {
        result.examples.push_back("game " + game.id + ": " + stored.error().describe());
      }
      continue;
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
      if (!problem.empty() && result.examples.size() < kExamples) {
        result.examples.push_back("game " + game.id + " ply " + std::to_string(move.ply) + " " +
                                  move.uci + ": " + problem);
      }
    }
  }
  return result;
}

}  // namespace arbiter::server
