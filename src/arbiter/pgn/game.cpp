#include "arbiter/pgn/game.hpp"

namespace arbiter::pgn {

namespace {

// Copies the annotations of one node, not its links.
void copy_fields(Node& to, const Node& from) {
  to.move = from.move;
  to.nags = from.nags;
  to.comment_before = from.comment_before;
  to.comment = from.comment;
  to.annotations = from.annotations;
}

}  // namespace

Node::Node(const Node& other) {
  copy_fields(*this, other);
  std::vector<std::pair<const Node*, Node*>> todo{{&other, this}};
  while (!todo.empty()) {
    const auto [src, dst] = todo.back();
    todo.pop_back();
    if (src->child) {
      dst->child = std::make_unique<Node>();
      copy_fields(*dst->child, *src->child);
      todo.emplace_back(src->child.get(), dst->child.get());
    }
    if (src != &other && src->sibling) {
      dst->sibling = std::make_unique<Node>();
      copy_fields(*dst->sibling, *src->sibling);
      todo.emplace_back(src->sibling.get(), dst->sibling.get());
    }
  }
}

Node& Node::operator=(const Node& other) {
  if (this != &other) {
    Node copy(other);
    copy.sibling = std::move(sibling);  // keep this node's place among its siblings
    *this = std::move(copy);
  }
  return *this;
}

Node::~Node() {
  // Unlink the subtree iteratively: each node is destroyed without children.
  std::vector<std::unique_ptr<Node>> todo;
  if (child) todo.push_back(std::move(child));
  if (sibling) todo.push_back(std::move(sibling));
  while (!todo.empty()) {
    std::unique_ptr<Node> n = std::move(todo.back());
    todo.pop_back();
    if (n->child) todo.push_back(std::move(n->child));
    if (n->sibling) todo.push_back(std::move(n->sibling));
  }
}

Node& Node::add_child(core::Move m) {
  auto node = std::make_unique<Node>();
  node->move = m;
  return adopt_child(std::move(node));
}

Node& Node::adopt_child(std::unique_ptr<Node> node) {
  std::unique_ptr<Node>* slot = &child;
  while (*slot) slot = &(*slot)->sibling;
  *slot = std::move(node);
  return **slot;
}

const core::Position& standard_start() {
  // Parsing the start FEN once, not for every game.
  static const core::Position start = core::Position::startpos();
  return start;
}

Game::Game() : start(standard_start()) {}

std::size_t Node::child_count() const noexcept {
  std::size_t n = 0;
  for (const Node* c = child.get(); c != nullptr; c = c->sibling.get()) ++n;
  return n;
}

std::vector<core::Move> Game::mainline() const {
  std::vector<core::Move> out;
  for (const Node* n = root.main_child(); n != nullptr; n = n->main_child()) out.push_back(n->move);
  return out;
}

core::Position Game::final_position() const {
  core::Position pos = start;
  core::Undo undo;
  for (const Node* n = root.main_child(); n != nullptr; n = n->main_child()) {
    if (n->move == core::Move::null())
      pos.do_null_move(undo);
    else
      pos.do_move(n->move, undo);
  }
  return pos;
}

Node& Game::push(core::Move m) {
  Node* n = &root;
  while (n->main_child() != nullptr) n = n->main_child();
  return n->add_child(m);
}

std::string normalize_space(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  const auto is_space = [](char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v';
  };
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    std::size_t j = i;
    while (j < text.size() && !is_space(text[j])) ++j;
    if (j > i) {
      if (!out.empty()) out.push_back(' ');
      out.append(text.substr(i, j - i));
    }
    i = j;
  }
  return out;
}

std::size_t Game::node_count() const {
  std::size_t total = 0;
  std::vector<const Node*> todo;
  if (root.child) todo.push_back(root.child.get());
  while (!todo.empty()) {
    const Node* n = todo.back();
    todo.pop_back();
    ++total;
    if (n->child) todo.push_back(n->child.get());
    if (n->sibling) todo.push_back(n->sibling.get());
  }
  return total;
}

}  // namespace arbiter::pgn
