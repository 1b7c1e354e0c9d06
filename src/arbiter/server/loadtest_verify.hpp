// `arbiter loadtest`: after the run, every acknowledged move must be in the server's
// database (web-protocol.md §2.3: a move is acknowledged after Store::append_move), and
// each game's stored record must agree with itself: events numbered without a gap, and
// the referee's log (spec/game-events.md), refereed again, giving every stored move with
// the mover's clock as stored — so that an interruption the log records (a cluster's
// failover, Art. 6.11.1) is exactly what the clocks did. Read through the store module
// (a SQLite file or PostgreSQL).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arbiter/base/error.hpp"

namespace arbiter::server {

struct AckedMove {
  int ply = 0;
  std::string uci;  // as the server's move event gave it
};

// What one game of the run had acknowledged.
struct GameRecord {
  std::string id;
  std::vector<AckedMove> acked;
};

struct VerifyResult {
  std::uint64_t games = 0;            // games with at least one acknowledged move
  std::uint64_t moves_checked = 0;    // acknowledged moves looked up
  std::uint64_t missing = 0;          // acknowledged, not stored at their ply
  std::uint64_t different = 0;        // stored at their ply, another move
  std::uint64_t unreadable = 0;       // games the store could not load
  std::uint64_t event_gaps = 0;       // games whose event seqs are not 1, 2, 3, ...
  std::uint64_t logs_replayed = 0;    // games whose referee log was refereed again
  std::uint64_t log_disagrees = 0;    // ... and gave another move or another clock
  std::vector<std::string> examples;  // the first few discrepancies, for the report

  [[nodiscard]] bool ok() const noexcept {
    return missing + different + unreadable + event_gaps + log_disagrees == 0;
  }
};

// Opens `db` (which must exist: it is not created) and checks every acknowledged move of
// `games`. Errors: kIo when the file is missing or is not the server's database.
[[nodiscard]] Result<VerifyResult> verify_acked_moves(const std::string& db,
                                                      const std::vector<GameRecord>& games);

}  // namespace arbiter::server
