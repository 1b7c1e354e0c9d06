#include "arbiter/engine/nnue_datagen.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "arbiter/core/movegen.hpp"
#include "arbiter/engine/datagen.hpp"
#include "arbiter/engine/engine.hpp"
#include "arbiter/engine/eval.hpp"
#include "arbiter/engine/strength.hpp"
#include "arbiter/engine/training_data.hpp"

namespace arbiter::engine {

namespace {

struct Opening {
  core::Position pos;
  std::vector<core::Key> keys;
};

// A book position followed by random legal moves; false if the game ended on the way.
bool random_opening(const std::vector<std::string>& book, int plies, Rng& rng, Opening& out) {
  auto start = core::Position::from_fen(book[rng.below(book.size())]);
  if (!start) return false;
  out.pos = *start;
  out.keys = {out.pos.key()};
  for (int i = 0; i < plies; ++i) {
    const core::MoveList moves = core::legal_moves(out.pos);
    if (moves.empty()) return false;
    core::Undo undo;
    out.pos.do_move(moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))],
                    undo);
    out.keys.push_back(out.pos.key());
  }
  return core::has_legal_moves(out.pos) && !is_insufficient_material(out.pos);
}

SearchResult search(Engine& engine, const core::Position& pos, const std::vector<core::Key>& keys,
                    std::uint64_t soft, std::uint64_t hard) {
  SearchLimits limits;
  limits.soft_nodes = soft;
  limits.nodes = hard;
  engine.set_position(pos, std::vector<core::Key>(keys.begin(), keys.end() - 1));
  return engine.search(limits);
}

std::string settings_text(const NnueDatagenOptions& o) {
  std::ostringstream s;
  s << "format=nnue\nseed=" << o.seed << "\ngames=" << o.games_per_chunk
    << "\nnodes=" << o.soft_nodes << "\nhard-nodes=" << o.hard_nodes
    << "\nrandom-plies=" << o.random_plies << "\nextra-ply=" << o.extra_ply_percent
    << "\nopening-nodes=" << o.opening_nodes << "\nmax-opening-score=" << o.max_opening_score
    << "\nskip=" << o.skip_plies << "\nmax-plies=" << o.max_plies << "\nwin=" << o.win_score << "/"
    << o.win_plies << "\ndraw=" << o.draw_score << "/" << o.draw_plies << "/" << o.draw_min_ply
    << "\nhash=" << o.hash_mb << "\n";
  return s.str();
}

}  // namespace

NnueChunkStats& NnueChunkStats::operator+=(const NnueChunkStats& o) noexcept {
  games += o.games;
  white_wins += o.white_wins;
  draws += o.draws;
  black_wins += o.black_wins;
  adjudicated += o.adjudicated;
  capped += o.capped;
  dropped_openings += o.dropped_openings;
  positions += o.positions;
  plies += o.plies;
  return *this;
}

NnueChunkStats generate_nnue_chunk(const NnueDatagenOptions& options,
                                   const std::vector<std::string>& book, std::uint64_t chunk,
                                   std::ostream& out) {
  NnueChunkStats stats;
  if (book.empty()) return stats;
  Rng rng(options.seed * 0x9E3779B97F4A7C15ULL ^ (chunk + 1) * 0xD1B54A32D192ED03ULL);
  Engine engine;
  EngineOptions engine_options;
  engine_options.hash_mb = options.hash_mb;
  engine_options.threads = 1;
  engine.set_options(engine_options);
  while (stats.games < options.games_per_chunk) {
    Opening opening;
    const int plies =
        options.random_plies + (options.extra_ply_percent > 0 &&
                                static_cast<int>(rng.below(100)) < options.extra_ply_percent);
    if (!random_opening(book, plies, rng, opening)) continue;
    engine.new_game();
    const SearchResult check =
        search(engine, opening.pos, opening.keys, options.opening_nodes, options.opening_nodes);
    if (check.score > options.max_opening_score || check.score < -options.max_opening_score) {
      ++stats.dropped_openings;
      continue;
    }
    core::Position pos = opening.pos;
    std::vector<core::Key> keys = opening.keys;
    engine.new_game();
    std::vector<std::pair<core::Position, Value>> recorded;
    double result = 0.5;  // White's view
    int white_run = 0;
    int black_run = 0;
    int draw_run = 0;
    for (int ply = 0;; ++ply) {
      if (game_over(pos, keys, result)) break;
      if (ply >= options.max_plies) {
        ++stats.capped;
        break;
      }
      const SearchResult r = search(engine, pos, keys, options.soft_nodes, options.hard_nodes);
      if (r.best == core::Move::none()) break;  // cannot happen: there are legal moves
      ++stats.plies;
      const Value white = pos.side_to_move() == core::Color::White ? r.score : -r.score;
      if (is_mate_score(white)) {
        result = white > 0 ? 1.0 : 0.0;
        ++stats.adjudicated;
        break;
      }
      if (ply >= options.skip_plies && !pos.in_check() && !pos.is_capture(r.best) &&
          !r.best.is_promotion())
        recorded.emplace_back(pos, white);
      white_run = white >= options.win_score ? white_run + 1 : 0;
      black_run = white <= -options.win_score ? black_run + 1 : 0;
      draw_run =
          ply >= options.draw_min_ply && white <= options.draw_score && white >= -options.draw_score
              ? draw_run + 1
              : 0;
      if (white_run >= options.win_plies || black_run >= options.win_plies) {
        result = white_run > 0 ? 1.0 : 0.0;
        ++stats.adjudicated;
        break;
      }
      if (draw_run >= options.draw_plies) {
        ++stats.adjudicated;
        break;
      }
      core::Undo undo;
      pos.do_move(r.best, undo);
      keys.push_back(pos.key());
    }
    tally_game(stats, result);
    for (const auto& [p, score] : recorded)
      out << format_training_line(p, score, static_cast<float>(result)) << '\n';
    stats.positions += recorded.size();
  }
  return stats;
}

std::string nnue_chunk_name(std::uint64_t seed, std::uint64_t chunk) {
  char name[64];
  std::snprintf(name, sizeof name, "s%llu-c%06llu.txt", static_cast<unsigned long long>(seed),
                static_cast<unsigned long long>(chunk));
  return name;
}

Result<NnueDirectoryStats> generate_nnue_directory(const NnueDatagenOptions& options,
                                                   const std::vector<std::string>& book,
                                                   const std::string& dir, std::uint64_t first,
                                                   std::uint64_t count, std::ostream* log) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return make_error(ErrorCode::kIo, "cannot create '" + dir + "': " + ec.message());
  if (book.empty()) return make_error(ErrorCode::kInvalidArgument, "the opening book is empty");
  const std::string settings = settings_text(options);
  const fs::path settings_path =
      fs::path(dir) / ("s" + std::to_string(options.seed) + "-settings.txt");
  if (fs::exists(settings_path)) {
    std::ifstream in(settings_path);
    std::stringstream old;
    old << in.rdbuf();
    if (old.str() != settings)
      return make_error(ErrorCode::kInvalidArgument,
                        settings_path.string() +
                            ": the chunks of this seed were made with other settings; use "
                            "another seed or directory");
  } else {
    std::ofstream out(settings_path);
    out << settings;
    if (!out) return make_error(ErrorCode::kIo, "cannot write '" + settings_path.string() + "'");
  }
  NnueDirectoryStats stats;
  for (std::uint64_t chunk = first; count == 0 || chunk < first + count; ++chunk) {
    const fs::path path = fs::path(dir) / nnue_chunk_name(options.seed, chunk);
    if (fs::exists(path)) {
      ++stats.skipped;
      continue;
    }
    const fs::path tmp = path.string() + ".tmp";
    const auto start = std::chrono::steady_clock::now();
    NnueChunkStats s;
    {
      std::ofstream out(tmp, std::ios::trunc);
      if (!out) return make_error(ErrorCode::kIo, "cannot write '" + tmp.string() + "'");
      s = generate_nnue_chunk(options, book, chunk, out);
      out.flush();
      if (!out) return make_error(ErrorCode::kIo, "cannot write '" + tmp.string() + "'");
    }
    fs::rename(tmp, path, ec);
    if (ec)
      return make_error(ErrorCode::kIo, "cannot rename '" + tmp.string() + "': " + ec.message());
    ++stats.written;
    stats.totals += s;
    if (log) {
      const double secs =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      *log << path.filename().string() << ": games " << s.games << " (+" << s.white_wins << " ="
           << s.draws << " -" << s.black_wins << ", adjudicated " << s.adjudicated << ", capped "
           << s.capped << ", openings dropped " << s.dropped_openings << "), positions "
           << s.positions << ", "
           << static_cast<long long>(static_cast<double>(s.positions) / (secs > 0 ? secs : 1))
           << " pos/s" << std::endl;
    }
  }
  return stats;
}

}  // namespace arbiter::engine
