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
        "  arbiter adjudicate GAME.jsonl      the verdict of the FIDE Laws on a game's event log\n"
        "  arbiter pgn check|convert|stats    read, check, convert PGN\n"
        "  arbiter fen moves|analyze|check    legal moves in any notation; endings and claims\n"
        "  arbiter perft DEPTH / bench perft  move generator counts and speed\n"
        "  arbiter uci, arbiter-engine        the built-in engine over UCI\n"
        "  (cd web && npm run mock)           the browser UI against a mock server\n");
  });
}

}  // namespace arbiter::app
