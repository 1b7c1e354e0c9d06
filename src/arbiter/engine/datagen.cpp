#include "arbiter/engine/datagen.hpp"

#include <algorithm>
#include <ostream>

#include "arbiter/core/movegen.hpp"
#include "arbiter/engine/engine.hpp"
#include "arbiter/engine/eval.hpp"
#include "arbiter/engine/eval_params.hpp"
#include "arbiter/engine/see.hpp"
#include "arbiter/engine/strength.hpp"

namespace arbiter::engine {

namespace {

constexpr int kMaxLeafPly = 16;

// Captures ordered most valuable victim first, least valuable attacker next; captures that
// lose material by SEE are not searched, which keeps the tree small.
Value leaf_search(core::Position& pos, Value alpha, Value beta, int ply, PawnTable& pawns,
                  core::Position& leaf) {
  const Value stand_pat = evaluate(pos, pawns);
  leaf = pos;
  if (stand_pat >= beta || ply >= kMaxLeafPly) return stand_pat;
  Value best = stand_pat;
  alpha = std::max(alpha, stand_pat);
  core::MoveList captures = core::legal_moves(pos, core::GenType::Captures);
  const auto order = [&](core::Move m) {
    const core::PieceType victim = pos.captured_piece(m);
    return params::kSeeValue[core::index(victim)] * 8 -
           params::kSeeValue[core::index(pos.moved_piece(m))] / 16;
  };
  std::stable_sort(captures.begin(), captures.end(),
                   [&](core::Move a, core::Move b) { return order(a) > order(b); });
  core::Position child_leaf;
  for (core::Move m : captures) {
    if (!see_ge(pos, m, 0)) continue;
    core::Undo undo;
    pos.do_move(m, undo);
    const Value v = -leaf_search(pos, -beta, -alpha, ply + 1, pawns, child_leaf);
    pos.undo_move(m, undo);
    if (v > best) {
      best = v;
      leaf = child_leaf;
      if (v > alpha) alpha = v;
      if (v >= beta) break;
    }
  }
  return best;
}

}  // namespace

int repetitions(const std::vector<core::Key>& keys, int halfmove_clock) {
  const int n = static_cast<int>(keys.size());
  int count = 0;
  for (int i = n - 1; i >= 0 && i >= n - 1 - halfmove_clock; i -= 2)
    if (keys[static_cast<std::size_t>(i)] == keys.back()) ++count;
  return count;
}

bool game_over(const core::Position& pos, const std::vector<core::Key>& keys,
               double& white_result) {
  if (!core::has_legal_moves(pos)) {
    white_result = !pos.in_check() ? 0.5 : pos.side_to_move() == core::Color::White ? 0.0 : 1.0;
    return true;
  }
  white_result = 0.5;
  return pos.halfmove_clock() >= 100 || repetitions(keys, pos.halfmove_clock()) >= 3 ||
         is_insufficient_material(pos);
}

bool quiet_leaf(const core::Position& pos, PawnTable& pawns, core::Position& leaf) {
  if (pos.in_check()) return false;
  core::Position work = pos;
  (void)leaf_search(work, -kInfinite, kInfinite, 0, pawns, leaf);
  return !leaf.in_check();
}

DatagenStats generate_selfplay(const DatagenOptions& options, const std::vector<std::string>& book,
                               std::ostream& out, std::ostream* log) {
  DatagenStats stats;
  if (book.empty()) return stats;
  Engine engine;
  EngineOptions engine_options;
  engine_options.hash_mb = options.hash_mb;
  engine_options.threads = 1;
  engine.set_options(engine_options);
  Rng rng(options.seed);
  PawnTable pawns;
  for (int g = 0; g < options.games; ++g) {
    auto start = core::Position::from_fen(book[rng.below(book.size())]);
    if (!start) continue;
    core::Position pos = *start;
    std::vector<core::Key> keys{pos.key()};
    std::vector<std::string> sampled;
    engine.new_game();
    double result = 0.5;  // from White's point of view
    int ply = 0;
    for (;; ++ply) {
      if (game_over(pos, keys, result)) break;
      if (ply >= options.max_plies) {
        ++stats.capped;
        break;
      }
      SearchLimits limits;
      limits.nodes = options.nodes * 3 / 4 + rng.below(options.nodes / 2 + 1);
      std::vector<core::Key> history(keys.begin(), keys.end() - 1);
      engine.set_position(pos, std::move(history));
      const SearchResult r = engine.search(limits);
      if (r.best == core::Move::none()) break;  // cannot happen: there are legal moves
      core::Position leaf;
      if (ply >= options.skip_plies && !is_mate_score(r.score) && quiet_leaf(pos, pawns, leaf) &&
          !is_insufficient_material(leaf))
        sampled.push_back(leaf.fen());
      core::Undo undo;
      pos.do_move(r.best, undo);
      keys.push_back(pos.key());
    }
    tally_game(stats, result);
    const char* label = result == 1.0 ? "1.0" : result == 0.0 ? "0.0" : "0.5";
    for (const std::string& fen : sampled) out << fen << " | " << label << '\n';
    stats.positions += sampled.size();
    out.flush();
    if (log && (g + 1) % 100 == 0)
      *log << "games " << stats.games << " +" << stats.white_wins << " =" << stats.draws << " -"
           << stats.black_wins << " capped " << stats.capped << " positions " << stats.positions
           << std::endl;
  }
  return stats;
}

}  // namespace arbiter::engine
