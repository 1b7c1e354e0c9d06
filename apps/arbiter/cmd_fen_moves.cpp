// arbiter fen moves FEN [--chess960] [--style S] [--lang L]: every legal move, one per
// line, as "UCI<TAB>text in the chosen style" (docs/notation.md).
#include <fmt/core.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/core/fen.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/notation/notation.hpp"
#include "commands.hpp"

namespace arbiter::app {

namespace {

struct FenMovesArgs {
  std::vector<std::string> fen;  // the FEN's fields (quoted or not), or "-"
  bool chess960 = false;
  std::string style = "san";
  std::string lang = "en";
};

std::string read_fen(const std::vector<std::string>& fields) {
  if (fields.size() == 1 && fields[0] == "-") {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (line.find_first_not_of(" \t\r") != std::string::npos) return line;
    }
    throw ExitError{1, "no FEN on standard input"};
  }
  if (fields.size() == 1 && fields[0] == "startpos") return std::string(core::kStartFen);
  std::string fen;
  for (const auto& f : fields) {
    if (!fen.empty()) fen += ' ';
    fen += f;
  }
  return fen;
}

void run(const FenMovesArgs& args) {
  auto lang = notation::parse_language(args.lang);
  if (!lang) throw ExitError{2, "--lang: " + lang.error().message};
  auto style = notation::parse_style(args.style, *lang);
  if (!style) throw ExitError{2, "--style: " + style.error().message};
  auto pos = core::Position::from_fen(read_fen(args.fen), core::FenOptions{args.chess960, false});
  if (!pos) throw ExitError{1, "bad FEN: " + pos.error().describe()};
  std::string out;
  for (core::Move m : core::legal_moves(*pos)) {
    out += core::to_uci(*pos, m);
    out += '\t';
    notation::append_san(out, *pos, m, *style);
    out += '\n';
  }
  fmt::print("{}", out);
}

}  // namespace

void register_fen_moves(CLI::App& fen) {
  auto args = std::make_shared<FenMovesArgs>();
  auto* cmd = fen.add_subcommand(
      "moves", "List the legal moves: UCI, a tab, the move in the chosen style and language");
  cmd->add_option("fen", args->fen,
                  "The FEN (quoted or as separate fields), startpos, or - to read stdin")
      ->required()
      ->expected(1, 6);
  cmd->add_flag("--chess960", args->chess960, "Chess960 castling rules");
  cmd->add_option("--style", args->style, "san, fide, long, uci, iccf or old-russian")
      ->capture_default_str();
  cmd->add_option("--lang", args->lang, "en, ru, de, fr, nl, es, it or figurine")
      ->capture_default_str();
  cmd->callback([args] { run(*args); });
}

}  // namespace arbiter::app
