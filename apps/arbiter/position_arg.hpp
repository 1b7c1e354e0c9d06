// The shared --fen / --chess960 options of the position-taking subcommands.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "arbiter/core/position.hpp"

namespace arbiter::app {

struct PositionArgs {
  std::string fen;
  std::string chess960;  // a number 0-959 or "random"
  bool chess960_rules = false;
};

void add_position_options(CLI::App& cmd, PositionArgs& args);
// Throws ExitError (status 2) with the parse error on bad input.
core::Position resolve_position(const PositionArgs& args);

}  // namespace arbiter::app
