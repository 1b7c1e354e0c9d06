#include "arbiter/pgn/scoresheet.hpp"

#include <fmt/core.h>

#include <vector>

#include "arbiter/pgn/line_wrapper.hpp"
#include "arbiter/pgn/writer.hpp"

namespace arbiter::pgn {

std::string write_scoresheet(const Game& game, const ScoresheetOptions& options) {
  std::string out;
  if (options.header) {
    // Art. 8.1.1: the scoresheet carries the players, the event and the round.
    for (const std::string_view name : {"Event", "Site", "Date", "Round", "White", "Black"}) {
      if (const std::string* v = game.tags.find(name); v != nullptr && !v->empty() && *v != "?")
        out += fmt::format("{}: {}\n", name, *v);
    }
    if (const std::string* fen = game.tags.find("FEN")) out += fmt::format("FEN: {}\n", *fen);
    out += '\n';
  }
  // Tokens of each move pair: "12." "Nf3" "(=)" "Nf6".
  std::vector<std::vector<std::string>> pairs;
  core::Position pos = game.start;
  for (const Node* n = game.root.main_child(); n != nullptr; n = n->main_child()) {
    if (pos.side_to_move() == core::Color::White || pairs.empty()) {
      pairs.emplace_back();
      pairs.back().push_back(fmt::format("{}.", pos.fullmove_number()));
      if (pos.side_to_move() == core::Color::Black) pairs.back().emplace_back("...");
    }
    std::string text;
    if (n->move == core::Move::null())
      text = "--";
    else
      notation::append_san(text, pos, n->move, options.style);
    pairs.back().push_back(std::move(text));
    // Art. 9.1.2.2 and Appendix C.12: the offer is recorded with the symbol (=).
    if (n->draw_offer()) pairs.back().emplace_back("(=)");
    core::Undo undo;
    if (n->move == core::Move::null())
      pos.do_null_move(undo);
    else
      pos.do_move(n->move, undo);
  }
  LineWrapper w(options.max_line);
  for (const auto& pair : pairs) {
    for (const auto& token : pair) w.word(token);
    if (options.one_move_per_line) w.flush();
  }
  out += w.take();
  out += result_of(game);
  out += '\n';
  return out;
}

}  // namespace arbiter::pgn
