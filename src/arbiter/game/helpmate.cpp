#include "arbiter/game/helpmate.hpp"

#include <algorithm>

#include "arbiter/core/movegen.hpp"
#include "arbiter/game/static_rules.hpp"

namespace arbiter::game {

using namespace core;

namespace {

int distance(Square a, Square b) noexcept {
  const int df = std::abs(index(file_of(a)) - index(file_of(b)));
  const int dr = std::abs(index(rank_of(a)) - index(rank_of(b)));
  return std::max(df, dr);
}

int edge_distance(Square s) noexcept {
  const int f = index(file_of(s));
  const int r = index(rank_of(s));
  return std::min(std::min(f, 7 - f), std::min(r, 7 - r));
}

int corner_distance(Square s) noexcept {
  const int f = index(file_of(s));
  const int r = index(rank_of(s));
  return std::max(std::min(f, 7 - f), std::min(r, 7 - r));
}

Key mix(Key x) noexcept {  // splitmix64 finaliser
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

constexpr int kFirstGreedyLines = 4;  // tried before the full-width search
constexpr int kGreedyLines = 256;     // witness hunt: at most this many greedy lines
constexpr int kWinnerCheckBonus = 0;  // checks matter at the end: the mate look-ahead
constexpr Key kBlackWinnerSalt = 0x9E3779B97F4A7C15ULL;

}  // namespace

HelpmateSearch::HelpmateSearch(int tt_bits)
    : table_(std::size_t{1} << tt_bits), mask_((Key{1} << tt_bits) - 1) {}

bool HelpmateSearch::hopeless(const Position& pos, bool leaf) const noexcept {
  if (cannot_mate_by_material(pos, winner_) || cannot_mate_locked_pawns(pos, winner_)) return true;
  if (all_pawns_blocked(pos) && cannot_mate_fixed_pawns(pos, winner_)) return true;
  // The reachability proof costs several nodes' time: at the leaves and the root only (an
  // inner node it would prove hopeless has hopeless leaves too).
  return leaf && cannot_mate_by_reachability(pos, winner_);
}

// Move ordering toward a cooperative mate: the winner promotes, checks and brings its
// pieces near the losing king; the loser walks its king to the edge, keeps its men near
// the king (to block its flight squares) and neither takes the winner's material nor
// checks the winner.
int HelpmateSearch::score(const Position& pos, Move m, bool check) const noexcept {
  const Square target = pos.king_square(~winner_);
  const PieceType moved = pos.moved_piece(m);
  const PieceType captured = pos.captured_piece(m);
  int s = 0;
  if (pos.side_to_move() == winner_) {
    if (check) s += kWinnerCheckBonus;
    if (m.is_promotion()) s += m.promotion() == PieceType::Queen ? 900 : 100;
    if (captured != PieceType::None)
      s += distance(m.to(), target) > 2 ? 40 : 5;  // defenders far from the king are obstacles
    if (moved == PieceType::Pawn) s += 20 + 4 * index(relative_rank(winner_, rank_of(m.to())));
    if (moved == PieceType::King)
      s += 8 * (distance(m.from(), target) - distance(m.to(), target));
    else if (distance(m.to(), target) >= 2)  // near, not next to it (it would be taken)
      s += 12 * (distance(m.from(), target) - distance(m.to(), target));
    // Attacking the losing king's neighbourhood.
    if (moved != PieceType::Pawn && moved != PieceType::King)
      s += 8 * popcount(attacks_of(moved, m.to(), (pos.pieces() ^ bb(m.from())) | bb(m.to())) &
                        king_attacks(target));
  } else {
    if (captured != PieceType::None) s -= 400;
    if (check) s -= 200;
    if (moved == PieceType::King && !m.is_castling()) {
      // To the edge, toward the winner's king (lone pieces mate only with its help).
      const Square helper = pos.king_square(winner_);
      s += 10 * (edge_distance(m.from()) - edge_distance(m.to())) +
           4 * (corner_distance(m.from()) - corner_distance(m.to())) +
           5 * (distance(m.from(), helper) - distance(m.to(), helper));
    } else {
      s += 6 * (distance(m.from(), target) - distance(m.to(), target));
      // Pawns next to the king open lines toward it (1...f6, 2...g5 style).
      if (moved == PieceType::Pawn) s += distance(m.from(), target) <= 2 ? 30 : 10;
    }
    if (m.is_promotion() && m.promotion() == PieceType::Queen) s -= 50;
  }
  return s;
}

bool HelpmateSearch::on_path(Key key, int ply) const noexcept {
  for (int p = ply - 1; p >= 0; p -= 2)  // same side to move as the child
    if (path_[p] == key) return true;
  return false;
}

Key HelpmateSearch::key_noise(const Position& pos, Move m) const noexcept {
  return pos.key() ^ (Key{m.raw()} << 32) ^ (noise_seed_ * 0x9E3779B97F4A7C15ULL);
}

HelpmateSearch::Answer HelpmateSearch::search(const Position& pos, int depth, int ply) noexcept {
  if (++nodes_ > max_nodes_) {
    aborted_ = true;
    return Answer::Unknown;
  }
  const bool loser_to_move = pos.side_to_move() != winner_;
  if (depth == 0 || ply >= kMaxPly - 1) {
    if (!has_legal_moves(pos)) {
      if (pos.in_check() && loser_to_move) {
        mate_length_ = ply;
        return Answer::Mate;
      }
      return Answer::NoMate;  // stalemate, or the winner is mated: the game is over
    }
    return hopeless(pos, true) ? Answer::NoMate : Answer::Unknown;
  }
  MoveList moves = legal_moves(pos);
  if (moves.empty()) {
    if (pos.in_check() && loser_to_move) {
      mate_length_ = ply;
      return Answer::Mate;
    }
    return Answer::NoMate;
  }
  if (hopeless(pos, ply == 0)) return Answer::NoMate;

  const Key key = pos.key() ^ salt_;
  {
    const Entry& e = slot(key);
    if (e.key == key && e.generation == generation_) {
      if (e.proven) return Answer::NoMate;
      if (e.depth >= depth) return Answer::Unknown;
    }
  }

  const int n = moves.size();
  int scores[MoveList::kCapacity];
  bool checks[MoveList::kCapacity];
  for (int i = 0; i < n; ++i) {
    checks[i] = pos.gives_check(moves[i]);
    // Look one ply ahead for the mate itself: a checking move with no reply.
    if (checks[i] && !loser_to_move && !has_legal_moves(pos.after(moves[i]))) {
      line_[ply] = moves[i];
      mate_length_ = ply + 1;
      return Answer::Mate;
    }
    scores[i] = score(pos, moves[i], checks[i]);
    if (noise_seed_) scores[i] += static_cast<int>(mix(key_noise(pos, moves[i])) % 48);
  }
  bool unknown = false;
  // On its last move the winner must give check (mate is check without escape).
  const bool last_winner_move = depth == 1 && !loser_to_move;
  const bool narrow = width_ > 0 && !last_winner_move;
  int searched = 0;
  path_[ply] = pos.key();
  for (int i = 0; i < n; ++i) {
    if (narrow && searched == width_) {
      unknown = true;  // the rest is left out: this node proves nothing
      break;
    }
    int best = i;  // selection sort: usually only the first few moves are tried
    for (int j = i + 1; j < n; ++j)
      if (scores[j] > scores[best]) best = j;
    std::swap(scores[i], scores[best]);
    std::swap(moves[i], moves[best]);
    std::swap(checks[i], checks[best]);
    if (last_winner_move && !checks[i]) {
      unknown = true;  // cannot mate on this ply; deeper iterations look further
      continue;
    }
    const Position child = pos.after(moves[i]);
    if (narrow && on_path(child.key(), ply)) {
      unknown = true;  // a narrow line should not walk in circles
      continue;
    }
    ++searched;
    line_[ply] = moves[i];
    const Answer a = search(child, depth - 1, ply + 1);
    if (a == Answer::Mate) return a;
    if (aborted_) return Answer::Unknown;
    if (a == Answer::Unknown) unknown = true;
  }
  Entry& store = slot(key);
  store.key = key;
  store.generation = generation_;
  store.proven = !unknown;
  store.depth = static_cast<std::int16_t>(depth);
  return unknown ? Answer::Unknown : Answer::NoMate;
}

void HelpmateSearch::next_generation() noexcept {
  if (++generation_ == 0) {
    std::fill(table_.begin(), table_.end(), Entry{});
    generation_ = 1;
  }
}

HelpmateSearch::Answer HelpmateSearch::deepen(const Position& root, int max_depth, int width) {
  width_ = width;
  next_generation();  // pruned and full searches never share table entries
  // A greedy line costs one node per ply: no need to deepen step by step.
  for (int depth = width == 1 ? max_depth : 0; depth <= max_depth; ++depth) {
    const Answer a = search(root, depth, 0);
    if (a != Answer::Unknown || aborted_) return a;
  }
  return Answer::Unknown;
}

SideAnalysis HelpmateSearch::run(const Position& root, Color winner, const SearchLimits& limits) {
  winner_ = winner;
  salt_ = winner == Color::Black ? kBlackWinnerSalt : 0;
  nodes_ = 0;
  aborted_ = false;
  const int max_depth = std::min(limits.max_depth, kMaxPly - 2);
  const std::uint64_t budget = limits.max_nodes;
  // 1. Full width, two plies: static leaves, forced captures, mates in one.
  max_nodes_ = std::max<std::uint64_t>(budget / 16, 1);
  Answer a = deepen(root, std::min(2, max_depth), 0);
  // 2. A few greedy lines (the best move only, one node per ply): most positions of real
  //    games have a helpmate that the move ordering walks straight into.
  int attempt = 0;
  const auto greedy = [&](int lines, std::uint64_t end) {
    for (int i = 0; i < lines && a == Answer::Unknown && nodes_ < end; ++i, ++attempt) {
      aborted_ = false;
      noise_seed_ = static_cast<std::uint64_t>(attempt);
      max_nodes_ = end;
      a = deepen(root, max_depth, 1);
    }
    noise_seed_ = 0;
  };
  greedy(kFirstGreedyLines, nodes_ + budget / 8);
  // 3. Full width with a small share of the budget: proofs of "no mate" in forced lines,
  //    short mates.
  if (a == Answer::Unknown) {
    aborted_ = false;
    max_nodes_ = nodes_ + budget / 8;
    a = deepen(root, max_depth, 0);
  }
  // 4. Witness hunt: more greedy lines with deterministic noise in the ordering, then
  //    beams of 2 and 3 moves per node.
  greedy(kGreedyLines, nodes_ + budget / 2);
  for (int width : {2, 3}) {
    if (a != Answer::Unknown) break;
    aborted_ = false;
    max_nodes_ = std::min(budget, nodes_ + budget / 8);
    a = deepen(root, max_depth, width);
  }
  // (A NoMate from a narrowed search is still a proof: a node is NoMate only when every
  // legal move was searched.)
  // 5. Full width with the rest of the budget.
  if (a == Answer::Unknown && nodes_ < budget) {
    aborted_ = false;
    max_nodes_ = budget;
    a = deepen(root, max_depth, 0);
  }
  SideAnalysis out;
  if (a == Answer::Mate) {
    out.can_mate = Tristate::Yes;
    out.witness.assign(line_, line_ + mate_length_);
  } else if (a == Answer::NoMate) {
    out.can_mate = Tristate::No;
  }
  out.nodes = std::min(nodes_, limits.max_nodes);
  return out;
}

}  // namespace arbiter::game
