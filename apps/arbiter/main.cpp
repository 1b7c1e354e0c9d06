// The `arbiter` command line (design.md: apps/arbiter). Exceptions stop here and become
// exit codes; no other module lets one escape.
#include <cstdio>
#include <exception>

#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Arbiter: chess by the FIDE Laws of Chess"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "arbiter 0.1.0");
  arbiter::app::register_perft(app);
  arbiter::app::register_bench(app);
  arbiter::app::register_fen(app);
  arbiter::app::register_serve(app);
  arbiter::app::register_loadtest(app);
  arbiter::app::register_adjudicate(app);
  arbiter::app::register_pgn(app);
  arbiter::app::register_uci(app);
  arbiter::app::register_match(app);
  arbiter::app::register_play(app);
  arbiter::app::register_pair(app);
  arbiter::app::register_tournament(app);
  arbiter::app::register_trf(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const arbiter::app::ExitError& e) {
    std::fprintf(stderr, "arbiter: %s\n", e.message.c_str());
    return e.status;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "arbiter: internal error: %s\n", e.what());
    return 3;
  }
  return 0;
}
