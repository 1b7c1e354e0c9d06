// Self-play data for tuning the evaluation: the engine plays itself from book openings at a
// fixed node budget (jittered a little by a seeded generator), games end by the Laws (mate,
// stalemate, threefold repetition, the 50-move rule, insufficient material) or at a ply cap
// scored as a draw, and the quiet positions of each game are written with its result.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "arbiter/core/position.hpp"
#include "arbiter/engine/pawns.hpp"
#include "arbiter/engine/score.hpp"

namespace arbiter::engine {

struct DatagenOptions {
  int games = 100;
  std::uint64_t seed = 1;
  std::uint64_t nodes = 5000;  // per move, jittered to [¾, 1¼]·nodes
  int skip_plies = 8;          // plies after the opening that are not sampled
  int max_plies = 400;         // longer games are adjudicated as draws
  std::size_t hash_mb = 8;
};

struct DatagenStats {
  int games = 0;
  int white_wins = 0;
  int draws = 0;
  int black_wins = 0;
  int capped = 0;  // draws by the ply cap
  std::uint64_t positions = 0;
};

// The quiet position reached from `pos` by the best capture sequence of a plain quiescence
// search (stand pat or captures that do not lose material by SEE, MVV/LVA order, alpha-beta)
// with the static evaluation; `pos`
// itself when standing pat is best. Returns false when `pos` or the leaf is in check.
[[nodiscard]] bool quiet_leaf(const core::Position& pos, PawnTable& pawns, core::Position& leaf);

// Times the last position of `keys` (a game's position keys, oldest first) occurred since the
// last irreversible move, itself included.
[[nodiscard]] int repetitions(const std::vector<core::Key>& keys, int halfmove_clock);

// Whether the game has ended by the Laws at `pos` (checkmate, stalemate, the 50-move rule,
// threefold repetition of `keys`, insufficient material); sets `white_result` if so.
[[nodiscard]] bool game_over(const core::Position& pos, const std::vector<core::Key>& keys,
                             double& white_result);

// Counts a finished game in `stats` (games, white_wins, draws, black_wins).
template <typename Stats>
void tally_game(Stats& stats, double white_result) noexcept {
  ++stats.games;
  if (white_result == 1.0)
    ++stats.white_wins;
  else if (white_result == 0.0)
    ++stats.black_wins;
  else
    ++stats.draws;
}

// Plays `options.games` games from openings drawn (with replacement, seeded) from `book`
// (FENs) and writes one line "FEN | result" per sampled position, result 1.0, 0.5 or 0.0
// from White's point of view. `log` (if given) gets a progress line every 100 games.
DatagenStats generate_selfplay(const DatagenOptions& options, const std::vector<std::string>& book,
                               std::ostream& out, std::ostream* log);

}  // namespace arbiter::engine
