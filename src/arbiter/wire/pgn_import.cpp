#include "arbiter/wire/pgn_import.hpp"

#include <optional>
#include <sstream>
#include <vector>

#include "arbiter/core/uci_move.hpp"
#include "arbiter/notation/notation.hpp"
#include "arbiter/pgn/annotations.hpp"
#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/game.hpp"
#include "arbiter/pgn/reader.hpp"
#include "arbiter/wire/json_text.hpp"

namespace arbiter::wire {
namespace {

// GameBuilder with a budget of moves for the whole import: the move past it is one
// kPgnLimit error (the reader adds where it stood), and the rest of the game is ignored
// (the reader still reads to its end, and reports what it finds there).
class BudgetBuilder final : public pgn::GameBuilder {
 public:
  explicit BudgetBuilder(std::size_t max_moves) : max_moves_(max_moves) {}

  // Moves the games before this one used.
  void set_used(std::size_t used) noexcept { used_ = used; }
  [[nodiscard]] bool exhausted() const noexcept { return exhausted_; }

  void move(std::string_view text, std::optional<Error>& error) override {
    if (exhausted_) return;
    if (used_ + plies() >= max_moves_) {
      error = Error{ErrorCode::kPgnLimit,
                    "more than " + std::to_string(max_moves_) +
                        " moves in all the games, variations included (the limit of an "
                        "import): the rest of this game is dropped and the games after it "
                        "are not read",
                    {}};
      exhausted_ = true;
      return;
    }
    GameBuilder::move(text, error);
  }
  // Once the budget is spent nothing more is added to the game: no comment or NAG lands
  // on the last move kept in place of the moves dropped.
  void nag(int value) override {
    if (!exhausted_) GameBuilder::nag(value);
  }
  void comment(std::string_view text) override {
    if (!exhausted_) GameBuilder::comment(text);
  }
  void begin_variation() override {
    if (!exhausted_) GameBuilder::begin_variation();
  }
  void end_variation() override {
    if (!exhausted_) GameBuilder::end_variation();
  }

 private:
  std::size_t max_moves_;
  std::size_t used_ = 0;
  bool exhausted_ = false;
};

// Finds whether another game follows, and its line, without reading its moves.
class NextGame final : public pgn::Visitor {
 public:
  void begin_game(int line) override { line_ = line; }
  pgn::Movetext end_tags(std::optional<Error>&) override { return pgn::Movetext::Skip; }
  [[nodiscard]] int line() const noexcept { return line_; }

 private:
  int line_ = 0;
};

struct Diagnostic {
  std::size_t game;
  Error error;
};

void write_diagnostics(JsonText& j, std::string_view name, const std::vector<Diagnostic>& list) {
  j.key(name).open_array();
  for (const auto& d : list) {
    j.open()
        .field("game", d.game)
        .field("line", d.error.where.line)
        .field("column", d.error.where.column)
        .field("code", to_string(d.error.code))
        .field("message", d.error.message)
        .close();
  }
  j.close_array();
}

void play(core::Position& pos, core::Move m) {
  core::Undo undo{};
  if (m == core::Move::null())
    pos.do_null_move(undo);
  else
    pos.do_move(m, undo);
}

// A comment as one paragraph (its line breaks and the space left by the [%...] commands
// taken out), left out when nothing is left.
void write_comment(JsonText& j, std::string_view key, std::string_view text) {
  if (text.empty()) return;
  const std::string shown = pgn::normalize_space(text);
  if (!shown.empty()) j.field(key, shown);
}

void write_line(JsonText& j, const pgn::Node* first, core::Position pos, bool variation);

// One move, played on `pos` (the position before it). Its variations are the nodes of its
// sibling chain, which replace it from the same position; the first move of a variation
// does not own its siblings (they are the other variations of the move it replaces).
void write_move(JsonText& j, const pgn::Node& n, core::Position& pos, bool owns_siblings) {
  const bool null = n.move == core::Move::null();
  const std::optional<core::Position> before =
      owns_siblings && n.sibling ? std::optional<core::Position>(pos) : std::nullopt;
  j.open();
  j.field("san", null ? std::string("--") : notation::san(pos, n.move));
  j.field("uci", null ? std::string("0000") : core::to_uci(pos, n.move));
  play(pos, n.move);
  j.field("fen", pos.fen());
  write_comment(j, "comment_before", n.comment_before);
  write_comment(j, "comment", n.comment);
  if (!n.nags.empty()) {
    j.key("nags").open_array();
    for (const std::uint8_t nag : n.nags) j.value(static_cast<int>(nag));
    j.close_array();
  }
  const pgn::Annotations& a = n.annotations;
  if (a.clock_ms) j.field("clock_ms", *a.clock_ms);
  if (a.elapsed_ms) j.field("emt_ms", *a.elapsed_ms);
  if (a.eval) j.field("eval", pgn::format_eval(*a.eval));
  if (a.draw_offer) j.field("draw_offer", true);
  if (before) {
    j.key("variations").open_array();
    for (const pgn::Node* s = n.sibling.get(); s != nullptr; s = s->sibling.get())
      write_line(j, s, *before, true);
    j.close_array();
  }
  j.close();
}

// A line from `first` on, `pos` the position before it. Variations recurse, at most
// ReaderOptions::max_depth (128) deep; the moves of a line are a loop.
void write_line(JsonText& j, const pgn::Node* first, core::Position pos, bool variation) {
  j.open_array();
  for (const pgn::Node* n = first; n != nullptr; n = n->child.get())
    write_move(j, *n, pos, !(variation && n == first));
  j.close_array();
}

void write_game(JsonText& j, std::size_t number, const BudgetBuilder& builder, bool failed) {
  const pgn::Game& g = builder.game();
  j.open().field("number", number).field("line", builder.line());
  j.key("tags").open();
  for (const auto& [name, value] : g.tags.pairs()) j.field(name, value);
  j.close();
  j.field("start_fen", g.start.fen())
      .field("chess960", g.start.is_chess960())
      .field("result", g.result)
      .field("plies", builder.plies())
      .field("failed", failed);
  write_comment(j, "comment", g.root.comment);
  j.key("moves");
  write_line(j, g.root.child.get(), g.start, false);
  j.close();
}

}  // namespace

PgnImport import_pgn(std::string_view text, const PgnImportLimits& limits) {
  PgnImport out;
  std::istringstream in{std::string(text)};
  pgn::Reader reader(in);
  BudgetBuilder builder(limits.max_moves);
  std::vector<Diagnostic> errors, warnings;
  JsonText j(text.size() * 4 + 256);
  j.open().key("games").open_array();
  while (out.games < limits.max_games) {
    builder.set_used(out.moves);
    if (!reader.next(builder)) break;
    ++out.games;
    for (const Error& e : builder.errors()) errors.push_back({out.games, e});
    for (const Error& w : builder.warnings()) warnings.push_back({out.games, w});
    write_game(j, out.games, builder, reader.game_failed());
    out.moves += builder.plies();
    if (builder.exhausted()) {
      out.truncated = true;
      break;
    }
  }
  // Counted before the look at the next game, whose diagnostics are not part of the import.
  out.errors = reader.error_count();
  out.warnings = reader.warning_count();
  if (!out.truncated && out.games == limits.max_games) {
    NextGame next;
    if (reader.next(next)) {
      out.truncated = true;
      errors.push_back(
          {out.games + 1, Error{ErrorCode::kPgnLimit,
                                "more than " + std::to_string(limits.max_games) +
                                    " games (the limit of an import): this game and the rest "
                                    "of the text are not read",
                                {next.line(), 1, {}}}});
      ++out.errors;
    }
  }
  j.close_array();
  write_diagnostics(j, "errors", errors);
  write_diagnostics(j, "warnings", warnings);
  j.field("truncated", out.truncated)
      .field("error_count", out.errors)
      .field("warning_count", out.warnings);
  j.close();
  out.json = j.take();
  return out;
}

}  // namespace arbiter::wire
