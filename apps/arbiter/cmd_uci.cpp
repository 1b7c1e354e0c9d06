// arbiter uci: the built-in engine's UCI loop on stdin/stdout (same as `arbiter-engine`).
#include <iostream>

#include "arbiter/uci/uci_loop.hpp"
#include "commands.hpp"

namespace arbiter::app {

void register_uci(CLI::App& app) {
  auto* cmd = app.add_subcommand("uci", "Run the built-in engine as a UCI engine on stdin/stdout");
  cmd->callback([] {
    uci::UciLoop loop(std::cin, std::cout);
    loop.run();
  });
}

}  // namespace arbiter::app
