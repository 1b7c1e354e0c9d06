#include "arbiter/analysis/annotate.hpp"

#include <algorithm>
#include <memory>

#include <fmt/core.h>

#include "arbiter/notation/notation.hpp"

namespace arbiter::analysis {

namespace {

// PGN's [%eval]: centipawns or moves to mate with White's sign.
pgn::Eval pgn_eval(const Evaluation& e) {
  pgn::Eval out;
  out.mate = e.is_mate();
  out.value = e.is_mate() ? e.signed_mate() : e.value;
  return out;
}

// The NAGs of move assessment, 1-6 (PGN standard 10: ! ? !! ?? !? ?!), which a judgement
// replaces: a move is not both "!" and "??".
bool is_move_assessment(std::uint8_t nag) { return nag >= 1 && nag <= 6; }

// The engine's line as a chain of nodes, or null if a move does not parse (it cannot, for
// an analysis of this game, but the game tree takes nothing on trust).
std::unique_ptr<pgn::Node> line_nodes(core::Position pos, const std::vector<std::string>& line) {
  std::unique_ptr<pgn::Node> head;
  pgn::Node* tail = nullptr;
  for (const std::string& san : line) {
    auto m = notation::parse_move(pos, san);
    if (!m) return nullptr;
    if (tail == nullptr) {
      head = std::make_unique<pgn::Node>();
      head->move = *m;
      tail = head.get();
    } else {
      tail = &tail->add_child(*m);
    }
    core::Undo undo;
    pos.do_move(*m, undo);
  }
  return head;
}

std::string count(int n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string side_summary(std::string_view name, const SideSummary& s) {
  std::string out = fmt::format("{}: ", name);
  if (s.accuracy) out += fmt::format("accuracy {:.1f}%, ", *s.accuracy);
  out += fmt::format("{}, {}, {}", count(s.inaccuracies, "inaccuracy", "inaccuracies"),
                     count(s.mistakes, "mistake", "mistakes"),
                     count(s.blunders, "blunder", "blunders"));
  if (s.average_centipawn_loss)
    out += fmt::format(", average centipawn loss {}", *s.average_centipawn_loss);
  return out + ".";
}

}  // namespace

Result<pgn::Game> annotate(const pgn::Game& game, const GameAnalysis& analysis,
                           const AnnotateOptions& options) {
  if (!(game.start == analysis.start) || game.start.is_chess960() != analysis.start.is_chess960())
    return make_error(ErrorCode::kInvalidArgument,
                      "the game does not start from the analysed position",
                      Location{0, 0, "start"});
  pgn::Game out = game;
  core::Position pos = out.start;
  pgn::Node* parent = &out.root;
  for (std::size_t i = 0; i < analysis.plies.size(); ++i) {
    const PlyAnalysis& ply = analysis.plies[i];
    pgn::Node* node = parent->main_child();
    const std::string where = "ply " + std::to_string(i + 1);
    if (node == nullptr)
      return make_error(ErrorCode::kInvalidArgument,
                        fmt::format("the game ends before {} ({})", where, ply.move),
                        Location{0, 0, where});
    const bool playable = node->move != core::Move::null() && pos.is_legal(node->move);
    if (!playable || notation::san(pos, node->move) != ply.move)
      return make_error(ErrorCode::kInvalidArgument,
                        fmt::format("{}: the game's move is not the analysed {}", where, ply.move),
                        Location{0, 0, where});

    node->annotations.eval = pgn_eval(ply.eval);
    if (ply.judgement != Judgement::None) {
      std::erase_if(node->nags, is_move_assessment);
      node->nags.insert(node->nags.begin(), nag_of(ply.judgement));
      const core::Color mover = pos.side_to_move();
      const Evaluation& before = analysis.eval_before(i + 1);
      std::string text = fmt::format("({} -> {}) {}.", describe(before), describe(ply.eval),
                                     judgement_reason(before, ply.eval, mover));
      const bool other_best = !ply.best_line.empty() && ply.best_line.front() != ply.move;
      if (other_best) text += fmt::format(" {} was best.", ply.best_line.front());
      node->comment = node->comment.empty() ? text : text + " " + node->comment;
      if (options.variations && other_best) {
        if (auto variation = line_nodes(pos, ply.best_line)) {
          // lichess puts the engine's line before the game's own variations.
          variation->sibling = std::move(node->sibling);
          node->sibling = std::move(variation);
        }
      }
    }
    core::Undo undo;
    pos.do_move(node->move, undo);
    parent = node;
  }
  if (parent->main_child() != nullptr)
    return make_error(
        ErrorCode::kInvalidArgument,
        fmt::format("the game goes on after the {} analysed plies", analysis.plies.size()),
        Location{0, 0, "ply " + std::to_string(analysis.plies.size() + 1)});

  if (options.summary) {
    out.tags.set("Annotator", "Arbiter");
    if (analysis.white.accuracy)
      out.tags.set("WhiteAccuracy", fmt::format("{:.1f}", *analysis.white.accuracy));
    if (analysis.black.accuracy)
      out.tags.set("BlackAccuracy", fmt::format("{:.1f}", *analysis.black.accuracy));
    std::string text =
        fmt::format("Arbiter analysis, {} nodes a position. {} {}", analysis.nodes,
                    side_summary("White", analysis.white), side_summary("Black", analysis.black));
    out.root.comment = out.root.comment.empty() ? text : text + " " + out.root.comment;
  }
  return out;
}

}  // namespace arbiter::analysis
