#include "arbiter/pgn/writer.hpp"

#include <fmt/core.h>

#include "arbiter/pgn/line_wrapper.hpp"

namespace arbiter::pgn {

std::string escape_tag_value(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (const char c : value) {
    if (c == '\\' || c == '"') out.push_back('\\');
    // PGN standard 7: no newlines or tabs inside a string token.
    out.push_back(c == '\n' || c == '\r' || c == '\t' ? ' ' : c);
  }
  return out;
}

std::string_view result_of(const Game& game) noexcept {
  if (is_result_marker(game.result)) return game.result;
  if (const std::string* r = game.tags.find("Result"); r != nullptr && is_result_marker(*r))
    return *r;
  return "*";
}

namespace {

class MovetextWriter {
 public:
  MovetextWriter(const WriteOptions& o, LineWrapper& w) : opt_(o), out_(w) {}

  void comment(const std::string& text, const Annotations* a) {
    if (!opt_.comments) return;
    std::string body = normalize_space(text);
    if (a != nullptr) {
      const std::string commands = format_commands(*a);
      if (!commands.empty()) body = body.empty() ? commands : body + " " + commands;
    }
    if (body.empty()) return;
    // '}' cannot occur inside a brace comment (PGN standard 8.2.5).
    for (char& c : body)
      if (c == '}') c = ')';
    out_.text("{" + body + "}");
  }

  // Writes the line that starts with `first` and continues with each move's child.
  // `pos` is the position before `first`. The siblings of `first` are written by the
  // caller when `first` starts a variation; otherwise they are this line's variations.
  void line(const Node* node, core::Position pos, bool need_number, bool starts_variation) {
    bool is_first = true;
    while (node != nullptr) {
      if (!node->comment_before.empty() && opt_.comments) {
        comment(node->comment_before, nullptr);
        need_number = true;
      }
      // PGN standard 8.2.2.2: a Black move gets "N..." when it starts the movetext or a
      // variation, or follows a comment or a variation.
      if (pos.side_to_move() == core::Color::White)
        out_.word(fmt::format("{}.", pos.fullmove_number()));
      else if (need_number)
        out_.word(fmt::format("{}...", pos.fullmove_number()));
      move_text_.clear();
      if (node->move == core::Move::null())
        move_text_ = "--";
      else
        notation::append_san(move_text_, pos, node->move, opt_.style);
      out_.word(move_text_);
      need_number = false;
      if (opt_.nags)
        for (const auto nag : node->nags) out_.word(fmt::format("${}", nag));
      if (opt_.comments && (!node->comment.empty() || !node->annotations.empty())) {
        comment(node->comment, &node->annotations);
        need_number = true;
      }
      // Variations replacing this move (PGN standard 8.2.5).
      if (opt_.variations && !(is_first && starts_variation)) {
        for (const Node* alt = node->sibling.get(); alt != nullptr; alt = alt->sibling.get()) {
          out_.prefix("(");
          line(alt, pos, true, true);
          out_.glue(")");
          need_number = true;
        }
      }
      core::Undo undo;
      if (node->move == core::Move::null())
        pos.do_null_move(undo);
      else
        pos.do_move(node->move, undo);
      node = node->main_child();
      is_first = false;
    }
  }

 private:
  const WriteOptions& opt_;
  LineWrapper& out_;
  std::string move_text_;
};

}  // namespace

std::string write_movetext(const Game& game, const WriteOptions& options) {
  LineWrapper w(options.max_line);
  MovetextWriter mw(options, w);
  if (options.comments && !game.root.comment.empty()) mw.comment(game.root.comment, nullptr);
  mw.line(game.root.main_child(), game.start, true, false);
  w.word(result_of(game));
  return w.take();
}

std::string write_game(const Game& game, const WriteOptions& options) {
  std::string out;
  if (options.tags) {
    for (const auto& [name, value] : game.tags.export_order()) {
      out += '[';
      out += name;
      out += " \"";
      // Without a Result tag, the roster's Result repeats the termination marker.
      out += escape_tag_value(
          name == "Result" && !game.tags.contains("Result") ? std::string(result_of(game)) : value);
      out += "\"]\n";
    }
    out += '\n';
  }
  out += write_movetext(game, options);
  out += '\n';
  return out;
}

void write_game(std::ostream& out, const Game& game, const WriteOptions& options) {
  out << write_game(game, options);
}

}  // namespace arbiter::pgn
