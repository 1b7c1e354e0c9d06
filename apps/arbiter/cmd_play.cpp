// arbiter play: a game at the terminal (docs/players.md). Each side is `human`,
// `engine[:ELO]` (the built-in engine), `uci:/path` or `xboard:/path`; every move goes
// through the competition Arbiter with a running ChessClock, and rule events are shown
// with their article. At the end: the result and its reason, the PGN saved.
#include <fmt/core.h>

#include <unistd.h>
#include <chrono>
#include <fstream>
#include <memory>

#include "arbiter/core/chess960.hpp"
#include "arbiter/players/game_runner.hpp"
#include "arbiter/players/match.hpp"
#include "arbiter/players/terminal_player.hpp"
#include "arbiter/wire/event_log_writer.hpp"
#include "commands.hpp"

namespace arbiter::app {
namespace {

struct PlayArgs {
  std::string white = "human";
  std::string black = "engine";
  std::string tc = "900+10";
  std::string chess960;
  std::string lang = "en";
  std::string style = "san";
  std::string pgn = "arbiter-game.pgn";
  std::string events;
  bool flip = false;
  bool no_ansi = false;
};

std::unique_ptr<players::Player> make_player(const std::string& spec, const std::string& colour,
                                             const std::shared_ptr<players::TerminalView>& view,
                                             const TimeSource& time) {
  if (spec == "human") {
    const std::string name = colour == "white" ? "White" : "Black";
    return std::make_unique<players::TerminalPlayer>(name, STDIN_FILENO, stdout, view, time);
  }
  if (spec == "engine" || spec.rfind("engine:", 0) == 0) {
    std::optional<int> elo;
    if (spec.size() > 7) {
      try {
        elo = std::stoi(spec.substr(7));
      } catch (const std::exception&) {
        throw ExitError{2, "--" + colour + ": engine:ELO needs a number, got '" + spec + "'"};
      }
    }
    return players::make_engine_player(players::builtin_engine(players::self_executable(), elo));
  }
  for (const char* proto : {"uci:", "xboard:"}) {
    const std::string p = proto;
    if (spec.rfind(p, 0) != 0) continue;
    auto config = players::parse_engine_config({"cmd=" + spec.substr(p.size())});
    if (!config) throw ExitError{2, "--" + colour + ": " + config.error().message};
    config->protocol = p == "uci:" ? players::Protocol::Uci : players::Protocol::Xboard;
    return players::make_engine_player(*config);
  }
  throw ExitError{2, "--" + colour + ": expected human, engine[:ELO], uci:PATH or xboard:PATH"};
}

// Rule events as they happen, each with its article.
void show_news(const competition::Verdict& v, std::size_t& refusals, std::size_t& penalties) {
  for (; refusals < v.refused.size(); ++refusals) {
    const auto& r = v.refused[refusals];
    // The runner points at a fallen flag with a claim that the automatic flag (Art. 6.8)
    // has already made moot; it is in the log for replay, not news for the players.
    const bool flag_pointer = r.event == "claim" && r.article == "6.9";
    if (flag_pointer) continue;
    fmt::print("\n** refused {} (Art. {}): {}\n", r.event, r.article, r.reason);
  }
  for (; penalties < v.penalties.size(); ++penalties) {
    const auto& p = v.penalties[penalties];
    const auto secs = p.ms ? p.ms->count() / 1000 : 0;
    if (p.action == "add_time") {
      fmt::print("\n** Art. {}: {} s added to {}'s clock ({} penalised)\n", p.article, secs,
                 competition::side_name(p.to), competition::side_name(p.side));
    } else if (p.action == "subtract_time") {
      fmt::print("\n** Art. {}: {} s taken from {}'s clock\n", p.article, secs,
                 competition::side_name(p.to));
    } else {
      fmt::print("\n** Art. {}: {} is warned\n", p.article, competition::side_name(p.side));
    }
  }
}

void run(const PlayArgs& a) {
  auto lang = notation::parse_language(a.lang);
  if (!lang) throw ExitError{2, "--lang: " + lang.error().message};
  auto style = notation::parse_style(a.style, *lang);
  if (!style) throw ExitError{2, "--style: " + style.error().message};
  auto tc = clock::TimeControl::parse(a.tc);
  if (!tc) throw ExitError{2, "--tc: " + tc.error().describe()};
  competition::StartEvent start;
  start.white = a.white;
  start.black = a.black;
  start.time_control = *tc;
  start.rules.illegal_moves = competition::IllegalMovePolicy::Reject;
  if (!a.chess960.empty()) {
    if (a.chess960 == "random") {
      const auto seed =
          static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
      start.chess960 = core::chess960::random_number(seed);
    } else {
      try {
        start.chess960 = std::stoi(a.chess960);
      } catch (const std::exception&) {
        throw ExitError{2, "--chess960: a number 0..959 or random"};
      }
    }
    fmt::print("Chess960 start position {} (Guideline II)\n", *start.chess960);
  }
  auto view = std::make_shared<players::TerminalView>();
  view->style = *style;
  view->flipped = a.flip;
  view->ansi = !a.no_ansi;
  SteadyTimeSource time;
  auto white = make_player(a.white, "white", view, time);
  auto black = make_player(a.black, "black", view, time);
  start.white = white->name();
  start.black = black->name();
  std::size_t refusals = 0;
  std::size_t penalties = 0;
  players::RunOptions options;
  options.on_event = [&](const competition::Event& e, const competition::Verdict& v) {
    if (const auto* m = std::get_if<competition::MoveEvent>(&e.body); m && !v.moves.empty())
      fmt::print("\n{} played {}\n", competition::side_name(m->side), v.moves.back());
    if (std::holds_alternative<competition::OfferDrawEvent>(e.body))
      fmt::print("\n{} offers a draw (Art. 9.1.2): accept or decline\n",
                 competition::side_name(std::get<competition::OfferDrawEvent>(e.body).side));
    show_news(v, refusals, penalties);
  };
  auto played = players::run_game(start, *white, *black, time, options);
  if (!played) throw ExitError{2, played.error().describe()};
  const auto& v = played->verdict;
  fmt::print("\n{}\nResult: {} — {} (Art. {})\n", v.moves.empty() ? "" : v.fen,
             competition::result_text(v.result), competition::termination_words(v.termination),
             competition::termination_article(v.termination));
  for (const std::string& n : played->notes) fmt::print("note: {}\n", n);
  if (!a.pgn.empty()) {
    std::ofstream out(a.pgn, std::ios::binary | std::ios::trunc);
    if (!out) throw ExitError{2, a.pgn + ": cannot write"};
    out << v.pgn;
    fmt::print("PGN saved to {}\n", a.pgn);
  }
  if (!a.events.empty()) {
    std::ofstream out(a.events, std::ios::binary | std::ios::trunc);
    if (!out) throw ExitError{2, a.events + ": cannot write"};
    out << wire::event_log_text(played->start, played->events);
    fmt::print("Event log saved to {}\n", a.events);
  }
}

}  // namespace

void register_play(CLI::App& app) {
  auto a = std::make_shared<PlayArgs>();
  auto* cmd = app.add_subcommand("play", "Play a game at the terminal under the FIDE Laws");
  cmd->add_option("--white", a->white, "human | engine[:ELO] | uci:PATH | xboard:PATH");
  cmd->add_option("--black", a->black, "human | engine[:ELO] | uci:PATH | xboard:PATH");
  cmd->add_option("--tc", a->tc, "Time control (spec grammar, e.g. 900+10, 40/5400+30:1800+30, -)");
  cmd->add_option("--chess960", a->chess960, "Chess960 start position: 0..959 or random");
  cmd->add_option("--lang", a->lang, "Language of the move display (en, ru, de, fr, ...)");
  cmd->add_option("--style", a->style, "Move display: san, fide, long, uci, iccf, old-russian");
  cmd->add_option("--pgn", a->pgn, "Save the game here (default arbiter-game.pgn; '' = no)");
  cmd->add_option("--events", a->events, "Save the event log (JSON Lines) here");
  cmd->add_flag("--flip", a->flip, "Black at the bottom");
  cmd->add_flag("--no-ansi", a->no_ansi, "Do not redraw the clocks in place");
  cmd->callback([a] { run(*a); });
}

}  // namespace arbiter::app
