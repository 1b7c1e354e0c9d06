// arbiter pgn check FILE... | convert FILE --style S --lang L | stats [--bench] FILE...
// (and `pgn analyse`, cmd_pgn_analyse.cpp)
// Every FILE may be "-" for standard input (docs/pgn.md).
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <vector>

#include "arbiter/notation/notation.hpp"
#include "arbiter/notation/openings.hpp"
#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/reader.hpp"
#include "arbiter/pgn/scoresheet.hpp"
#include "arbiter/pgn/stats.hpp"
#include "arbiter/pgn/writer.hpp"
#include "commands.hpp"

namespace arbiter::app {

namespace {

// The stream of a FILE argument; "-" is standard input.
class Input {
 public:
  explicit Input(const std::string& name) : name_(name) {
    if (name == "-") return;
    file_.open(name, std::ios::binary);
    if (!file_) throw ExitError{2, "cannot open " + name};
  }
  std::istream& stream() { return name_ == "-" ? std::cin : file_; }
  [[nodiscard]] const std::string& name() const { return name_; }

 private:
  std::string name_;
  std::ifstream file_;
};

void print_diagnostic(const std::string& file, const Error& e, std::string_view kind) {
  fmt::print("{}:{}:{}: {}: {} [{}]\n", file, e.where.line, e.where.column, kind, e.message,
             to_string(e.code));
}

std::string game_title(const pgn::Game& g) {
  return fmt::format("{} - {}", g.tags.get("White", "?"), g.tags.get("Black", "?"));
}

pgn::BuilderOptions builder_options(bool any_language) {
  pgn::BuilderOptions o;
  o.english_only = !any_language;
  return o;
}

void run_check(const std::vector<std::string>& files, bool strict, bool quiet, bool any_language) {
  std::uint64_t games = 0, errors = 0, warnings = 0;
  for (const auto& name : files) {
    Input in(name);
    pgn::Reader reader(in.stream(), pgn::ReaderOptions{strict});
    pgn::GameBuilder builder(builder_options(any_language));
    while (reader.next(builder)) {
      ++games;
      const pgn::Game& g = builder.game();
      if (!quiet)
        fmt::print("{}:{}: game {}: {}, {} plies, {}\n", name, builder.line(), games, game_title(g),
                   builder.plies(), g.result.empty() ? "no result" : g.result);
      // Errors and warnings of the game in input order.
      std::vector<std::pair<const Error*, const char*>> diags;
      for (const auto& e : builder.errors()) diags.emplace_back(&e, "error");
      // With -q the note that diagnostics were left out (reader limits) is still shown.
      for (const auto& w : builder.warnings())
        if (!quiet || w.code == ErrorCode::kPgnLimit) diags.emplace_back(&w, "warning");
      std::stable_sort(diags.begin(), diags.end(), [](const auto& a, const auto& b) {
        return std::pair(a.first->where.line, a.first->where.column) <
               std::pair(b.first->where.line, b.first->where.column);
      });
      for (const auto& [e, kind] : diags) print_diagnostic(name, *e, kind);
    }
    errors += static_cast<std::uint64_t>(reader.error_count());
    warnings += static_cast<std::uint64_t>(reader.warning_count());
  }
  fmt::print("{} games, {} errors, {} warnings\n", games, errors, warnings);
  std::fflush(stdout);
  if (errors > 0) throw ExitError{1, fmt::format("{} errors in the input", errors)};
}

void run_convert(const std::string& file, const std::string& style_name,
                 const std::string& lang_name, bool strict, bool any_language,
                 const std::string& openings_dir) {
  // Issue #18 item 6: ECO and Opening tags from lichess's list of openings.
  std::optional<notation::OpeningBook> openings;
  if (!openings_dir.empty()) {
    auto book = notation::OpeningBook::load_directory(openings_dir);
    if (!book) throw ExitError{2, "--openings: " + book.error().describe()};
    openings = std::move(*book);
  }
  auto lang = notation::parse_language(lang_name);
  if (!lang) throw ExitError{2, "--lang: " + lang.error().message};
  auto style = notation::parse_style(style_name, *lang);
  if (!style) throw ExitError{2, "--style: " + style.error().message};
  // "fide" and "long" are the scoresheet forms of Appendix C; the other styles keep the
  // PGN layout (tags, variations, comments) with moves in that form.
  const bool scoresheet = style_name == "fide" || style_name == "long";
  Input in(file);
  pgn::Reader reader(in.stream(), pgn::ReaderOptions{strict});
  pgn::GameBuilder builder(builder_options(any_language));
  bool first = true;
  while (reader.next(builder)) {
    for (const auto& e : builder.errors()) {
      std::fflush(stdout);
      fmt::print(stderr, "{}:{}:{}: error: {}\n", file, e.where.line, e.where.column, e.message);
    }
    if (!first) fmt::print("\n");
    first = false;
    const pgn::Game* game = &builder.game();
    pgn::Game named;
    if (openings) {
      named = builder.game();
      if (const notation::Opening* o = openings->of_game(named.start, named.mainline())) {
        named.tags.set("ECO", o->eco);
        named.tags.set("Opening", o->name);
      }
      game = &named;
    }
    if (scoresheet) {
      pgn::ScoresheetOptions o;
      o.style = *style;
      fmt::print("{}", pgn::write_scoresheet(*game, o));
    } else {
      pgn::WriteOptions o;
      o.style = *style;
      std::string text = pgn::write_game(*game, o);
      text.pop_back();  // games are separated by the blank line printed above
      fmt::print("{}", text);
    }
  }
  std::fflush(stdout);
  if (reader.error_count() > 0)
    throw ExitError{1, fmt::format("{} errors in the input", reader.error_count())};
}

void print_stats(const std::string& label, const pgn::Stats& s, bool full) {
  const double mb = static_cast<double>(s.bytes) / 1e6;
  fmt::print("{}: {} games, {:.2f} MB", label, s.games, mb);

  if (full) fmt::print(", {} plies", s.plies);
  fmt::print(", {} errors, {} warnings\n", s.errors, s.warnings);
  fmt::print("  results: 1-0 {}, 0-1 {}, 1/2-1/2 {}, * {}, missing {}\n", s.results[0],
             s.results[1], s.results[2], s.results[3], s.results[4]);
  const double cpu = s.cpu_seconds > 0 ? s.cpu_seconds : 1e-9;
  fmt::print("  {:.3f} s cpu ({:.3f} s wall), {:.1f} MB/s, {:.0f} games/s\n", s.cpu_seconds,
             s.seconds, mb / cpu, static_cast<double>(s.games) / cpu);
}

void run_stats(const std::vector<std::string>& files, bool bench) {
  if (!bench) {
    std::uint64_t errors = 0;
    for (const auto& name : files) {
      Input in(name);
      const pgn::Stats s = pgn::collect_stats(in.stream(), pgn::ReadMode::Full);
      print_stats(name, s, true);
      errors += s.errors;
    }
    if (errors > 0) throw ExitError{1, fmt::format("{} errors in the input", errors)};
    return;
  }
  // Benchmark: each file is read twice from the file system (skim, then full); standard
  // input is buffered in memory first so that it can be read twice.
  pgn::Stats total[2];
  for (const auto& name : files) {
    std::string stdin_copy;
    if (name == "-") {
      std::ostringstream ss;
      ss << std::cin.rdbuf();
      stdin_copy = ss.str();
    }
    for (int m = 0; m < 2; ++m) {
      const auto mode = m == 0 ? pgn::ReadMode::Skim : pgn::ReadMode::Full;
      pgn::Stats s;
      if (name == "-") {
        std::istringstream in(stdin_copy);
        s = pgn::collect_stats(in, mode);
      } else {
        Input in(name);
        s = pgn::collect_stats(in.stream(), mode);
      }
      total[m].games += s.games;
      total[m].plies += s.plies;
      total[m].bytes += s.bytes;
      total[m].seconds += s.seconds;
      total[m].cpu_seconds += s.cpu_seconds;
      total[m].errors += s.errors;
    }
  }
  // CPU time is the fairer figure on a shared machine; wall time is shown beside it.
  fmt::print("{:<5} {:>9} {:>7} {:>9} {:>8} {:>8} {:>9} {:>9} {:>8}\n", "mode", "MB", "games",
             "plies", "cpu s", "wall s", "MB/s cpu", "MB/s wall", "games/s");
  for (int m = 0; m < 2; ++m) {
    const pgn::Stats& s = total[m];
    const double mb = static_cast<double>(s.bytes) / 1e6;
    const double cpu = s.cpu_seconds > 0 ? s.cpu_seconds : 1e-9;
    const double wall = s.seconds > 0 ? s.seconds : 1e-9;
    fmt::print("{:<5} {:>9.2f} {:>7} {:>9} {:>8.3f} {:>8.3f} {:>9.1f} {:>9.1f} {:>8.0f}\n",
               m == 0 ? "skim" : "full", mb, s.games,
               m == 0 ? std::string("-") : std::to_string(s.plies), s.cpu_seconds, s.seconds,
               mb / cpu, mb / wall, static_cast<double>(s.games) / cpu);
  }
  if (total[1].errors > 0)
    throw ExitError{1, fmt::format("{} errors in the input", total[1].errors)};
}

}  // namespace

void register_pgn(CLI::App& app) {
  auto* pgn = app.add_subcommand("pgn", "PGN tools: check, convert, stats, analyse");
  pgn->require_subcommand(1);

  struct Options {
    std::vector<std::string> files;
    std::string file;
    std::string style = "san";
    std::string lang = "en";
    std::string openings;  // convert --openings DIR
    bool strict = false;
    bool quiet = false;
    bool bench = false;
    bool any_language = false;
  };
  auto opts = std::make_shared<Options>();

  auto* check = pgn->add_subcommand(
      "check", "Read PGN files; print each game and every error as file:line:col");
  check->add_option("files", opts->files, "PGN files ('-' for standard input)")->required();
  check->add_flag("--strict", opts->strict, "Stop at the first error");
  check->add_flag("-q,--quiet", opts->quiet, "Print only errors and the summary");
  check->add_flag("--any-language", opts->any_language,
                  "Accept piece letters of other languages (not PGN, but common)");
  check->callback(
      [opts] { run_check(opts->files, opts->strict, opts->quiet, opts->any_language); });

  auto* convert = pgn->add_subcommand("convert", "Rewrite games in another notation or language");
  convert->add_option("file", opts->file, "PGN file ('-' for standard input)")->required();
  convert->add_option("--style", opts->style, "san|fide|long|uci|iccf|old-russian");
  convert->add_option("--lang", opts->lang, "en|ru|de|fr|nl|es|it|figurine");
  convert->add_flag("--strict", opts->strict, "Stop at the first error");
  convert->add_flag("--any-language", opts->any_language,
                    "Accept piece letters of other languages in the input");
  convert->add_option("--openings", opts->openings,
                      "Add ECO and Opening tags from a directory of lichess's opening lists "
                      "(a.tsv .. e.tsv, e.g. ../shared/testdata/openings)");
  convert->callback([opts] {
    run_convert(opts->file, opts->style, opts->lang, opts->strict, opts->any_language,
                opts->openings);
  });

  auto* stats = pgn->add_subcommand("stats", "Count games, moves and results; measure speed");
  stats->add_option("files", opts->files, "PGN files ('-' for standard input)")->required();
  stats->add_flag("--bench", opts->bench, "Measure skim and full reading speed (MB/s, games/s)");
  stats->callback([opts] { run_stats(opts->files, opts->bench); });

  register_pgn_analyse(*pgn);
}

}  // namespace arbiter::app
