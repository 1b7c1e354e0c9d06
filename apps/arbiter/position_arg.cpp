#include "position_arg.hpp"

#include <random>

#include "arbiter/core/chess960.hpp"
#include "commands.hpp"

namespace arbiter::app {

void add_position_options(CLI::App& cmd, PositionArgs& args) {
  auto* fen = cmd.add_option("--fen", args.fen, "Start from this FEN (X-FEN and Shredder-FEN too)");
  cmd.add_option("--chess960", args.chess960, "Chess960 start position 0-959, or 'random'")
      ->excludes(fen);
  cmd.add_flag("--chess960-rules", args.chess960_rules,
               "Read --fen with Chess960 castling rules even if rooks stand on a/h");
}

core::Position resolve_position(const PositionArgs& args) {
  if (!args.chess960.empty()) {
    int n = 0;
    if (args.chess960 == "random") {
      n = core::chess960::random_number(std::random_device{}());
    } else {
      try {
        std::size_t used = 0;
        n = std::stoi(args.chess960, &used);
        if (used != args.chess960.size()) n = -1;
      } catch (const std::exception&) {
        n = -1;
      }
    }
    auto pos = core::chess960::start_position(n);
    if (!pos) throw ExitError{2, "--chess960 " + args.chess960 + ": " + pos.error().describe()};
    return *pos;
  }
  if (args.fen.empty()) return core::Position::startpos();
  auto pos = core::Position::from_fen(args.fen, core::FenOptions{args.chess960_rules, false});
  if (!pos) throw ExitError{2, "bad FEN: " + pos.error().describe()};
  return *pos;
}

}  // namespace arbiter::app
