// arbiter perft [--fen FEN | --chess960 N] [--chess960-castling] DEPTH [--divide]
#include <fmt/core.h>

#include <chrono>
#include <optional>

#include "arbiter/core/chess960.hpp"
#include "arbiter/core/perft.hpp"
#include "arbiter/core/uci_move.hpp"
#include "commands.hpp"
#include "position_arg.hpp"

namespace arbiter::app {

void register_perft(CLI::App& app) {
  struct Options {
    PositionArgs position;
    int depth = 1;
    bool divide = false;
  };
  auto opts = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("perft", "Count the legal move sequences of DEPTH plies");
  add_position_options(*cmd, opts->position);
  cmd->add_option("depth", opts->depth, "Depth in plies")->required()->check(CLI::Range(0, 20));
  cmd->add_flag("--divide", opts->divide, "Print the count below each legal move");
  cmd->callback([opts] {
    core::Position pos = resolve_position(opts->position);
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    if (opts->divide) {
      for (const auto& [move, nodes] : core::perft_divide(pos, opts->depth)) {
        fmt::print("{}: {}\n", core::to_uci(pos, move), nodes);
        total += nodes;
      }
      fmt::print("\n");
    } else {
      total = core::perft(pos, opts->depth);
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fmt::print("{}\n", total);
    fmt::print(stderr, "perft {}: {} nodes in {:.3f} s ({:.1f} Mnps)\n", opts->depth, total, secs,
               secs > 0 ? static_cast<double>(total) / secs / 1e6 : 0.0);
  });
}

}  // namespace arbiter::app
