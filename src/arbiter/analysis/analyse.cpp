// analyse(): the built-in engine over every position of a game (game_analysis.hpp).
#include <chrono>
#include <condition_variable>
#include <mutex>

#include <fmt/core.h>

#include "arbiter/analysis/game_analysis.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/engine/engine.hpp"
#include "arbiter/notation/notation.hpp"

namespace arbiter::analysis {

namespace {

// lichess keeps at most 12 plies of a best line (lila `Info.LineMaxPlies`): enough to
// show the point of the better move, short enough to read in a PGN comment.
constexpr std::size_t kMaxLinePlies = 12;
// How often a running search looks at the stop flag.
constexpr auto kStopPoll = std::chrono::milliseconds(5);
// The engine's Hash option range (docs/engine.md, UCI).
constexpr std::size_t kMaxHashMb = 4096;

struct Searched {
  Evaluation eval;
  int depth = 0;
  std::vector<core::Move> line;
};

// A position where the game is over has an exact value: the side to move is checkmated
// (Art. 5.1.1) or stalemated (Art. 5.2.1, a draw: 0.00).
std::optional<Evaluation> exact_value(const core::Position& pos) {
  if (core::has_legal_moves(pos)) return std::nullopt;
  if (pos.in_check()) return Evaluation::mate(~pos.side_to_move(), 0);
  return Evaluation::centipawns(0);
}

// The longest legal prefix of `pv` (at most kMaxLinePlies): the principal variation comes
// from the search's own table, but nothing the analysis prints is taken on trust.
std::vector<core::Move> legal_prefix(core::Position pos, const std::vector<core::Move>& pv) {
  std::vector<core::Move> out;
  for (const core::Move m : pv) {
    if (out.size() == kMaxLinePlies || m == core::Move::null() || !pos.is_legal(m)) break;
    out.push_back(m);
    core::Undo undo;
    pos.do_move(m, undo);
  }
  return out;
}

class Searcher {
 public:
  explicit Searcher(const AnalysisOptions& options) : options_(options) {
    engine::EngineOptions o;
    o.hash_mb = options.hash_mb;
    o.threads = 1;  // Lazy SMP helpers would make the node count, hence the result, vary
    o.multipv = 1;
    o.move_overhead_ms = 0;
    o.seed = 1;  // unused without strength limits; fixed all the same
    engine_.set_options(o);
    engine_.new_game();  // an empty hash table and history: the same start every time
  }

  // Searches `pos` (reached through positions with `history` keys). False when stopped.
  bool search(const core::Position& pos, std::vector<core::Key> history, Searched& out) {
    engine_.set_position(pos, std::move(history));
    engine::SearchLimits limits;
    limits.nodes = options_.nodes;
    // The last completed iteration's line and score belong together; a node limit that
    // cuts the next iteration short leaves its partial results out.
    std::optional<engine::SearchInfo> last;
    const auto on_info = [&last](const engine::SearchInfo& info) {
      if (info.multipv == 1) last = info;
    };
    engine::SearchResult result;
    if (options_.stop == nullptr) {
      result = engine_.search(limits, on_info);
    } else if (!search_stoppable(limits, on_info, result)) {
      return false;
    }
    const engine::Value score = last ? last->score : result.score;
    out.eval = from_engine(score, pos.side_to_move());
    out.depth = last ? last->depth : result.depth;
    std::vector<core::Move> pv;
    if (last) pv = last->pv;
    if (pv.empty() && result.best != core::Move::none()) pv.push_back(result.best);
    out.line = legal_prefix(pos, pv);
    return true;
  }

 private:
  // The search on the engine's thread while this one watches the stop flag.
  bool search_stoppable(const engine::SearchLimits& limits,
                        const engine::Engine::InfoCallback& info, engine::SearchResult& result) {
    std::mutex mutex;
    std::condition_variable done_cv;
    bool done = false;
    engine_.start(limits, info, [&](const engine::SearchResult& r) {
      const std::lock_guard lock(mutex);
      result = r;
      done = true;
      done_cv.notify_one();
    });
    bool stopped = false;
    {
      std::unique_lock lock(mutex);
      while (!done_cv.wait_for(lock, kStopPoll, [&] { return done; })) {
        if (options_.stop->load()) {
          stopped = true;
          engine_.stop();
          break;
        }
      }
    }
    engine_.wait();  // the search thread has ended: `info`'s writes are visible
    return !stopped;
  }

  const AnalysisOptions& options_;
  engine::Engine engine_;
};

Error stopped_error(std::size_t done, std::size_t total) {
  return Error{ErrorCode::kCapacity,
               fmt::format("analysis stopped after {} of {} positions", done, total),
               {}};
}

}  // namespace

Result<GameAnalysis> analyse(const core::Position& start, const std::vector<core::Move>& moves,
                             const AnalysisOptions& options) {
  if (options.nodes == 0)
    return make_error(ErrorCode::kInvalidArgument, "the node limit must be at least 1");
  if (options.hash_mb == 0 || options.hash_mb > kMaxHashMb)
    return make_error(ErrorCode::kInvalidArgument,
                      fmt::format("hash size {} MiB is outside 1-{}", options.hash_mb, kMaxHashMb));

  // The positions of the game, the moves checked and written as SAN on the way.
  GameAnalysis analysis;
  analysis.start = start;
  analysis.nodes = options.nodes;
  std::vector<core::Position> positions{start};
  positions.reserve(moves.size() + 1);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const core::Position& pos = positions.back();
    const core::Move m = moves[i];
    const std::string where = "ply " + std::to_string(i + 1);
    if (m == core::Move::null() || m == core::Move::none())
      return make_error(ErrorCode::kMoveIllegal, "a null move cannot be analysed",
                        Location{0, 0, where});
    if (!pos.is_legal(m))
      return make_error(ErrorCode::kMoveIllegal,
                        fmt::format("the move is not legal in {}", pos.fen()),
                        Location{0, 0, where});
    PlyAnalysis ply;
    ply.move = notation::san(pos, m);
    analysis.plies.push_back(std::move(ply));
    positions.push_back(pos.after(m));
  }

  // From the last position back to the first: each search then finds in the hash table
  // what the searches of the positions that followed learnt, above all the refutation of
  // the move actually played, so a blunder is seen as one from the position before it.
  Searcher searcher(options);
  const std::size_t total = positions.size();
  std::size_t done = 0;
  for (std::size_t k = total; k-- > 0;) {
    if (options.stop != nullptr && options.stop->load())
      return tl::unexpected(stopped_error(done, total));
    const core::Position& pos = positions[k];
    Searched s;
    if (const auto exact = exact_value(pos)) {
      s.eval = *exact;
    } else {
      std::vector<core::Key> history;
      history.reserve(k);
      for (std::size_t j = 0; j < k; ++j) history.push_back(positions[j].key());
      if (!searcher.search(pos, std::move(history), s))
        return tl::unexpected(stopped_error(done, total));
    }
    // Position k is the one after ply k (the start for k = 0) and the one before ply k + 1,
    // whose best line the search gave.
    if (k == 0) {
      analysis.start_eval = s.eval;
      analysis.start_depth = s.depth;
    } else {
      analysis.plies[k - 1].eval = s.eval;
      analysis.plies[k - 1].depth = s.depth;
    }
    if (k < analysis.plies.size()) {
      core::Position line = pos;
      for (const core::Move m : s.line) {
        analysis.plies[k].best_line.push_back(notation::san(line, m));
        core::Undo undo;
        line.do_move(m, undo);
      }
    }
    ++done;
    if (options.progress) options.progress(done, total);
  }
  summarise(analysis);
  return analysis;
}

}  // namespace arbiter::analysis
