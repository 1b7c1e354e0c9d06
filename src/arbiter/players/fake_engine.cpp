#include "arbiter/players/fake_engine.hpp"

#include <sys/stat.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace arbiter::players::testing {
namespace {

const std::string& temp_dir() {
  static const std::string dir = [] {
    std::string templ = "/tmp/arbiter-players-XXXXXX";
    const char* made = ::mkdtemp(templ.data());
    return std::string(made ? made : "/tmp");
  }();
  return dir;
}

// The shell fragment that prints the next scripted move: sets $m, acts on specials.
std::string next_move_fragment(const std::string& prefix) {
  return "n=$((n+1)); m=$(echo \"$MOVES\" | cut -d' ' -f$n)\n"
         "      case \"$m\" in\n"
         "        crash) exit 3;;\n"
         "        hang) ;;\n"
         "        resign) echo resign;;\n"
         "        *) " +
         prefix +
         ";;\n"
         "      esac\n";
}

}  // namespace

std::string write_script(const std::string& body) {
  static int counter = 0;
  const std::string path = temp_dir() + "/engine" + std::to_string(++counter) + ".sh";
  {
    std::ofstream out(path);
    out << "#!/bin/sh\n" << body;
  }
  ::chmod(path.c_str(), 0755);
  return path;
}

std::string fake_uci_engine(const std::string& moves) {
  return write_script("MOVES='" + moves +
                      "'\n"
                      "n=0\n"
                      "while read -r cmd rest; do\n"
                      "  echo \"> $cmd $rest\" >&2\n"
                      "  case \"$cmd\" in\n"
                      "    uci) echo 'id name Fake'; echo 'option name Hash type spin default 1 "
                      "min 1 max 64'; echo uciok;;\n"
                      "    isready) echo readyok;;\n"
                      "    go) echo \"$rest\" >&2\n"
                      "      " +
                      next_move_fragment("echo 'info depth 3 score cp 12'; echo \"bestmove $m\"") +
                      "      ;;\n"
                      "    quit) exit 0;;\n"
                      "  esac\n"
                      "done\n");
}

std::string fresh_log_path() {
  static int counter = 0;
  const std::string path = temp_dir() + "/log" + std::to_string(++counter) + ".txt";
  std::remove(path.c_str());
  return path;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream all;
  all << in.rdbuf();
  return all.str();
}

std::string fake_xboard_engine(const std::string& moves, const std::string& features) {
  // Plays when told `go`, or after a `usermove` once out of force mode.
  return write_script("MOVES='" + moves +
                      "'\n"
                      "n=0; force=1\n"
                      "play() {\n"
                      "      " +
                      next_move_fragment("echo \"move $m\"") +
                      "}\n"
                      "while read -r cmd rest; do\n"
                      "  echo \"> $cmd $rest\" >&2\n"
                      "  case \"$cmd\" in\n"
                      "    protover) echo 'feature " +
                      features +
                      " done=1';;\n"
                      "    force) force=1;;\n"
                      "    new) force=0;;\n"
                      "    go) force=0; play;;\n"
                      "    usermove) if [ $force = 0 ]; then play; fi;;\n"
                      "    ping) echo \"pong $rest\";;\n"
                      "    quit) exit 0;;\n"
                      "  esac\n"
                      "done\n");
}

}  // namespace arbiter::players::testing
