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

#include "arbiter/players/event_runner.hpp"
#include "arbiter/players/match.hpp"
#include "arbiter/players/openings.hpp"
#include "arbiter/tournament/crosstable.hpp"
#include "arbiter/tournament/dutch.hpp"
#include "arbiter/tournament/round_robin.hpp"
#include "arbiter/tournament/trf.hpp"
#include "arbiter/wire/event_log_writer.hpp"
#include "commands.hpp"
#include "standings_output.hpp"
#include "trf_arg.hpp"

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
  // Engine events (issue #15): --tournament swiss|round-robin, with a TRF at the end.
  std::string tournament;
  int rounds = 0;
  bool double_round_robin = false;
  std::string trf;
  std::string tiebreaks;
  std::string event_name = "arbiter match";
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

// PGN 8.1.1: a tag value escapes '"' and '\\'.
std::string pgn_escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string with_round(std::string pgn, int round, const std::string& event_name) {
  const std::string tag = "[Round \"?\"]";
  if (auto at = pgn.find(tag); at != std::string::npos)
    pgn.replace(at, tag.size(), "[Round \"" + std::to_string(round) + "\"]");
  const std::string event = "[Event \"?\"]";
  if (auto at = pgn.find(event); at != std::string::npos)
    pgn.replace(at, event.size(), "[Event \"" + pgn_escaped(event_name) + "\"]");
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

// `positions`: how many Chess960 positions to draw (a match: one per two games; an event:
// one per round).
players::MatchOptions match_options(const MatchArgs& a, int positions) {
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
    o.chess960_positions = players::chess960_positions(seed, std::max(1, positions));
    if (!a.quiet) fmt::print(stderr, "Chess960 positions from --seed {}\n", seed);
  }
  if (!a.sprt.empty()) {
    if (o.engines.size() != 2) throw ExitError{2, "--sprt needs exactly two engines"};
    o.sprt = players::Sprt{parse_sprt_value(a.sprt, "elo0", 0), parse_sprt_value(a.sprt, "elo1", 5),
                           parse_sprt_value(a.sprt, "alpha", 0.05),
                           parse_sprt_value(a.sprt, "beta", 0.05)};
  }
  return o;
}

// The games' files: the PGN (Round = the game's number, or the event's round) and the
// event logs, one per game.
class GameFiles {
 public:
  explicit GameFiles(const MatchArgs& a) : events_(a.events) {
    if (!a.pgn.empty()) {
      pgn_.open(a.pgn, std::ios::binary | std::ios::trunc);
      if (!pgn_) throw ExitError{2, a.pgn + ": cannot write"};
    }
    if (!events_.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(events_, ec);
      if (ec) throw ExitError{2, events_ + ": " + ec.message()};
    }
  }
  void write(const players::PlayedGame& played, int number, int round,
             const std::string& event_name) {
    if (pgn_) {
      std::string pgn = players::pgn_with_evals(played.verdict.pgn, played.evals);
      if (played.adjudication) pgn = players::pgn_with_adjudication(pgn, *played.adjudication);
      pgn_ << with_round(pgn, round, event_name) << '\n' << std::flush;
    }
    if (!events_.empty()) {
      std::ofstream log(events_ + "/game" + std::to_string(number) + ".jsonl",
                        std::ios::binary | std::ios::trunc);
      log << wire::event_log_text(played.start, played.events);
    }
  }

 private:
  std::ofstream pgn_;
  std::string events_;
};

void print_game_line(const players::MatchOptions& o, const players::ScheduledGame& g,
                     const players::PlayedGame& played) {
  fmt::print(stderr, "Game {} ({} - {}): {} {{{}}}", g.number,
             o.engines[static_cast<std::size_t>(g.white)].name,
             o.engines[static_cast<std::size_t>(g.black)].name,
             competition::result_text(played.verdict.result),
             competition::termination_name(played.verdict.termination));
  for (const std::string& n : played.notes) fmt::print(stderr, " [{}]", n);
  if (played.adjudication) fmt::print(stderr, " [adjudicated: {}]", *played.adjudication);
  fmt::print(stderr, "\n");
}

void run(const MatchArgs& a) {
  const players::MatchOptions o = match_options(a, (a.games + 1) / 2);
  GameFiles files(a);
  const auto summary = players::run_match(
      o, players::make_engine_player, [] { return std::make_unique<SteadyTimeSource>(); },
      [&](const players::FinishedGame& g, const players::MatchSummary& s) {
        files.write(g.played, g.game.number, g.game.number, a.event_name);
        if (a.quiet) return;
        const players::Wdl& w = s.per_engine[0];
        print_game_line(o, g.game, g.played);
        fmt::print(stderr, "Played {}/{}: {} +{} ={} -{} ({})\n", s.played, s.scheduled,
                   o.engines[0].name, w.wins, w.draws, w.losses,
                   players::format_elo(players::estimate_elo(w)));
      });
  print_table(o, summary);
}

// The pairing function of the event: the Dutch engine for a Swiss, the Berger tables for a
// round robin; both read the event as it stands, as `arbiter pair` reads a TRF.
players::EventPairer event_pairer(bool swiss) {
  if (swiss) {
    return [](const tournament::Tournament& ev) -> Result<players::EventPairing> {
      auto p = tournament::pair_dutch(ev);
      if (!p) return tl::unexpected(p.error());
      return players::EventPairing{p->boards, p->bye};
    };
  }
  return [](const tournament::Tournament& ev) -> Result<players::EventPairing> {
    auto plan = tournament::round_robin_plan(ev);
    if (!plan) return tl::unexpected(plan.error());
    auto next = tournament::next_round(ev, *plan);
    if (!next) return make_error(ErrorCode::kInvalidArgument, "the round robin is played out", {});
    return players::EventPairing{next->boards, next->bye};
  };
}

void run_event(const MatchArgs& a) {
  const bool swiss = a.tournament == "swiss";
  players::EventOptions e;
  if (!a.sprt.empty()) throw ExitError{2, "--sprt is for two-engine matches, not --tournament"};
  if (a.gauntlet) throw ExitError{2, "--gauntlet and --tournament exclude each other"};
  const int n = static_cast<int>(a.engines.size());
  if (swiss) {
    if (a.rounds < 1) throw ExitError{2, "--tournament swiss needs --rounds N"};
    if (a.double_round_robin) throw ExitError{2, "--double is for --tournament round-robin"};
    e.rounds = a.rounds;
    e.system = "FIDE_DUTCH_2026";
  } else {
    const int cycle = tournament::berger_size(n) - 1;
    e.rounds = a.double_round_robin ? 2 * cycle : cycle;
    if (a.rounds != 0 && a.rounds != e.rounds)
      throw ExitError{
          2, fmt::format("a {} round robin of {} engines has {} rounds, not {}",
                         a.double_round_robin ? "double" : "single", n, e.rounds, a.rounds)};
    e.system = a.double_round_robin ? "FIDE_DOUBLEROUNDROBIN" : "BERGER_ROUNDROBIN";
  }
  e.match = match_options(a, e.rounds);
  e.name = a.event_name;
  e.tiebreaks = a.tiebreaks;
  for (const auto& words : a.engines) {
    int rating = 0;
    for (const std::string& w : words)
      if (w.rfind("elo=", 0) == 0) rating = std::atoi(w.c_str() + 4);
    e.ratings.push_back(rating);
  }
  // The tie-break list is checked before any game is played.
  if (!a.tiebreaks.empty())
    if (auto specs = tournament::parse_tiebreaks(a.tiebreaks); !specs)
      throw ExitError{2, "--tiebreaks: " + specs.error().message};
  GameFiles files(a);
  const auto outcome = players::run_event(
      e, event_pairer(swiss), players::make_engine_player,
      [] { return std::make_unique<SteadyTimeSource>(); },
      [&](const players::EventGame& g) {
        files.write(g.played, g.game.number, g.round, a.event_name);
        if (!a.quiet) print_game_line(e.match, g.game, g.played);
      },
      [&](const tournament::Tournament& ev, int round) {
        if (!a.trf.empty()) write_output(a.trf, tournament::write_trf(ev));
        if (!a.quiet) fmt::print(stderr, "Round {} of {} played\n", round, e.rounds);
      });
  if (!a.trf.empty()) write_output(a.trf, tournament::write_trf(outcome.event));
  StandingsReport report;
  report.event = &outcome.event;
  auto specs = tournament::file_tiebreaks(outcome.event);
  if (!specs) throw ExitError{2, "tie-breaks: " + specs.error().message};
  report.standings = tournament::compute_standings(outcome.event, *specs);
  report.source = a.tiebreaks.empty() ? "default" : "--tiebreaks";
  fmt::print("\n{}\n{}", tournament::crosstable_text(outcome.event, report.standings),
             format_standings(report, StandingsFormat::Text));
  if (outcome.stopped)
    throw ExitError{1, fmt::format("the event stopped after round {}: {}", outcome.rounds_played,
                                   outcome.stopped->describe())};
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
  cmd->add_option("--tournament", a->tournament,
                  "An event instead of a match: swiss (FIDE Dutch, --rounds N) or round-robin "
                  "(Berger tables, --double for two cycles); ends with the crosstable, the C.07 "
                  "standings and, with --trf, the event's TRF")
      ->check(CLI::IsMember({"swiss", "round-robin"}));
  cmd->add_option("--rounds", a->rounds, "Rounds of a --tournament swiss")
      ->check(CLI::Range(1, 999));
  cmd->add_flag("--double", a->double_round_robin, "A double round robin (--tournament)");
  cmd->add_option("--trf", a->trf, "Write the event's TRF here after every round (--tournament)");
  cmd->add_option("--tiebreaks", a->tiebreaks,
                  "C.07 tie-breaks of the standings, e.g. \"BH/C1,BH,SB,DE\" (--tournament)");
  cmd->add_option("--event", a->event_name, "The event's name (TRF 012, PGN Event)");
  cmd->callback([a] {
    if (a->tournament.empty()) {
      if (a->rounds != 0 || a->double_round_robin || !a->trf.empty() || !a->tiebreaks.empty())
        throw ExitError{2, "--rounds, --double, --trf and --tiebreaks go with --tournament"};
      run(*a);
    } else {
      run_event(*a);
    }
  });
}

}  // namespace arbiter::app
