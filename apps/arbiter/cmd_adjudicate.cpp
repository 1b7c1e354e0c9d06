// arbiter adjudicate GAME.jsonl | -   (spec/game-events.md, "Command")
// Prints the verdict as one JSON object; exit 2 with a one-line error naming the line
// when the log itself is unusable.
#include <fmt/core.h>

#include <fstream>
#include <iostream>

#include "arbiter/wire/adjudicate.hpp"
#include "arbiter/wire/verdict_json.hpp"
#include "commands.hpp"

namespace arbiter::app {

void register_adjudicate(CLI::App& app) {
  struct Options {
    std::string path;
    bool pretty = false;
    std::string format = "json";
  };
  auto opts = std::make_shared<Options>();
  auto* cmd = app.add_subcommand(
      "adjudicate", "Apply the FIDE Laws to a game event log (JSON Lines) and print the verdict");
  cmd->add_option("log", opts->path, "The event log, or - for standard input")->required();
  cmd->add_flag("--pretty", opts->pretty, "Indent the verdict JSON");
  cmd->add_option("--format", opts->format,
                  "json (the verdict), pgn (the PGN export) or scoresheet (Art. 8 text)")
      ->check(CLI::IsMember({"json", "pgn", "scoresheet"}));
  cmd->callback([opts] {
    std::ifstream file;
    std::istream* in = &std::cin;
    if (opts->path != "-") {
      file.open(opts->path, std::ios::binary);
      if (!file) throw ExitError{2, opts->path + ": cannot open the file"};
      in = &file;
    }
    auto verdict = wire::adjudicate(*in);
    if (!verdict) {
      const std::string name = opts->path == "-" ? "<stdin>" : opts->path;
      throw ExitError{2, name + ": " + verdict.error().describe()};
    }
    if (opts->format == "pgn") {
      fmt::print("{}", verdict->pgn);
    } else if (opts->format == "scoresheet") {
      fmt::print("{}", verdict->scoresheet);
    } else {
      fmt::print("{}\n", wire::verdict_to_json(*verdict, opts->pretty ? 2 : -1));
    }
  });
}

}  // namespace arbiter::app
