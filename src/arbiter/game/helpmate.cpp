#include "arbiter/game/helpmate.hpp"

#include <algorithm>
#include <cstdlib>

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

// Moves a knight needs between two squares (breadth first on the empty board).
struct KnightDistances {
  std::uint8_t d[64][64] = {};
  constexpr KnightDistances() {
    constexpr int kJumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                  {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int from = 0; from < 64; ++from) {
      for (int to = 0; to < 64; ++to) d[from][to] = 0xFF;
      int queue[64] = {};
      int head = 0;
      int tail = 0;
      d[from][from] = 0;
      queue[tail++] = from;
      while (head < tail) {
        const int s = queue[head++];
        for (const auto& j : kJumps) {
          const int f = (s & 7) + j[0];
          const int r = (s >> 3) + j[1];
          if (f < 0 || f > 7 || r < 0 || r > 7) continue;
          const int t = r * 8 + f;
          if (d[from][t] != 0xFF) continue;
          d[from][t] = static_cast<std::uint8_t>(d[from][s] + 1);
          queue[tail++] = t;
        }
      }
    }
  }
};
constexpr KnightDistances kKnightDistances{};

int knight_distance(Square a, Square b) noexcept { return kKnightDistances.d[index(a)][index(b)]; }

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

Key mix(Key x) noexcept {  // splitmix64 finaliser
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

constexpr int kFirstGreedyLines = 4;  // tried before anything else
constexpr int kGreedyLines = 256;     // witness hunt: at most this many greedy lines
constexpr int kWinnerCheckBonus = 0;  // checks matter at the end: the mate look-ahead
constexpr Key kBlackWinnerSalt = 0x9E3779B97F4A7C15ULL;
// Progress-driven depth (see helpmate.hpp).
constexpr int kNormalCost = 1;
constexpr int kRegressCost = 3;

}  // namespace

HelpmateSearch::HelpmateSearch(int tt_bits)
    : table_(std::size_t{1} << tt_bits), mask_((Key{1} << tt_bits) - 1) {}

bool HelpmateSearch::hopeless(const Position& pos, bool leaf) const noexcept {
  if (cannot_mate_by_material(pos, winner_) || cannot_mate_locked_pawns(pos, winner_)) return true;
  if (all_pawns_blocked(pos) && cannot_mate_fixed_pawns(pos, winner_)) return true;
  // The reachability proof costs several nodes' time: at the leaves, the root and after
  // captures and pawn moves only (a piece walking about seldom changes its answer).
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

// The winner's men alone can never mate, whatever the loser does with the pieces it has:
// a lone knight against no knight, bishop or rook, or bishops of one colour against no
// knight and no bishop of the other colour. A pawn of the loser has to promote to a
// blocker first: its walk is progress, everything else of the loser is regress.
bool HelpmateSearch::loser_must_promote(const Position& pos) const noexcept {
  const Color loser = ~winner_;
  const int winner_men = popcount(pos.pieces(winner_));
  if (winner_men == 2 && pos.count(winner_, PieceType::Knight) == 1)
    return !(pos.pieces(loser) &
             (pos.pieces(PieceType::Knight, PieceType::Bishop) | pos.pieces(PieceType::Rook)));
  const Bitboard bishops = pos.pieces(winner_, PieceType::Bishop);
  if (bishops && winner_men == popcount(bishops) + 1) {
    const Bitboard colour = (bishops & kDarkSquares) ? kDarkSquares : ~kDarkSquares;
    return !(pos.pieces(PieceType::Bishop) & ~colour) && !pos.pieces(loser, PieceType::Knight);
  }
  return false;
}

// Pawn walls with bishops behind them: no knight, rook or queen, at least four pawns
// standing right in front of an enemy pawn, each file with pawns holds pawns of both
// sides, and the loser has two bishops or more. The mate needs bishops brought round:
// their walk toward the corner (the winner's) or next to it (the loser's) is progress.
bool HelpmateSearch::bishops_maneuver(const Position& pos) const noexcept {
  if (pos.pieces(PieceType::Knight, PieceType::Rook) | pos.pieces(PieceType::Queen)) return false;
  if (!more_than_one(pos.pieces(~winner_, PieceType::Bishop))) return false;
  const Bitboard white = pos.pieces(Color::White, PieceType::Pawn);
  const Bitboard black = pos.pieces(Color::Black, PieceType::Pawn);
  const Bitboard blocked = (white & shift<kSouth>(black)) | (black & shift<kNorth>(white));
  if (popcount(blocked) < 4) return false;
  unsigned white_files = 0;
  unsigned black_files = 0;
  for (Bitboard b = white & ~rank_bb(Rank::R7); b;) white_files |= 1u << index(file_of(pop_lsb(b)));
  for (Bitboard b = black & ~rank_bb(Rank::R2); b;) black_files |= 1u << index(file_of(pop_lsb(b)));
  return white_files == black_files;
}

// Two mating corners on the loser's side of the board (the winner's eighth rank), h8 and
// a8 seen from the winner: one dark, one light.
void HelpmateSearch::choose_targets() noexcept {
  for (int dark = 0; dark < 2; ++dark) {
    const bool h_file = (dark != 0) == (winner_ == Color::White);
    const Square corner = relative_square(winner_, h_file ? Square::H8 : Square::A8);
    Targets& t = corners_[dark];
    t.corner = corner;
    t.winner_king = relative_square(winner_, h_file ? Square::H6 : Square::A6);
    t.blocker = relative_square(winner_, h_file ? Square::G8 : Square::B8);
  }
}

// The corner of the colour the bishops need: the winner's bishops check on their colour
// (a dark-squared bishop mates on a dark corner); without them, a loser's bishop blocks
// the flight next to the corner, of the other colour (light g8 next to dark h8). Bishops
// change only by promotions and captures, so a line going round in circles keeps its
// corner.
const HelpmateSearch::Targets& HelpmateSearch::corner_for(const Position& pos) const noexcept {
  const Bitboard own = pos.pieces(winner_, PieceType::Bishop);
  const Bitboard theirs = pos.pieces(~winner_, PieceType::Bishop);
  const bool dark = (own & kDarkSquares) || (!own && (theirs & ~kDarkSquares));
  return corners_[dark ? 1 : 0];
}

// Progress: the winner takes a man, moves a pawn (both happen a bounded number of times),
// or brings its king or a knight (its bishops behind pawn walls) closer to the corner; the
// loser brings its king to the corner or a knight (bishops behind pawn walls) next to it,
// or walks a pawn when it must promote. Regress: the loser takes a man, or moves anything
// else when it must promote. Progress costs nothing, and so does the reply to it (the
// other side has to move something); other moves cost one, regress three. A line going
// round in circles always pays: the distances come back, so some move of each side on it
// is not progress, and not every such move can follow a progress move.
int HelpmateSearch::step_cost(const Position& pos, const NodeInfo& node, Move m,
                              bool& progress) const noexcept {
  const Targets& t = *node.targets;
  const PieceType moved = pos.moved_piece(m);
  const bool capture = pos.is_capture(m);
  const Square from = m.from();
  const Square to = m.to();
  const auto closer = [&](Square target) { return distance(to, target) < distance(from, target); };
  const auto knight_closer = [&](Square target) {
    return knight_distance(to, target) < knight_distance(from, target);
  };
  bool regress = false;
  if (pos.side_to_move() == winner_) {
    if (capture || moved == PieceType::Pawn)
      progress = true;
    else if (moved == PieceType::King && !m.is_castling())
      progress = closer(t.winner_king);
    else if (moved == PieceType::Knight)
      progress = knight_closer(t.corner);
    else if (moved == PieceType::Bishop && node.bishops_walk)
      progress = closer(t.corner);
  } else {
    if (moved == PieceType::King && !m.is_castling())
      progress = closer(t.corner);
    else if (moved == PieceType::Knight)
      progress = knight_closer(t.blocker);
    else if (moved == PieceType::Bishop && node.bishops_walk)
      progress = closer(t.blocker);
    if (!progress) {
      if (capture) {
        regress = true;
      } else if (node.loser_promotes) {
        const bool heavy = m.is_promotion() &&
                           (m.promotion() == PieceType::Queen || m.promotion() == PieceType::Rook);
        progress = moved == PieceType::Pawn && !heavy;
        regress = !progress;
      }
    }
  }
  if (progress) return 0;
  if (regress) return kRegressCost;
  return node.after_progress ? 0 : kNormalCost;
}

bool HelpmateSearch::on_path(Key key, int ply) const noexcept {
  for (int p = ply - 1; p >= 0; p -= 2)  // same side to move as the child
    if (path_[p] == key) return true;
  return false;
}

Key HelpmateSearch::key_noise(const Position& pos, Move m) const noexcept {
  return pos.key() ^ (Key{m.raw()} << 32) ^ (noise_seed_ * 0x9E3779B97F4A7C15ULL);
}

// A node out of depth: terminal, statically hopeless, a mate in one by the winner, or cut.
HelpmateSearch::Answer HelpmateSearch::leaf(const Position& pos, int ply) noexcept {
  const bool loser_to_move = pos.side_to_move() != winner_;
  if (!has_legal_moves(pos)) {
    if (pos.in_check() && loser_to_move) {
      mate_length_ = ply;
      return Answer::Mate;
    }
    return Answer::NoMate;  // stalemate, or the winner is mated: the game is over
  }
  if (hopeless(pos, true)) return Answer::NoMate;
  if (!loser_to_move && ply < kMaxPly) {
    for (const Move m : legal_moves(pos)) {
      if (pos.gives_check(m) && !has_legal_moves(pos.after(m))) {
        line_[ply] = m;
        mate_length_ = ply + 1;
        return Answer::Mate;
      }
    }
  }
  cut_ = true;
  return Answer::Unknown;
}

HelpmateSearch::Answer HelpmateSearch::search(const Position& pos, int depth, int ply,
                                              bool after_progress, bool changed) noexcept {
  if (++nodes_ > max_nodes_) {
    aborted_ = true;
    return Answer::Unknown;
  }
  if (depth <= 0 || ply >= kMaxPly - 1) return leaf(pos, ply);
  const bool loser_to_move = pos.side_to_move() != winner_;
  MoveList moves = legal_moves(pos);
  if (moves.empty()) {
    if (pos.in_check() && loser_to_move) {
      mate_length_ = ply;
      return Answer::Mate;
    }
    return Answer::NoMate;
  }
  if (hopeless(pos, changed)) return Answer::NoMate;

  const Key key = pos.key() ^ salt_;
  {
    Entry& e = slot(key);
    if (e.key == key) {
      if (e.depth == kProven && e.generation >= first_generation_) return Answer::NoMate;
      if (e.generation == generation_ && e.depth >= depth) {
        // Expanded with at least this depth: in this iteration (done, or on the current
        // line), or in an earlier one (which may have cut lines this one would not).
        if (e.iteration != iteration_) cut_ = true;
        return Answer::Unknown;
      }
    }
    // Mark the position as expanded in this iteration: a line coming back to it with no
    // more depth stops here.
    e.key = key;
    e.generation = generation_;
    e.iteration = iteration_;
    e.depth = static_cast<std::int16_t>(std::min<int>(depth, kProven - 1));
  }

  NodeInfo node;
  if (progressive_) {
    node.targets = &corner_for(pos);
    node.loser_promotes = loser_to_move && loser_must_promote(pos);
    node.bishops_walk = bishops_maneuver(pos);
    node.after_progress = after_progress;
  }
  const int n = moves.size();
  int scores[MoveList::kCapacity];
  bool checks[MoveList::kCapacity];
  std::int8_t costs[MoveList::kCapacity];
  bool progresses[MoveList::kCapacity];
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
    bool progress = false;
    costs[i] =
        static_cast<std::int8_t>(progressive_ ? step_cost(pos, node, moves[i], progress) : 1);
    progresses[i] = progress;
  }
  bool unknown = false;
  const bool narrow = width_ > 0;
  int searched = 0;
  path_[ply] = pos.key();
  for (int i = 0; i < n; ++i) {
    int best = i;  // selection sort: usually only the first few moves are tried
    for (int j = i + 1; j < n; ++j)
      if (scores[j] > scores[best]) best = j;
    std::swap(scores[i], scores[best]);
    std::swap(moves[i], moves[best]);
    std::swap(checks[i], checks[best]);
    std::swap(costs[i], costs[best]);
    std::swap(progresses[i], progresses[best]);
    const int child_depth = depth - costs[i];
    // A winner's move into a leaf mates only if it checks (the leaf looks one ply further
    // only for the winner).
    if (child_depth <= 0 && !loser_to_move && !checks[i]) {
      unknown = cut_ = true;  // deeper iterations look further
      continue;
    }
    if (narrow && searched == width_) {
      unknown = cut_ = true;  // the rest is left out: this node proves nothing
      break;
    }
    const Position child = pos.after(moves[i]);
    if (narrow && on_path(child.key(), ply)) {
      unknown = cut_ = true;  // a narrow line should not walk in circles
      continue;
    }
    ++searched;
    line_[ply] = moves[i];
    const bool structure =
        progressive_ && (pos.is_capture(moves[i]) || pos.moved_piece(moves[i]) == PieceType::Pawn);
    const Answer a = search(child, child_depth, ply + 1, progresses[i], structure);
    if (a == Answer::Mate) return a;
    if (aborted_) return Answer::Unknown;
    if (a == Answer::Unknown) unknown = true;
  }
  if (!unknown) {
    // Every legal move was searched to a proof: no mate from here, whatever the line that
    // led here (the key and the winner's salt name the position). Used for the rest of
    // this call only, so that an answer never depends on what was analysed before it.
    Entry& store = slot(key);
    store.key = key;
    store.generation = generation_;
    store.depth = kProven;
  }
  return unknown ? Answer::Unknown : Answer::NoMate;
}

void HelpmateSearch::next_generation() noexcept {
  if (++generation_ == 0) {
    std::fill(table_.begin(), table_.end(), Entry{});
    generation_ = 1;
    first_generation_ = 1;
  }
  iteration_ = 0;
}

HelpmateSearch::Answer HelpmateSearch::deepen(const Position& root, int max_depth, int width) {
  width_ = width;
  progressive_ = false;
  next_generation();  // pruned and full searches never share table entries
  // A greedy line costs one node per ply: no need to deepen step by step.
  for (int depth = width == 1 ? max_depth : 1; depth <= max_depth; ++depth) {
    ++iteration_;
    cut_ = false;
    Answer a = search(root, depth, 0, false, true);
    // Nothing was cut: every position this iteration reached was expanded in full, so
    // they are closed under legal moves, and none of them is the mate.
    if (a == Answer::Unknown && !aborted_ && !cut_) a = Answer::NoMate;
    if (a != Answer::Unknown || aborted_) return a;
  }
  return Answer::Unknown;
}

HelpmateSearch::Answer HelpmateSearch::adaptive(const Position& root, std::uint64_t local,
                                                std::uint64_t end) {
  width_ = 0;
  progressive_ = true;
  next_generation();
  Answer a = Answer::Unknown;
  // Iterations share the table (a position expanded with at least the depth at hand is
  // not expanded again); the depth grows by a quarter at a time, one ply at first.
  for (int depth = 1; depth < kProven && nodes_ < end; depth += 1 + depth / 4) {
    if (iteration_ == 0xFFFF) next_generation();
    ++iteration_;
    cut_ = false;
    aborted_ = false;
    max_nodes_ = std::min(end, nodes_ + local);
    a = search(root, depth, 0, false, true);
    if (a == Answer::Unknown && !aborted_ && !cut_) a = Answer::NoMate;  // closed, as above
    if (a != Answer::Unknown) break;
  }
  aborted_ = false;
  progressive_ = false;
  return a;
}

SideAnalysis HelpmateSearch::run(const Position& root, Color winner, const SearchLimits& limits) {
  winner_ = winner;
  salt_ = winner == Color::Black ? kBlackWinnerSalt : 0;
  nodes_ = 0;
  first_generation_ = generation_ + 1;  // this call's entries (generation 0 wraps: cleared)
  aborted_ = false;
  choose_targets();
  const int max_depth = std::min(limits.max_depth, kMaxPly - 2);
  const std::uint64_t budget = limits.max_nodes;
  Answer a = Answer::Unknown;
  // 1. A few greedy lines (the best move only, one node per ply): most positions of real
  //    games have a helpmate that the move ordering walks straight into.
  int attempt = 0;
  const auto greedy = [&](int lines, std::uint64_t end, int length) {
    for (int i = 0; i < lines && a == Answer::Unknown && nodes_ < end; ++i, ++attempt) {
      aborted_ = false;
      noise_seed_ = static_cast<std::uint64_t>(attempt);
      max_nodes_ = end;
      a = deepen(root, length, 1);
    }
    noise_seed_ = 0;
  };
  greedy(kFirstGreedyLines, budget / 8, max_depth);
  // 2. Full width, two plies: static leaves, forced captures, mates in one and two; its
  //    proofs stay in the table for the searches below.
  if (a == Answer::Unknown) {
    aborted_ = false;
    max_nodes_ = nodes_ + std::max<std::uint64_t>(budget / 16, 1);
    a = deepen(root, std::min(2, max_depth), 0);
  }
  // 3. Witness hunt: more greedy lines with deterministic noise in the ordering, twice as
  //    long.
  greedy(kGreedyLines, nodes_ + budget / 8, std::min(2 * max_depth, kMaxPly - 2));
  // 4. Progress-driven iterative deepening with the rest, an eighth of the budget at most
  //    per iteration: an iteration cut short by it still searched its best lines first,
  //    and more iterations reach more depths (measured on the hard set's 127 positions
  //    still undecided: 128 answers undecided with an eighth, 141 with half, 133 with a
  //    fiftieth).
  if (a == Answer::Unknown && nodes_ < budget)
    a = adaptive(root, std::max<std::uint64_t>(budget / 8, 1'000), budget);
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
