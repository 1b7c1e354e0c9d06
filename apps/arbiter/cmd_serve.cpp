// arbiter serve: the web server arrives with the browser issue; until then `make run`
// says what it will start and offers the commands that work today.
#include <fmt/core.h>

#include "commands.hpp"

namespace arbiter::app {

void register_serve(CLI::App& app) {
  auto* cmd = app.add_subcommand("serve", "Start the web server (not built yet)");
  cmd->callback([] {
    fmt::print(
        "arbiter serve will start the web server on http://localhost:8080 with an embedded "
        "SQLite database in ./data/ once the browser issue lands.\n"
        "Available now:\n"
        "  arbiter perft [--fen FEN | --chess960 N] DEPTH [--divide]\n"
        "  arbiter bench perft\n"
        "  arbiter fen check FEN\n");
  });
}

}  // namespace arbiter::app
