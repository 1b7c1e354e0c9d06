// arbiter pgn analyse FILE [--nodes N] [--hash MB] [--json | --bench]
// Every game of a PGN file analysed by the built-in engine (docs/analysis.md): the games
// again with [%eval] comments, ?!/?/?? on the judged moves and the engine's line as a
// variation; or a JSON summary (printed by hand: nlohmann-json belongs to the wire
// module); or, with --bench, the speed: positions per second and games per minute per
// core. FILE may be "-" for standard input.
#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>

#include "arbiter/analysis/annotate.hpp"
#include "arbiter/analysis/game_analysis.hpp"
#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/reader.hpp"
#include "arbiter/pgn/writer.hpp"
#include "arbiter/wire/json_text.hpp"
#include "commands.hpp"

namespace arbiter::app {

namespace {

struct AnalyseOptions {
  std::string file;
  std::uint64_t nodes = analysis::kDefaultNodes;
  std::size_t hash_mb = 16;
  bool json = false;
  bool bench = false;
};

// Progress on a terminal only: a pipe or a file gets the result alone.
void show_progress(std::size_t game, std::size_t done, std::size_t total) {
  fmt::print(stderr, "\rgame {}: {}/{} positions", game, done, total);
  if (done == total) fmt::print(stderr, "\r\033[K");
  std::fflush(stderr);
}

std::string json_eval(const analysis::Evaluation& e) {
  if (e.is_mate()) return fmt::format("{{\"mate\":{}}}", e.signed_mate());
  return fmt::format("{{\"cp\":{}}}", e.value);
}

std::string json_optional(const std::optional<double>& v) {
  return v ? fmt::format("{:.1f}", *v) : std::string("null");
}

std::string json_side(const analysis::SideSummary& s) {
  return fmt::format(
      "{{\"accuracy\":{},\"inaccuracies\":{},\"mistakes\":{},\"blunders\":{},\"acpl\":{}}}",
      json_optional(s.accuracy), s.inaccuracies, s.mistakes, s.blunders,
      s.average_centipawn_loss ? std::to_string(*s.average_centipawn_loss) : "null");
}

// One game's summary: the players, the figures of each side and every move's evaluation,
// best move and judgement.
std::string json_game(std::size_t index, const pgn::Game& g, const analysis::GameAnalysis& a) {
  std::string out = fmt::format(
      "{{\"game\":{},\"white\":{},\"black\":{},\"result\":{},\"nodes\":{},\"start\":{{\"fen\":{},"
      "\"eval\":{}}},\"summary\":{{\"white\":{},\"black\":{}}},\"moves\":[",
      index, wire::json_string(g.tags.get("White", "?")),
      wire::json_string(g.tags.get("Black", "?")), wire::json_string(pgn::result_of(g)), a.nodes,
      wire::json_string(a.start.fen()), json_eval(a.start_eval), json_side(a.white),
      json_side(a.black));
  for (std::size_t i = 0; i < a.plies.size(); ++i) {
    const analysis::PlyAnalysis& p = a.plies[i];
    std::string line;
    for (const std::string& san : p.best_line) {
      if (!line.empty()) line += ',';
      wire::append_json_string(line, san);
    }
    out += fmt::format(
        "{}{{\"ply\":{},\"san\":{},\"eval\":{},\"depth\":{},\"best\":{},\"line\":[{}],"
        "\"judgement\":{}}}",
        i ? "," : "", i + 1, wire::json_string(p.move), json_eval(p.eval), p.depth,
        p.best_line.empty() ? std::string("null") : wire::json_string(p.best_line.front()), line,
        p.judgement == analysis::Judgement::None
            ? std::string("null")
            : wire::json_string(analysis::to_string(p.judgement)));
  }
  return out + "]}";
}

double process_cpu_seconds() {
  // The search runs on the engine's thread while this one waits: the process's time is
  // the work of one core.
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

void run_analyse(const AnalyseOptions& opts) {
  std::ifstream file;
  if (opts.file != "-") {
    file.open(opts.file, std::ios::binary);
    if (!file) throw ExitError{2, "cannot open " + opts.file};
  }
  std::istream& in = opts.file == "-" ? std::cin : file;
  const bool progress = !opts.bench && isatty(STDERR_FILENO) == 1;

  pgn::Reader reader(in);
  pgn::GameBuilder builder;
  std::size_t games = 0, failed = 0, positions = 0;
  const double cpu_start = process_cpu_seconds();
  const auto wall_start = std::chrono::steady_clock::now();
  if (opts.json) fmt::print("[");
  while (reader.next(builder)) {
    ++games;
    for (const auto& e : builder.errors()) {
      std::fflush(stdout);
      fmt::print(stderr, "{}:{}:{}: error: {}\n", opts.file, e.where.line, e.where.column,
                 e.message);
    }
    const pgn::Game& game = builder.game();
    analysis::AnalysisOptions o;
    o.nodes = opts.nodes;
    o.hash_mb = opts.hash_mb;
    if (progress)
      o.progress = [games](std::size_t done, std::size_t total) {
        show_progress(games, done, total);
      };
    auto a = analysis::analyse(game.start, game.mainline(), o);
    if (!a) {
      ++failed;
      std::fflush(stdout);
      fmt::print(stderr, "{}: game {}: {}\n", opts.file, games, a.error().describe());
    } else {
      positions += a->plies.size() + 1;
    }
    if (opts.bench) continue;
    if (opts.json) {
      if (games > 1) fmt::print(",");
      if (a)
        fmt::print("{}", json_game(games, game, *a));
      else
        fmt::print("{{\"game\":{},\"error\":{}}}", games, wire::json_string(a.error().describe()));
      continue;
    }
    if (games > 1) fmt::print("\n");
    // A game that could not be analysed is written as it was read, so that the output
    // still holds every game of the input.
    const pgn::Game* shown = &game;
    std::optional<pgn::Game> annotated;
    if (a) {
      if (auto r = analysis::annotate(game, *a)) {
        annotated = std::move(*r);
        shown = &*annotated;
      } else {
        ++failed;
        std::fflush(stdout);
        fmt::print(stderr, "{}: game {}: {}\n", opts.file, games, r.error().describe());
      }
    }
    std::string text = pgn::write_game(*shown);
    text.pop_back();  // games are separated by the blank line printed above
    fmt::print("{}", text);
    std::fflush(stdout);
  }
  if (opts.json) fmt::print("]\n");
  if (opts.bench) {
    const double cpu = process_cpu_seconds() - cpu_start;
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    const double per_cpu = cpu > 0 ? cpu : 1e-9;
    fmt::print("games {}, positions {}, nodes {} a position\n", games, positions, opts.nodes);
    fmt::print("{:.2f} s cpu ({:.2f} s wall), {:.3f} s a position\n", cpu, wall,
               positions ? cpu / static_cast<double>(positions) : 0.0);
    fmt::print("{:.1f} positions/s, {:.2f} games/min per core\n",
               static_cast<double>(positions) / per_cpu, static_cast<double>(games) * 60 / per_cpu);
  }
  std::fflush(stdout);
  const std::size_t errors = reader.error_count() + failed;
  if (errors > 0) throw ExitError{1, fmt::format("{} errors in the input", errors)};
}

}  // namespace

void register_pgn_analyse(CLI::App& pgn) {
  auto opts = std::make_shared<AnalyseOptions>();
  auto* cmd = pgn.add_subcommand(
      "analyse", "Analyse every game with the built-in engine: annotated PGN, or a JSON summary");
  cmd->alias("analyze");
  cmd->add_option("file", opts->file, "PGN file ('-' for standard input)")->required();
  cmd->add_option("--nodes", opts->nodes,
                  fmt::format("Nodes searched per position (default {})", analysis::kDefaultNodes))
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  cmd->add_option("--hash", opts->hash_mb, "Hash table in MiB (default 16)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{4096}));
  auto* json = cmd->add_flag("--json", opts->json, "Print a JSON summary of each game instead");
  cmd->add_flag("--bench", opts->bench, "Print only the speed: positions/s, games/min per core")
      ->excludes(json);
  cmd->callback([opts] { run_analyse(*opts); });
}

}  // namespace arbiter::app
