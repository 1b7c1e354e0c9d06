// The game tree read from or written to PGN: tags, the start position, and a tree of
// moves. A node's `child` continues its line; the child's `sibling` chain holds the
// variations (RAV, PGN standard 8.2.5) that replace that child. One allocation per move;
// destruction and copying are iterative, so very long lines cannot exhaust the stack.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/core/move.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/pgn/annotations.hpp"
#include "arbiter/pgn/tags.hpp"

namespace arbiter::pgn {

struct Node {
  core::Move move = core::Move::none();  // Move::null() for "--" / "Z0"; none() at the root
  std::vector<std::uint8_t> nags;        // PGN standard 10 (suffixes "!" etc. become 1-6)
  std::string comment_before;            // a comment written before this move
  std::string comment;            // comment(s) after the move, as read minus the [%...] commands
                                  // decoded into `annotations` (compare with normalize_space)
  Annotations annotations;        // [%clk], [%emt], [%eval], draw offer
  std::unique_ptr<Node> child;    // the next move of this line
  std::unique_ptr<Node> sibling;  // the next alternative to this move (a variation)

  Node() = default;
  Node(const Node& other);
  Node& operator=(const Node& other);
  Node(Node&&) noexcept = default;
  Node& operator=(Node&&) noexcept = default;
  ~Node();

  // Adds a continuation: the main one if there is none yet, else a variation.
  Node& add_child(core::Move m);
  // The same with a node supplied by the caller (a recycled one); returns it.
  Node& adopt_child(std::unique_ptr<Node> node);
  [[nodiscard]] const Node* main_child() const noexcept { return child.get(); }
  [[nodiscard]] Node* main_child() noexcept { return child.get(); }
  [[nodiscard]] std::size_t child_count() const noexcept;
  // Art. 9.1.2.2: a draw offer is made with a move and marked "(=)" (Appendix C.12).
  [[nodiscard]] bool draw_offer() const noexcept { return annotations.draw_offer; }
  void set_draw_offer(bool v) noexcept { annotations.draw_offer = v; }
};

// White-space runs (line breaks of a file) as one space, ends trimmed: how comments
// compare after a write/read round trip, which re-flows them into 80-column lines.
[[nodiscard]] std::string normalize_space(std::string_view text);

// Position::startpos(), computed once (reading many games copies it).
[[nodiscard]] const core::Position& standard_start();

struct Game {
  Game();  // the standard start position (Art. 2.3), no tags, no moves

  Tags tags;
  core::Position start;
  Node root;           // root.comment: text before the first move
  std::string result;  // the termination marker as read ("1-0", "0-1", "1/2-1/2", "*", "")

  // The moves of the main line.
  [[nodiscard]] std::vector<core::Move> mainline() const;
  // The position at the end of the main line.
  [[nodiscard]] core::Position final_position() const;
  // Main-line moves appended at the end (for games built in code).
  Node& push(core::Move m);
  // Number of move nodes in the whole tree (variations included).
  [[nodiscard]] std::size_t node_count() const;
};

}  // namespace arbiter::pgn
