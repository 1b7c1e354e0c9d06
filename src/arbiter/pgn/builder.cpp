#include "arbiter/pgn/builder.hpp"

#include <string>

namespace arbiter::pgn {

namespace {

// Several comments in a row are joined with one space. The text itself is kept as read
// (line breaks included): writers re-flow it, comparisons normalise white space.
void append_comment(std::string& out, std::string_view text) {
  if (text.empty()) return;
  if (!out.empty()) out.push_back(' ');
  out.append(text);
}

// A letter of another language in a move: German "Sf3", French "Cf3", Russian "Кf3"...
// Returns the offending character's index or npos.
std::size_t non_english_letter(std::string_view text) noexcept {
  if (text == "Z0") return std::string_view::npos;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) return i;
    if (c >= 'A' && c <= 'Z' &&
        std::string_view("KQRBNOP").find(static_cast<char>(c)) == std::string_view::npos)
      return i;
  }
  return std::string_view::npos;
}

bool has_command(std::string_view text) noexcept {
  for (std::size_t i = text.find('['); i != std::string_view::npos; i = text.find('[', i + 1))
    if (i + 1 < text.size() && text[i + 1] == '%') return true;
  return false;
}

ErrorCode pgn_code(ErrorCode move_code) noexcept {
  switch (move_code) {
    case ErrorCode::kMoveIllegal: return ErrorCode::kPgnIllegalMove;
    case ErrorCode::kMoveAmbiguous: return ErrorCode::kPgnAmbiguousMove;
    default: return ErrorCode::kPgnSyntax;
  }
}

}  // namespace

void GameBuilder::recycle_tree() {
  std::vector<std::unique_ptr<Node>> todo;
  if (game_.root.child) todo.push_back(std::move(game_.root.child));
  while (!todo.empty()) {
    std::unique_ptr<Node> n = std::move(todo.back());
    todo.pop_back();
    if (n->child) todo.push_back(std::move(n->child));
    if (n->sibling) todo.push_back(std::move(n->sibling));
    n->nags.clear();
    n->comment.clear();
    n->comment_before.clear();
    n->annotations = Annotations{};
    if (pool_.size() < 100000) pool_.push_back(std::move(n));
  }
}

void GameBuilder::begin_game(int line) {
  line_ = line;
  recycle_tree();
  game_.tags.clear();
  game_.root = Node{};
  game_.start = standard_start();
  game_.result.clear();
  errors_.clear();
  warnings_.clear();
  plies_ = 0;
  stack_.clear();
  parent_ = last_ = &game_.root;
  dead_ = false;
  at_start_ = true;
  skipped_depth_ = 0;
  full_ = false;
  tails_.clear();
  link_steps_ = 0;
  pending_before_.clear();
}

void GameBuilder::tag(std::string_view name, std::string_view value) {
  // The reader hands over each name once per game (a repeated one starts the next game),
  // so no search: set() per tag was quadratic in a game's tags.
  game_.tags.append(name, value);
}

Movetext GameBuilder::end_tags(std::optional<Error>& error) {
  // Variant tag: Chess960 (Guideline II) plays with its castling rules; the reader has
  // already refused variants that are not chess.
  const bool chess960 = classify_variant(game_.tags.get("Variant")) == VariantKind::Chess960;
  if (const std::string* fen = game_.tags.find("FEN")) {
    // PGN standard 9.7.2: SetUp "1" with FEN gives the start position. X-FEN and
    // Shredder-FEN castling fields are both read by the core FEN parser.
    core::FenOptions fo;
    fo.chess960 = chess960;
    auto pos = core::Position::from_fen(*fen, fo);
    if (!pos) {
      error = Error{ErrorCode::kPgnBadFen, "FEN tag: " + pos.error().message, {}};
      return Movetext::Skip;
    }
    game_.start = *pos;
  } else {
    game_.start = standard_start();
    game_.start.set_chess960(chess960);
  }
  pos_ = game_.start;
  return Movetext::Parse;
}

Node* GameBuilder::append(std::unique_ptr<Node> fresh) {
  // A continuation of last_: its main one, or the next variation on its main one. A
  // variation's first move goes on from the one added last at that depth (tails_), not
  // from the start of the chain: many variations on one move stay linear.
  const bool variation = at_start_ && !stack_.empty();
  if (variation && tails_.size() <= stack_.size()) tails_.resize(stack_.size() + 1);
  Node* end = last_->child.get();
  if (end == nullptr) {
    last_->child = std::move(fresh);
    if (variation) tails_[stack_.size()] = Tail{last_, last_->child.get()};
    return last_->child.get();
  }
  // Other depths may have added to the chain since: walk on from there to its end.
  if (variation && tails_[stack_.size()].owner == last_) end = tails_[stack_.size()].node;
  for (; end->sibling; end = end->sibling.get()) ++link_steps_;
  end->sibling = std::move(fresh);
  if (variation) tails_[stack_.size()] = Tail{last_, end->sibling.get()};
  return end->sibling.get();
}

void GameBuilder::play(core::Move m) {
  std::unique_ptr<Node> fresh;
  if (pool_.empty()) {
    fresh = std::make_unique<Node>();
  } else {
    fresh = std::move(pool_.back());
    pool_.pop_back();
  }
  fresh->move = m;
  Node* n = append(std::move(fresh));
  parent_ = last_;
  last_ = n;
  if (m == core::Move::null())
    pos_.do_null_move(undo_);
  else
    pos_.do_move(m, undo_);
  at_start_ = false;
  ++plies_;
  if (!pending_before_.empty()) {
    n->comment_before = std::move(pending_before_);
    pending_before_.clear();
  }
}

void GameBuilder::move(std::string_view text, std::optional<Error>& error) {
  if (dead_ || skipped_depth_ > 0 || full_) return;
  if (plies_ >= options_.max_moves) {
    error = Error{ErrorCode::kPgnLimit,
                  "more than " + std::to_string(options_.max_moves) +
                      " moves in one game, variations included (limit); the rest are dropped",
                  {}};
    full_ = true;
    return;
  }
  if (text == "--" || text == "Z0") {  // null moves (ChessBase "--", "Z0")
    play(core::Move::null());
    return;
  }
  if (options_.english_only) {
    if (const std::size_t bad = non_english_letter(text); bad != std::string_view::npos) {
      error = Error{ErrorCode::kPgnSyntax,
                    "move \"" + std::string(text) + "\": '" + std::string(text.substr(bad, 1)) +
                        "' is not an English piece letter (PGN 8.2.3: K Q R B N)",
                    {}};
      dead_ = true;
      return;
    }
  }
  auto m = notation::parse_move(pos_, text, options_.moves);
  if (!m) {
    error = Error{
        pgn_code(m.error().code), "move \"" + std::string(text) + "\": " + m.error().message, {}};
    dead_ = true;
    return;
  }
  play(*m);
}

void GameBuilder::nag(int value) {
  if (dead_ || skipped_depth_ > 0 || at_start_) return;
  last_->nags.push_back(static_cast<std::uint8_t>(value));
}

void GameBuilder::comment(std::string_view text) {
  if (dead_ || skipped_depth_ > 0 || !options_.keep_comments) return;
  Annotations found;
  std::string with_commands_removed;
  std::string_view rest = text;
  if (has_command(text)) {
    with_commands_removed = extract_commands(text, found);
    rest = with_commands_removed;
  }
  if (at_start_ && stack_.empty()) {
    append_comment(game_.root.comment, rest);
    return;
  }
  if (at_start_) {
    // Before the first move of a variation: kept until that move arrives.
    append_comment(pending_before_, rest);
    return;
  }
  append_comment(last_->comment, rest);
  Annotations& a = last_->annotations;
  if (found.clock_ms) a.clock_ms = found.clock_ms;
  if (found.elapsed_ms) a.elapsed_ms = found.elapsed_ms;
  if (found.eval) a.eval = found.eval;
  if (found.draw_offer) a.draw_offer = true;
}

void GameBuilder::begin_variation() {
  if (dead_ || skipped_depth_ > 0 || !options_.keep_variations || at_start_) {
    // A variation inside a dropped line, or one with no move to replace.
    ++skipped_depth_;
    return;
  }
  stack_.push_back(Frame{parent_, last_, pos_, undo_, dead_, at_start_});
  // The variation replaces the last move: go back to the position before it.
  if (last_->move == core::Move::null())
    pos_.undo_null_move(undo_);
  else
    pos_.undo_move(last_->move, undo_);
  last_ = parent_;
  at_start_ = true;
}

void GameBuilder::end_variation() {
  if (skipped_depth_ > 0) {
    --skipped_depth_;
    return;
  }
  if (stack_.empty()) return;
  const Frame f = stack_.back();
  stack_.pop_back();
  parent_ = f.parent;
  last_ = f.last;
  pos_ = f.pos;
  undo_ = f.undo;
  dead_ = f.dead;
  at_start_ = f.at_start;
  pending_before_.clear();
}

void GameBuilder::result(std::string_view marker) { game_.result.assign(marker); }

}  // namespace arbiter::pgn
