// arbiter match: engine tournaments under FIDE clocks (docs/players.md).
//
//   arbiter match --engine name=A cmd=/usr/games/stockfish option.Hash=64
//                 --engine name=B cmd=builtin elo=1800 --tc 60+1 --games 4
//                 --openings book.epd --concurrency 2 --pgn out.pgn --events logs/
//
// Every game runs through the competition Arbiter; adjudication is by the Laws only unless
// a score rule is named (--adjudicate draw=... / resign=...). `tc=` in an --engine gives
// that engine its own control (time odds); --chess960 plays random Chess960 positions.
#include <fmt/core.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "arbiter/players/event_log.hpp"
#include "arbiter/players/match.hpp"
#include "arbiter/players/openings.hpp"
#include "commands.hpp"

namespace arbiter::app {
namespace {

struct MatchArgs {
  std::vector<std::vector<std::string>> engines;
  std::string tc = "60+1";
  int games = 2;
  bool gauntlet = false;
  std::string openings;
  int plies = -1;
  int concurrency = 1;
  std::string pgn;
  std::string events;
  std::string illegal = "reject";
  std::vector<std::string> sprt;
  bool quiet = false;
  bool no_claims = false;
  bool chess960 = false;
  std::optional<std::uint64_t> seed;
  std::vector<std::string> adjudicate;
};

// `cmd=builtin` (with an optional `elo=N`) is the built-in engine: this binary's `uci`.
players::EngineConfig engine_from_words(std::vector<std::string> words) {
  std::optional<int> elo;
  bool builtin = false;
  std::vector<std::string> rest;
  for (std::string& w : words) {
    if (w.rfind("elo=", 0) == 0) {
      try {
        elo = std::stoi(w.substr(4));
      } catch (const std::exception&) {
        throw ExitError{2, "--engine: elo must be a number, got '" + w + "'"};
      }
    } else if (w == "cmd=builtin") {
      builtin = true;
      rest.push_back("cmd=" + players::self_executable() + " uci");
    } else {
      rest.push_back(std::move(w));
    }
  }
  auto config = players::parse_engine_config(rest);
  if (!config) throw ExitError{2, "--engine: " + config.error().message};
  if (builtin) {
    const std::string name = config->name;
    auto b = players::builtin_engine(players::self_executable(), elo);
    b.options.insert(b.options.end(), config->options.begin(), config->options.end());
    if (name != "arbiter") b.name = name;
    b.stderr_log = config->stderr_log;
    b.time_control = config->time_control;
    return b;
  }
  return *config;
}

double parse_sprt_value(const std::vector<std::string>& words, const std::string& key,
                        double fallback) {
  for (const std::string& w : words) {
    if (w.rfind(key + "=", 0) != 0) continue;
    try {
      return std::stod(w.substr(key.size() + 1));
    } catch (const std::exception&) {
      throw ExitError{2, "--sprt: bad number in '" + w + "'"};
    }
  }
  return fallback;
}

std::string with_round(std::string pgn, int round) {
  const std::string tag = "[Round \"?\"]";
  if (auto at = pgn.find(tag); at != std::string::npos)
    pgn.replace(at, tag.size(), "[Round \"" + std::to_string(round) + "\"]");
  const std::string event = "[Event \"?\"]";
  if (auto at = pgn.find(event); at != std::string::npos)
    pgn.replace(at, event.size(), "[Event \"arbiter match\"]");
  return pgn;
}

void print_table(const players::MatchOptions& o, const players::MatchSummary& s) {
  fmt::print("\n{:<4} {:<20} {:>6} {:>7} {:>6} {:>18} {:>6}\n", "Rank", "Engine", "Games", "Score",
             "%", "Elo (95%)", "Draws");
  std::vector<std::size_t> order(o.engines.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return s.per_engine[a].score() > s.per_engine[b].score();
  });
  int rank = 0;
  for (std::size_t i : order) {
    const players::Wdl& w = s.per_engine[i];
    const auto e = players::estimate_elo(w);
    fmt::print("{:<4} {:<20} {:>6} {:>7.1f} {:>5.1f}% {:>18} {:>5.1f}%\n", ++rank,
               o.engines[i].name, w.games(), w.wins + 0.5 * w.draws, 100 * w.score(),
               w.games() ? players::format_elo(e) : "-", 100 * e.draw_ratio);
  }
  if (s.sprt) {
    const char* words[] = {"continue", "H0 accepted", "H1 accepted"};
    fmt::print("SPRT: {} (LLR {:.2f}, bounds [{:.2f}, {:.2f}])\n", words[static_cast<int>(*s.sprt)],
               players::sprt_llr(s.per_engine[0], *o.sprt), players::sprt_lower_bound(*o.sprt),
               players::sprt_upper_bound(*o.sprt));
  }
}

void run(const MatchArgs& a) {
  players::MatchOptions o;
  if (a.engines.size() < 2) throw ExitError{2, "a match needs at least two --engine"};
  for (const auto& words : a.engines) o.engines.push_back(engine_from_words(words));
  auto tc = clock::TimeControl::parse(a.tc);
  if (!tc) throw ExitError{2, "--tc: " + tc.error().describe()};
  o.time_control = *tc;
  o.games = a.games;
  o.gauntlet = a.gauntlet;
  o.concurrency = a.concurrency;
  o.claim_draws = !a.no_claims;
  // Art. 6.3: each player's time is his own; a clock for one side only is no game.
  for (const auto& e : o.engines)
    if (e.time_control && e.time_control->is_unlimited() != o.time_control.is_unlimited())
      throw ExitError{2, "--engine " + e.name + ": tc=" + e.time_control->to_string() +
                             " and --tc " + o.time_control.to_string() +
                             ": every engine needs a clock, or none does (-)"};
  for (const std::string& rule : a.adjudicate)
    if (auto ok = players::parse_adjudication(rule, o.adjudication); !ok)
      throw ExitError{2, ok.error().message};
  o.rules.illegal_moves = a.illegal == "penalize" ? competition::IllegalMovePolicy::Penalize
                                                  : competition::IllegalMovePolicy::Reject;
  if (!a.openings.empty()) {
    auto book = players::load_openings(a.openings, a.plies);
    if (!book) throw ExitError{2, "--openings: " + book.error().describe()};
    o.openings = std::move(*book);
  }
  if (a.seed && !a.chess960) throw ExitError{2, "--seed goes with --chess960"};
  if (a.chess960 && a.openings.empty()) {
    // Guideline II.2.1: positions drawn at random, each played with the colours reversed.
    const std::uint64_t seed = a.seed.value_or(
        static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()));
    o.chess960_positions = players::chess960_positions(seed, std::max(1, (a.games + 1) / 2));
    if (!a.quiet) fmt::print(stderr, "Chess960 positions from --seed {}\n", seed);
  }
  if (!a.sprt.empty()) {
    if (o.engines.size() != 2) throw ExitError{2, "--sprt needs exactly two engines"};
    o.sprt = players::Sprt{parse_sprt_value(a.sprt, "elo0", 0), parse_sprt_value(a.sprt, "elo1", 5),
                           parse_sprt_value(a.sprt, "alpha", 0.05),
                           parse_sprt_value(a.sprt, "beta", 0.05)};
  }
  std::ofstream pgn_out;
  if (!a.pgn.empty()) {
    pgn_out.open(a.pgn, std::ios::binary | std::ios::trunc);
    if (!pgn_out) throw ExitError{2, a.pgn + ": cannot write"};
  }
  if (!a.events.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(a.events, ec);
    if (ec) throw ExitError{2, a.events + ": " + ec.message()};
  }
  const auto summary = players::run_match(
      o, players::make_engine_player, [] { return std::make_unique<SteadyTimeSource>(); },
      [&](const players::FinishedGame& g, const players::MatchSummary& s) {
        if (pgn_out) {
          std::string pgn = players::pgn_with_evals(g.played.verdict.pgn, g.played.evals);
          if (g.played.adjudication)
            pgn = players::pgn_with_adjudication(pgn, *g.played.adjudication);
          pgn_out << with_round(pgn, g.game.number) << '\n' << std::flush;
        }
        if (!a.events.empty()) {
          std::ofstream log(a.events + "/game" + std::to_string(g.game.number) + ".jsonl",
                            std::ios::binary | std::ios::trunc);
          log << players::event_log_text(g.played.start, g.played.events);
        }
        if (a.quiet) return;
        const players::Wdl& w = s.per_engine[0];
        fmt::print(stderr, "Game {} ({} - {}): {} {{{}}}", g.game.number,
                   o.engines[static_cast<std::size_t>(g.game.white)].name,
                   o.engines[static_cast<std::size_t>(g.game.black)].name,
                   competition::result_text(g.played.verdict.result),
                   competition::termination_name(g.played.verdict.termination));
        for (const std::string& n : g.played.notes) fmt::print(stderr, " [{}]", n);
        if (g.played.adjudication) fmt::print(stderr, " [adjudicated: {}]", *g.played.adjudication);
        fmt::print(stderr, "\nPlayed {}/{}: {} +{} ={} -{} ({})\n", s.played, s.scheduled,
                   o.engines[0].name, w.wins, w.draws, w.losses,
                   players::format_elo(players::estimate_elo(w)));
      });
  print_table(o, summary);
}

}  // namespace

void register_match(CLI::App& app) {
  auto a = std::make_shared<MatchArgs>();
  auto* cmd = app.add_subcommand("match", "Run an engine match or tournament under FIDE clocks");
  cmd->add_option("--engine", a->engines,
                  "An engine: name=X cmd=PATH|builtin [proto=uci|xboard] [elo=N] [tc=TC] "
                  "[option.NAME=VALUE ...] [stderr=FILE] (repeat, two or more)")
      ->required()
      ->allow_extra_args();
  cmd->add_option("--tc", a->tc,
                  "Time control of the game-events spec (default 60+1), for every engine "
                  "without its own tc=");
  cmd->add_option("--games", a->games, "Games per pairing, colours alternating")
      ->check(CLI::Range(1, 1000000));
  cmd->add_flag("--gauntlet", a->gauntlet,
                "The first engine against each other (default: round-robin)");
  cmd->add_option("--openings", a->openings, "Opening book, .epd or .pgn");
  cmd->add_option("--plies", a->plies, "Plies of each .pgn opening to play (default: all)");
  cmd->add_option("--concurrency", a->concurrency, "Games at the same time")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--pgn", a->pgn, "Write the games here (PGN with [%clk])");
  cmd->add_option("--events", a->events, "Write each game's event log to this directory");
  cmd->add_option("--illegal", a->illegal,
                  "reject: an illegal move loses at once (online); penalize: Art. 7.5")
      ->check(CLI::IsMember({"reject", "penalize"}));
  cmd->add_option("--sprt", a->sprt, "elo0=0 elo1=5 [alpha=0.05 beta=0.05]")->expected(1, 4);
  cmd->add_flag("--quiet", a->quiet, "No progress lines");
  cmd->add_flag("--no-claims", a->no_claims,
                "Do not claim threefold / 50-move draws (Art. 9.2, 9.3) for the engines");
  cmd->add_flag("--chess960", a->chess960,
                "Chess960: random start positions (or the --openings as Chess960 FENs), each "
                "played with the colours reversed");
  cmd->add_option("--seed", a->seed, "Seed of the --chess960 positions (reproducible)");
  cmd->add_option("--adjudicate", a->adjudicate,
                  "Optional score adjudication (default: the Laws only): "
                  "draw=movenumber:N,movecount:C,score:CP or resign=movecount:C,score:CP")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->callback([a] { run(*a); });
}

}  // namespace arbiter::app
