// arbiter fen check FEN: validate a FEN and print it normalised with the board.
#include <fmt/core.h>

#include "arbiter/core/fen.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/core/position.hpp"
#include "commands.hpp"

namespace arbiter::app {

void register_fen(CLI::App& app) {
  auto* fen = app.add_subcommand("fen", "FEN tools");
  fen->require_subcommand(1);
  auto text = std::make_shared<std::string>();
  auto chess960 = std::make_shared<bool>(false);
  auto* check =
      fen->add_subcommand("check", "Validate a FEN; print the board and what is possible");
  check->add_option("fen", *text, "The FEN")->required();
  check->add_flag("--chess960", *chess960, "Chess960 castling rules");
  check->callback([text, chess960] {
    auto pos = core::Position::from_fen(*text, core::FenOptions{*chess960, false});
    if (!pos) throw ExitError{1, "bad FEN: " + pos.error().describe()};
    fmt::print("{}", pos->ascii());
    fmt::print("fen: {}\n", pos->fen());
    fmt::print("legal moves: {}\n", core::count_legal_moves(*pos));
    if (auto possible = pos->is_possible(); !possible)
      fmt::print("unreachable: {}\n", possible.error().describe());
  });
  register_fen_moves(*fen);
  register_fen_analyze(*fen);
}

}  // namespace arbiter::app
