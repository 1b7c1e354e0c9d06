// arbiter fen analyze [FEN | --fen FEN | --chess960 N] [--moves UCI...] [--json] [--nodes N]
// What the Basic Rules of Play say about a position: legal moves, check, checkmate
// (Art. 5.1.1), stalemate (5.2.1), dead position (5.2.2), whether each side can still
// checkmate (6.9) with a witness line, and which claims (9.2 threefold, 9.3 fifty moves)
// are valid now or with which intended moves. JSON is printed by hand (nlohmann-json
// belongs to the wire module).
#include <fmt/core.h>

#include <sstream>
#include <string>
#include <vector>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/game/dead.hpp"
#include "arbiter/game/game.hpp"
#include "commands.hpp"
#include "position_arg.hpp"

namespace arbiter::app {

namespace {

struct AnalyzeOptions {
  PositionArgs position;
  std::string positional_fen;
  std::vector<std::string> moves;
  bool json = false;
  std::uint64_t nodes = game::SearchLimits{}.max_nodes;
};

struct Report {
  std::uint64_t legal_moves = 0;
  bool check = false, checkmate = false, stalemate = false;
  game::DeadAnalysis dead;
  bool threefold_now = false, fifty_now = false;
  std::vector<std::string> threefold_moves, fifty_moves;
};

// --moves accepts separate tokens and space-separated strings alike.
std::vector<std::string> split_moves(const std::vector<std::string>& raw) {
  std::vector<std::string> out;
  for (const std::string& chunk : raw) {
    std::istringstream in(chunk);
    std::string token;
    while (in >> token) out.push_back(token);
  }
  return out;
}

std::string line_text(const core::Position& start, const std::vector<core::Move>& line, bool json) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (i) out += json ? "," : " ";
    const std::string uci = core::to_uci(line[i], start.is_chess960());
    out += json ? "\"" + uci + "\"" : uci;
  }
  return out;
}

const char* json_tristate(game::Tristate t) {
  return t == game::Tristate::Yes ? "true" : t == game::Tristate::No ? "false" : "null";
}

std::string json_claims(bool now, const std::vector<std::string>& moves) {
  std::string out = "[";
  if (now) out += "\"now\"";
  for (const std::string& m : moves) {
    if (out.size() > 1) out += ",";
    out += "\"" + m + "\"";
  }
  return out + "]";
}

void print_json(const Report& r, const core::Position& pos) {
  std::string witness = "{";
  for (core::Color c : {core::Color::White, core::Color::Black}) {
    const game::SideAnalysis& s = r.dead.side(c);
    if (s.can_mate != game::Tristate::Yes) continue;
    if (witness.size() > 1) witness += ",";
    witness += fmt::format("\"{}\":[{}]", c == core::Color::White ? "white" : "black",
                           line_text(pos, s.witness, true));
  }
  witness += "}";
  fmt::print(
      "{{\"legal_moves\":{},\"check\":{},\"checkmate\":{},\"stalemate\":{},\"dead\":{},"
      "\"white_can_mate\":{},\"black_can_mate\":{},\"witness\":{},"
      "\"claims\":{{\"threefold\":{},\"fifty\":{}}}}}\n",
      r.legal_moves, r.check, r.checkmate, r.stalemate, json_tristate(r.dead.dead()),
      json_tristate(r.dead.white.can_mate), json_tristate(r.dead.black.can_mate), witness,
      json_claims(r.threefold_now, r.threefold_moves), json_claims(r.fifty_now, r.fifty_moves));
}

std::string claim_text(bool now, const std::vector<std::string>& moves) {
  std::string out;
  if (now) out = "valid now";
  if (!moves.empty()) {
    if (!out.empty()) out += "; ";
    out += "with";
    for (const std::string& m : moves) out += " " + m;
  }
  return out.empty() ? "no" : out;
}

void print_text(const Report& r, const core::Position& pos, std::uint64_t nodes) {
  fmt::print("legal moves: {}\n", r.legal_moves);
  fmt::print("check: {}\n", r.check ? "yes" : "no");
  fmt::print("checkmate: {}\n", r.checkmate ? "yes (Art. 5.1.1)" : "no");
  fmt::print("stalemate: {}\n", r.stalemate ? "yes (Art. 5.2.1)" : "no");
  const game::Tristate dead = r.dead.dead();
  fmt::print("dead position (Art. 5.2.2): {}\n", dead == game::Tristate::Unknown
                                                     ? fmt::format("unknown within {} nodes", nodes)
                                                     : game::to_string(dead));
  for (core::Color c : {core::Color::White, core::Color::Black}) {
    const game::SideAnalysis& s = r.dead.side(c);
    std::string text = game::to_string(s.can_mate);
    if (s.can_mate == game::Tristate::Yes) text += ", e.g. " + line_text(pos, s.witness, false);
    if (s.can_mate == game::Tristate::Unknown) text += fmt::format(" within {} nodes", nodes);
    fmt::print("{} can checkmate (Art. 6.9): {}\n", c == core::Color::White ? "white" : "black",
               text);
  }
  fmt::print("threefold claim (Art. 9.2): {}\n", claim_text(r.threefold_now, r.threefold_moves));
  fmt::print("fifty-move claim (Art. 9.3): {}\n", claim_text(r.fifty_now, r.fifty_moves));
}

void run_analyze(const AnalyzeOptions& opts) {
  PositionArgs args = opts.position;
  if (!opts.positional_fen.empty()) {
    if (!args.fen.empty() || !args.chess960.empty())
      throw ExitError{2, "give the FEN either as an argument or with --fen, not both"};
    args.fen = opts.positional_fen;
  }
  game::Game g{resolve_position(args)};
  const std::vector<std::string> moves = split_moves(opts.moves);
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (auto r = g.push_uci(moves[i]); !r)
      throw ExitError{
          2, fmt::format("--moves: move {} '{}': {}", i + 1, moves[i], r.error().describe())};
  const core::Position& pos = g.position();
  Report r;
  r.legal_moves = core::count_legal_moves(pos);
  r.check = pos.in_check();
  r.checkmate = r.check && r.legal_moves == 0;
  r.stalemate = !r.check && r.legal_moves == 0;
  r.dead = game::analyze(pos, game::SearchLimits{opts.nodes, 64});
  r.threefold_now = g.can_claim_threefold();
  r.fifty_now = g.can_claim_fifty();
  for (core::Move m : g.threefold_claim_moves()) r.threefold_moves.push_back(core::to_uci(pos, m));
  for (core::Move m : g.fifty_claim_moves()) r.fifty_moves.push_back(core::to_uci(pos, m));
  if (opts.json)
    print_json(r, pos);
  else
    print_text(r, pos, opts.nodes);
}

}  // namespace

void register_fen_analyze(CLI::App& fen) {
  auto opts = std::make_shared<AnalyzeOptions>();
  auto* cmd = fen.add_subcommand(
      "analyze", "Mate, stalemate, dead position, who can still mate, and valid draw claims");
  cmd->add_option("fen", opts->positional_fen, "The FEN (default: the start position)");
  add_position_options(*cmd, opts->position);
  cmd->add_option("--moves", opts->moves, "UCI moves played from the position first");
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->add_option("--nodes", opts->nodes, "Node budget of the mate search, per side")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  cmd->callback([opts] { run_analyze(*opts); });
}

}  // namespace arbiter::app
