// Each subcommand family registers itself on the CLI11 app; main.cpp lists them.
#pragma once

#include <CLI/CLI.hpp>

namespace arbiter::app {

void register_perft(CLI::App& app);
void register_bench(CLI::App& app);
void register_fen(CLI::App& app);
// `fen moves`, added to the `fen` group by register_fen (cmd_fen_moves.cpp).
void register_fen_moves(CLI::App& fen);
// `fen analyze`, added to the `fen` group by register_fen (cmd_analyze.cpp).
void register_fen_analyze(CLI::App& fen);
void register_serve(CLI::App& app);
// `loadtest`: a load generator against `serve` on loopback (cmd_loadtest.cpp).
void register_loadtest(CLI::App& app);
void register_adjudicate(CLI::App& app);
void register_pgn(CLI::App& app);
// `pgn analyse`, added to the `pgn` group by register_pgn (cmd_pgn_analyse.cpp).
void register_pgn_analyse(CLI::App& pgn);
void register_uci(CLI::App& app);
void register_match(CLI::App& app);
void register_play(CLI::App& app);
// `pair` (cmd_pair.cpp); `tournament` and `trf` (cmd_tournament.cpp).
void register_pair(CLI::App& app);
void register_tournament(CLI::App& app);
void register_trf(CLI::App& app);

// Thrown by subcommands to exit with a one-line message and a status.
struct ExitError {
  int status;
  std::string message;
};

}  // namespace arbiter::app
