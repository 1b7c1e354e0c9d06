#include "arbiter/engine/search.hpp"

#include <algorithm>
#include <cmath>

#include "arbiter/base/assert.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/engine/eval.hpp"
#include "arbiter/engine/eval_params.hpp"
#include "arbiter/engine/nnue_accumulator.hpp"
#include "arbiter/engine/see.hpp"

namespace arbiter::engine {

using core::Color;
using core::Move;
using core::PieceType;

namespace {

// Late move reductions: about log(depth) * log(move number) / 2.2 plies.
struct ReductionTable {
  std::array<std::array<std::uint8_t, 64>, 64> r{};
  ReductionTable() {
    for (int d = 1; d < 64; ++d)
      for (int m = 1; m < 64; ++m)
        r[d][m] = static_cast<std::uint8_t>(0.8 + std::log(d) * std::log(m) / 2.2);
  }
};
const ReductionTable kReductions;

int reduction(int depth, int move_number) noexcept {
  return kReductions.r[std::min(depth, 63)][std::min(move_number, 63)];
}

bool has_non_pawn_material(const core::Position& pos, Color c) noexcept {
  return (pos.pieces(c) & ~pos.pieces(c, PieceType::Pawn, PieceType::King)) != 0;
}

// Does `m` give check? Exact for normal moves; castling, en passant and promotions are
// reported as checks (they are rare, and the caller only uses this to avoid pruning).
bool gives_check(const core::Position& pos, Move m, core::Bitboard discoverers) noexcept {
  if (m.kind() != core::MoveKind::Normal) return true;
  const Color us = pos.side_to_move();
  const core::Square ksq = pos.king_square(~us);
  if ((discoverers & core::bb(m.from())) && !core::aligned(m.from(), m.to(), ksq)) return true;
  const PieceType pt = pos.moved_piece(m);
  if (pt == PieceType::Pawn) return (core::pawn_attacks(us, m.to()) & core::bb(ksq)) != 0;
  if (pt == PieceType::King) return false;
  const core::Bitboard occ = (pos.pieces() ^ core::bb(m.from())) | core::bb(m.to());
  return (core::attacks_of(pt, m.to(), occ) & core::bb(ksq)) != 0;
}

}  // namespace

std::int64_t SearchShared::elapsed() const noexcept {
  return clock->now().count() - start_ms.load(std::memory_order_relaxed);
}

std::uint64_t SearchShared::total_nodes() const noexcept {
  std::uint64_t n = 0;
  for (const Worker* w : workers) n += w->nodes();
  return n;
}

Worker::Worker(int id) : id_(id) { history_.clear(); }

void Worker::clear() noexcept {
  history_.clear();
  for (Frame& f : stack_) f = Frame{};
}

void Worker::prepare(const core::Position& root, const std::vector<core::Key>& history,
                     SearchShared& shared) {
  shared_ = &shared;
  pos_ = root;
  network_ = shared.network.get();
  kernels_ = shared.kernels;
  if (network_) {
    if (!accumulators_) accumulators_ = std::make_unique<Accumulators>();
    nnue::refresh(*network_, *kernels_, pos_, (*accumulators_)[0]);
  }
  nodes_.store(0, std::memory_order_relaxed);
  completed_depth_ = 0;
  seldepth_ = 0;
  const int keep = std::min<int>(static_cast<int>(history.size()), kMaxKeys - kMaxPly - 4);
  key_count_ = 0;
  for (std::size_t i = history.size() - static_cast<std::size_t>(keep); i < history.size(); ++i)
    keys_[key_count_++] = history[i];
  for (Frame& f : stack_) f.move = Move::none();
  root_moves_.clear();
  for (Move m : core::legal_moves(pos_)) {
    const auto& only = shared.limits.searchmoves;
    if (!only.empty() && std::find(only.begin(), only.end(), m) == only.end()) continue;
    RootMove rm;
    rm.move = m;
    rm.pv[0] = m;
    rm.pv_length = 1;
    root_moves_.push_back(rm);
  }
}

bool Worker::should_stop() noexcept {
  if (shared_->stop.load(std::memory_order_relaxed)) return true;
  if (id_ != 0) return false;
  const std::uint64_t n = nodes();
  if (shared_->max_nodes && n >= shared_->max_nodes) {
    shared_->stop = true;
    return true;
  }
  if ((n & 1023) == 0 && shared_->budget.limited() &&
      !shared_->pondering.load(std::memory_order_relaxed) &&
      shared_->elapsed() >= shared_->budget.maximum) {
    shared_->stop = true;
    return true;
  }
  return false;
}

void Worker::make(Move m, core::Undo& undo, int ply) noexcept {
  keys_[key_count_++] = pos_.key();
  stack_[ply + 2].move = m;
  if (network_) {
    const nnue::MoveDelta delta = nnue::touched_squares(pos_, m);
    pos_.do_move(m, undo);
    const auto u = static_cast<std::size_t>(ply);
    nnue::update(*network_, *kernels_, delta, pos_, (*accumulators_)[u], (*accumulators_)[u + 1]);
  } else {
    pos_.do_move(m, undo);
  }
  shared_->tt->prefetch(pos_.key());
}

Value Worker::static_eval(int ply) noexcept {
  if (!network_) return evaluate(pos_, pawns_);
  if (is_insufficient_material(pos_)) return kDraw;
  const nnue::Accumulator& acc = (*accumulators_)[static_cast<std::size_t>(ply)];
#if !defined(NDEBUG) || defined(ARB_ENABLE_ASSERTS)
  auto fresh = std::make_unique<nnue::Accumulator>();  // debug builds: incremental == refresh
  nnue::refresh(*network_, *kernels_, pos_, *fresh);
  ARB_ASSERT(nnue::same_accumulator(*network_, acc, *fresh));
#endif
  return nnue::evaluate(*network_, *kernels_, acc, pos_);
}

void Worker::unmake(Move m, const core::Undo& undo) noexcept {
  pos_.undo_move(m, undo);
  --key_count_;
}

bool Worker::is_draw(int ply) const noexcept {
  // Heuristics, not the FIDE rules (those live in `game`): a single repetition inside the
  // tree or of a game position counts as a draw, and so does the 50-move mark.
  const int clock = pos_.halfmove_clock();
  if (clock >= 100) return !pos_.in_check() || core::has_legal_moves(pos_);
  const core::Key key = pos_.key();
  const int oldest = std::max(0, key_count_ - clock);
  for (int i = key_count_ - 4; i >= oldest; i -= 2)
    if (keys_[i] == key) return true;
  static_cast<void>(ply);
  return false;
}

void Worker::update_pv(int ply, Move m) noexcept {
  pv_[ply][ply] = m;
  const int child_len = pv_length_[ply + 1];
  for (int i = ply + 1; i < child_len; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_length_[ply] = std::max(child_len, ply + 1);
}

void Worker::update_root_move(Move m, Value v, bool exact) noexcept {
  for (RootMove& rm : root_moves_) {
    if (rm.move != m) continue;
    if (!exact) {
      rm.score = -kInfinite;
      return;
    }
    rm.score = v;
    rm.seldepth = seldepth_;
    rm.pv_length = std::min(pv_length_[0], kMaxPly);
    for (int i = 0; i < rm.pv_length; ++i) rm.pv[i] = pv_[0][i];
    return;
  }
}

void Worker::update_quiet_stats(int ply, Move best, const Move* quiets, int count,
                                int depth) noexcept {
  Frame& f = stack_[ply + 2];
  if (f.killers[0] != best) {
    f.killers[1] = f.killers[0];
    f.killers[0] = best;
  }
  const Color us = pos_.side_to_move();
  const int bonus = std::min(16 * depth * depth + 32 * depth, 2400);
  history_.update_quiet(us, best, bonus);
  for (int i = 0; i < count; ++i) history_.update_quiet(us, quiets[i], -bonus);
  const Move prev = stack_[ply + 1].move;
  // After castling (king takes rook) the destination may be empty: no countermove then.
  if (ply > 0 && prev.is_ok() && !pos_.empty(prev.to()))
    history_.countermove[core::index(pos_.piece_on(prev.to()))][core::index(prev.to())] = best;
}

Value Worker::qsearch(Value alpha, Value beta, int ply, bool pv_node) noexcept {
  nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  pv_length_[ply] = ply;
  if (should_stop()) return 0;
  if (ply > seldepth_) seldepth_ = ply;
  if (is_draw(ply)) return kDraw;
  const bool in_check = pos_.in_check();
  if (ply >= kMaxPly - 1) return in_check ? kDraw : static_eval(ply);

  TTData tt;
  const bool tt_hit = shared_->tt->probe(pos_.key(), ply, tt);
  if (!pv_node && tt_hit && tt.value != kNoValue &&
      (tt.bound == Bound::Exact || (tt.bound == Bound::Lower && tt.value >= beta) ||
       (tt.bound == Bound::Upper && tt.value <= alpha)))
    return tt.value;

  Value best = -kInfinite;
  Value stand_pat = kNoValue;
  if (!in_check) {
    stand_pat = tt_hit && tt.eval != kNoValue ? tt.eval : static_eval(ply);
    if (stand_pat >= beta) return stand_pat;
    if (stand_pat > alpha) alpha = stand_pat;
    best = stand_pat;
  }

  MovePicker picker(pos_, tt_hit ? tt.move : Move::none(), nullptr, Move::none(), history_,
                    PickerMode::Quiescence);
  if (in_check && picker.size() == 0) return mated_in(ply);
  const Value alpha_start = alpha;
  Move best_move = Move::none();
  while (true) {
    const Move m = picker.next();
    if (m == Move::none()) break;
    if (!in_check) {
      // Delta pruning: even winning the piece cannot lift us to alpha.
      if (!m.is_promotion()) {
        const PieceType victim = m.is_en_passant() ? PieceType::Pawn : pos_.captured_piece(m);
        if (stand_pat + params::kSeeValue[core::index(victim)] + 180 <= alpha) continue;
      }
      if (!see_ge(pos_, m, 0)) continue;
    }
    core::Undo undo;
    make(m, undo, ply);
    const Value v = -qsearch(-beta, -alpha, ply + 1, pv_node);
    unmake(m, undo);
    if (shared_->stop.load(std::memory_order_relaxed)) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        best_move = m;
        if (pv_node) update_pv(ply, m);
        if (v >= beta) break;
        alpha = v;
      }
    }
  }
  const Bound bound = best >= beta                      ? Bound::Lower
                      : (pv_node && best > alpha_start) ? Bound::Exact
                                                        : Bound::Upper;
  shared_->tt->store(pos_.key(), ply, best_move, best, stand_pat, 0, bound);
  return best;
}

Value Worker::search(Value alpha, Value beta, int depth, int ply, bool cut_node) noexcept {
  const bool pv_node = beta - alpha > 1;
  const bool root = ply == 0;
  if (depth <= 0) return qsearch(alpha, beta, ply, pv_node);

  nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  pv_length_[ply] = ply;
  if (should_stop()) return 0;
  if (ply > seldepth_) seldepth_ = ply;
  const bool in_check = pos_.in_check();

  if (!root) {
    if (is_draw(ply)) return kDraw;
    if (ply >= kMaxPly - 1) return in_check ? kDraw : static_eval(ply);
    // Mate-distance pruning: no line from here can beat a shorter mate already found.
    alpha = std::max(alpha, mated_in(ply));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;
  }

  TTData tt;
  const bool tt_hit = shared_->tt->probe(pos_.key(), ply, tt);
  const Move tt_move = tt_hit ? tt.move : Move::none();
  if (!pv_node && tt_hit && tt.depth >= depth && tt.value != kNoValue &&
      (tt.bound == Bound::Exact || (tt.bound == Bound::Lower && tt.value >= beta) ||
       (tt.bound == Bound::Upper && tt.value <= alpha)))
    return tt.value;

  Frame& frame = stack_[ply + 2];
  stack_[ply + 3].killers[0] = stack_[ply + 3].killers[1] = Move::none();
  Value eval = kNoValue;
  bool improving = false;
  if (!in_check) {
    eval = tt_hit && tt.eval != kNoValue ? tt.eval : static_eval(ply);
    frame.eval = eval;
    // The TT value is a better estimate when its bound points the right way.
    if (tt_hit && tt.value != kNoValue && !is_mate_score(tt.value) &&
        (tt.bound == Bound::Exact || (tt.bound == Bound::Lower && tt.value > eval) ||
         (tt.bound == Bound::Upper && tt.value < eval)))
      eval = tt.value;
    const Value before = stack_[ply].eval;
    improving = ply >= 2 && before != kNoValue && frame.eval > before;
  } else {
    frame.eval = kNoValue;
  }

  if (!pv_node && !in_check) {
    // Reverse futility: far above beta at low depth, assume the opponent cannot recover.
    if (depth <= 7 && eval - (80 * depth - (improving ? 60 : 0)) >= beta &&
        std::abs(beta) < kMateBound)
      return eval;
    // Razoring: hopeless at low depth, verify with a quiescence search.
    if (depth <= 3 && eval + 220 * depth <= alpha) {
      const Value v = qsearch(alpha, alpha + 1, ply, false);
      if (v <= alpha) return v;
    }
    // Null move: if passing still beats beta, a real move surely does (not in zugzwang-prone
    // pawn endings).
    const Move prev = stack_[ply + 1].move;
    if (depth >= 3 && eval >= beta && prev != Move::null() && std::abs(beta) < kMateBound &&
        has_non_pawn_material(pos_, pos_.side_to_move())) {
      const int r = 3 + depth / 4 + std::min(3, (eval - beta) / 200);
      core::Undo undo;
      keys_[key_count_++] = pos_.key();
      frame.move = Move::null();
      pos_.do_null_move(undo);
      if (network_)
        (*accumulators_)[static_cast<std::size_t>(ply) + 1] =
            (*accumulators_)[static_cast<std::size_t>(ply)];
      const Value v = -search(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
      pos_.undo_null_move(undo);
      --key_count_;
      if (shared_->stop.load(std::memory_order_relaxed)) return 0;
      if (v >= beta) return v >= kMateBound ? beta : v;
    }
  }

  // Internal iterative reduction: without a hash move, a deep search here is less useful.
  if (depth >= 4 && tt_move == Move::none() && (pv_node || cut_node)) --depth;

  const Move prev = stack_[ply + 1].move;
  Move counter = Move::none();
  if (ply > 0 && prev.is_ok() && !pos_.empty(prev.to()))
    counter = history_.countermove[core::index(pos_.piece_on(prev.to()))][core::index(prev.to())];
  MovePicker picker(pos_, tt_move, frame.killers, counter, history_, PickerMode::Main);
  if (picker.size() == 0) return in_check ? mated_in(ply) : kDraw;

  const Value alpha_start = alpha;
  Value best = -kInfinite;
  Move best_move = Move::none();
  Move quiets[64];
  int quiet_count = 0;
  int moves_searched = 0;
  bool skip_quiets = false;
  int root_index = pv_index_;
  const core::Bitboard discoverers =
      pos_.blockers_for_king(~pos_.side_to_move(), pos_.side_to_move()) &
      pos_.pieces(pos_.side_to_move());

  while (true) {
    Move m;
    if (root) {
      if (root_index >= static_cast<int>(root_moves_.size())) break;
      m = root_moves_[static_cast<std::size_t>(root_index++)].move;
    } else {
      m = picker.next(skip_quiets);
      if (m == Move::none()) break;
    }
    const bool quiet = picker.is_quiet(m);
    const bool is_killer = m == frame.killers[0] || m == frame.killers[1];
    const bool checks = gives_check(pos_, m, discoverers);

    // Pruning at shallow depth, never before a move has secured a non-mated score.
    if (!root && best > -kMateBound && has_non_pawn_material(pos_, pos_.side_to_move())) {
      if (quiet && !checks) {
        const int lmp_limit = improving ? 4 + depth * depth : 3 + depth * depth / 2;
        if (!in_check && depth <= 7 && moves_searched >= lmp_limit) {
          skip_quiets = true;
          continue;
        }
        const int lmr_depth = std::max(0, depth - 1 - reduction(depth, moves_searched + 1));
        if (!in_check && lmr_depth <= 6 && eval + 100 + 90 * lmr_depth <= alpha && !is_killer)
          continue;
        if (depth <= 7 && !see_ge(pos_, m, -25 * depth * depth)) continue;
      } else if (!quiet && depth <= 6 && !see_ge(pos_, m, -90 * depth)) {
        continue;
      }
    }

    core::Undo undo;
    make(m, undo, ply);
    const bool gives_check = pos_.in_check();
    const int extension = gives_check && ply < 2 * root_depth_ ? 1 : 0;
    const int new_depth = depth - 1 + extension;
    Value v = -kInfinite;
    ++moves_searched;

    if (depth >= 3 && moves_searched > 1 + (pv_node ? 1 : 0) && (quiet || !pv_node)) {
      int r = reduction(depth, moves_searched);
      if (pv_node) r -= 1;
      if (!improving) r += 1;
      if (cut_node) r += 1;
      if (is_killer || m == counter) r -= 1;
      if (gives_check) r -= 1;
      if (quiet)
        r -= history_.quiet(~pos_.side_to_move(), m) / 6000;
      else
        r /= 2;
      const int d = std::clamp(new_depth - r, 1, new_depth);
      v = -search(-alpha - 1, -alpha, d, ply + 1, true);
      if (v > alpha && d < new_depth)
        v = -search(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
    } else if (!pv_node || moves_searched > 1) {
      v = -search(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
    }
    if (pv_node && (moves_searched == 1 || v > alpha))
      v = -search(-beta, -alpha, new_depth, ply + 1, false);
    unmake(m, undo);
    if (shared_->stop.load(std::memory_order_relaxed)) return 0;

    if (v > best) {
      best = v;
      if (v > alpha) {
        best_move = m;
        if (pv_node) update_pv(ply, m);
        if (v >= beta) {
          if (root) update_root_move(m, v, true);
          break;
        }
        alpha = v;
      }
    }
    if (root) update_root_move(m, v, moves_searched == 1 || best_move == m);
    if (m != best_move && quiet && quiet_count < 64) quiets[quiet_count++] = m;
  }

  if (moves_searched == 0) return alpha;  // everything pruned (cannot happen at the root)
  if (best >= beta && picker.is_quiet(best_move))
    update_quiet_stats(ply, best_move, quiets, quiet_count, depth);

  if (!root || pv_index_ == 0) {
    const Bound bound = best >= beta                      ? Bound::Lower
                        : (pv_node && best > alpha_start) ? Bound::Exact
                                                          : Bound::Upper;
    shared_->tt->store(pos_.key(), ply, best_move, best, frame.eval, depth, bound);
  }
  return best;
}

void Worker::report(int depth) const {
  if (!shared_->on_info) return;
  const std::int64_t ms = shared_->elapsed();
  const std::uint64_t nodes = shared_->total_nodes();
  const int lines = std::min<int>(shared_->multipv, static_cast<int>(root_moves_.size()));
  for (int i = 0; i < lines; ++i) {
    const RootMove& rm = root_moves_[static_cast<std::size_t>(i)];
    const bool fresh = rm.score != -kInfinite;
    SearchInfo info;
    info.depth = fresh ? depth : std::max(1, depth - 1);
    info.seldepth = std::max(rm.seldepth, info.depth);
    info.multipv = i + 1;
    info.score = fresh ? rm.score : rm.previous_score;
    if (info.score == -kInfinite) continue;
    info.nodes = nodes;
    info.time_ms = ms;
    info.nps = ms > 0 ? nodes * 1000 / static_cast<std::uint64_t>(ms) : nodes * 1000;
    info.hashfull = shared_->tt->hashfull();
    info.pv.assign(rm.pv.begin(), rm.pv.begin() + rm.pv_length);
    shared_->on_info(info);
  }
}

bool Worker::iteration_should_stop(int depth, int best_changes, Value previous) noexcept {
  const SearchShared& s = *shared_;
  const Value score = root_moves_[0].score;
  if (s.limits.mate > 0 && score >= mate_in(2 * s.limits.mate - 1)) return true;
  if (depth >= s.max_depth) return true;
  if (s.limits.soft_nodes && s.total_nodes() >= s.limits.soft_nodes) return true;
  if (!s.budget.limited() || s.pondering.load(std::memory_order_relaxed)) return false;
  if (root_moves_.size() == 1 && depth >= 4) return true;  // a forced move: play it
  const bool dropped = previous != -kInfinite && score < previous - 30;
  return s.elapsed() >= scaled_optimum(s.budget, best_changes, dropped);
}

void Worker::run() noexcept {
  if (root_moves_.empty()) return;
  const int lines = std::min<int>(shared_->multipv, static_cast<int>(root_moves_.size()));
  Value previous_best = -kInfinite;
  int best_changes = 0;
  Move last_best = root_moves_[0].move;
  for (int depth = 1 + (id_ & 1); depth <= shared_->max_depth && depth < kMaxPly - 1; ++depth) {
    root_depth_ = depth;
    for (RootMove& rm : root_moves_) rm.previous_score = rm.score;
    for (pv_index_ = 0; pv_index_ < lines; ++pv_index_) {
      seldepth_ = 0;
      const Value prev = root_moves_[static_cast<std::size_t>(pv_index_)].previous_score;
      Value delta = 18;
      Value alpha = -kInfinite;
      Value beta = kInfinite;
      if (depth >= 5 && prev != -kInfinite && !is_mate_score(prev)) {
        alpha = std::max(prev - delta, -kInfinite);
        beta = std::min(prev + delta, kInfinite);
      }
      while (true) {
        const Value v = search(alpha, beta, depth, 0, false);
        std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (shared_->stop.load(std::memory_order_relaxed)) break;
        if (v <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(v - delta, -kInfinite);
        } else if (v >= beta) {
          beta = std::min(v + delta, kInfinite);
        } else {
          break;
        }
        delta += delta / 2 + 5;
      }
      std::stable_sort(root_moves_.begin(), root_moves_.begin() + pv_index_ + 1,
                       [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
      if (shared_->stop.load(std::memory_order_relaxed)) break;
    }
    const bool stopped = shared_->stop.load(std::memory_order_relaxed);
    if (stopped && depth > 1) {
      // A partial iteration keeps the previous best unless a new move proved better.
      if (root_moves_[0].score == -kInfinite) {
        for (RootMove& rm : root_moves_) rm.score = rm.previous_score;
        std::stable_sort(root_moves_.begin(), root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
      }
      break;
    }
    completed_depth_ = depth;
    if (id_ != 0) continue;
    report(depth);
    if (root_moves_[0].move != last_best)
      ++best_changes;
    else if (depth % 2 == 0 && best_changes > 0)
      --best_changes;
    last_best = root_moves_[0].move;
    if (stopped || iteration_should_stop(depth, best_changes, previous_best)) break;
    previous_best = root_moves_[0].score;
  }
}

}  // namespace arbiter::engine
