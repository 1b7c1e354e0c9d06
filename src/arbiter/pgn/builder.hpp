// GameBuilder: the Visitor that builds a Game tree, parsing every move with
// notation::parse_move and playing it on a board (PGN standard 8.2.3; a move that is
// not legal is reported with kPgnIllegalMove / kPgnAmbiguousMove / kPgnSyntax and the
// rest of its line is dropped, so reading goes on with the next variation and game).
#pragma once

#include <optional>
#include <vector>

#include "arbiter/notation/notation.hpp"
#include "arbiter/pgn/game.hpp"
#include "arbiter/pgn/visitor.hpp"

namespace arbiter::pgn {

struct BuilderOptions {
  notation::ParseOptions moves;  // every notation form is accepted (SAN, long, UCI, 0-0, ...)
  // PGN standard 8.2.3: SAN piece letters are English (K Q R B N). With false, the
  // letters of every language of notation::Language are accepted too.
  bool english_only = true;
  bool keep_variations = true;
  bool keep_comments = true;
  // Moves kept per game, variations included (memory bound, docs/pgn.md "Limits"); the
  // moves past it are a kPgnLimit error and dropped.
  std::size_t max_moves = 100000;
};

class GameBuilder : public Visitor {
 public:
  explicit GameBuilder(BuilderOptions options = {}) : options_(options) {}

  [[nodiscard]] const Game& game() const noexcept { return game_; }
  [[nodiscard]] Game take() { return std::move(game_); }
  // Diagnostics of the last game, in input order.
  [[nodiscard]] const std::vector<Error>& errors() const noexcept { return errors_; }
  [[nodiscard]] const std::vector<Error>& warnings() const noexcept { return warnings_; }
  // Line of the last game's first token.
  [[nodiscard]] int line() const noexcept { return line_; }
  // Plies played in the last game (variations included).
  [[nodiscard]] std::size_t plies() const noexcept { return plies_; }
  // Sibling links followed to add the last game's moves: at most a few per move whatever
  // the shape of the tree (a test checks that adding variations stays linear).
  [[nodiscard]] std::size_t link_steps() const noexcept { return link_steps_; }
  // True when the game's start position uses Chess960 castling rules.
  [[nodiscard]] bool is_chess960() const noexcept { return game_.start.is_chess960(); }

  void begin_game(int line) override;
  void tag(std::string_view name, std::string_view value) override;
  Movetext end_tags(std::optional<Error>& error) override;
  void move(std::string_view text, std::optional<Error>& error) override;
  void nag(int value) override;
  void comment(std::string_view text) override;
  void begin_variation() override;
  void end_variation() override;
  void result(std::string_view marker) override;
  void error(const Error& e) override { errors_.push_back(e); }
  void warning(const Error& e) override { warnings_.push_back(e); }

 private:
  struct Frame {
    Node* parent;  // the node the current line hangs from
    Node* last;    // the last move of the line (== parent before any move)
    core::Position pos;
    core::Undo undo;  // how to take `last` back
    bool dead;
    bool at_start;
  };
  void play(core::Move m);
  Node* append(std::unique_ptr<Node> fresh);
  // Moves the nodes of the previous game into pool_ (one allocation per move is the
  // main cost of building trees otherwise).
  void recycle_tree();

  BuilderOptions options_;
  Game game_;
  std::vector<Error> errors_, warnings_;
  std::size_t plies_ = 0;
  int line_ = 0;

  // the line being read
  Node* parent_ = nullptr;
  Node* last_ = nullptr;
  core::Position pos_;
  core::Undo undo_{};
  bool dead_ = false;      // an earlier move of this line failed: ignore the rest
  bool at_start_ = true;   // no move yet in this line
  int skipped_depth_ = 0;  // variations dropped (keep_variations == false or dead line)
  bool full_ = false;      // max_moves reached: the rest of the game is dropped
  std::vector<Frame> stack_;
  // Per variation depth: the move whose continuations the last variation at that depth
  // was added to, and that variation's node; the next variation on the same move walks
  // on from there, not from the chain's start (many variations on one move would
  // otherwise cost quadratic time).
  struct Tail {
    Node* owner = nullptr;
    Node* node = nullptr;
  };
  std::vector<Tail> tails_;
  std::size_t link_steps_ = 0;
  std::string pending_before_;  // comment before the first move of a variation
  std::vector<std::unique_ptr<Node>> pool_;
};

}  // namespace arbiter::pgn
