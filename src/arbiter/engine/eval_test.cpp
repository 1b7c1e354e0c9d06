#include "arbiter/engine/eval.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "arbiter/engine/eval_params.hpp"
#include "arbiter/engine/pst.hpp"

namespace arbiter::engine {
namespace {

using core::Color;
using core::PieceType;
using core::Position;

Position fen(const std::string& text) {
  auto p = Position::from_fen(text);
  EXPECT_TRUE(p.has_value()) << text;
  return p ? *p : Position::startpos();
}

// The same position with colours exchanged and the board mirrored top to bottom.
std::string mirror_fen(const std::string& text) {
  std::istringstream in(text);
  std::string board, side, castling, ep, half = "0", full = "1";
  in >> board >> side >> castling >> ep >> half >> full;
  std::vector<std::string> ranks;
  std::stringstream bs(board);
  std::string r;
  while (std::getline(bs, r, '/')) ranks.push_back(r);
  std::reverse(ranks.begin(), ranks.end());
  std::string out;
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    if (i) out += '/';
    for (char c : ranks[i])
      out += std::isalpha(static_cast<unsigned char>(c))
                 ? static_cast<char>(std::islower(static_cast<unsigned char>(c)) ? std::toupper(c)
                                                                                 : std::tolower(c))
                 : c;
  }
  std::string cast;
  for (char c : castling)
    cast += c == '-'
                ? c
                : static_cast<char>(std::islower(static_cast<unsigned char>(c)) ? std::toupper(c)
                                                                                : std::tolower(c));
  std::sort(cast.begin(), cast.end());  // uppercase before lowercase
  if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';
  return out + (side == "w" ? " b " : " w ") + cast + " " + ep + " " + half + " " + full;
}

TEST(Evaluate, StartPositionIsJustTheTempo) {
  PawnTable pawns;
  EXPECT_EQ(evaluate(Position::startpos(), pawns), params::kTempo);
}

TEST(Evaluate, IsSymmetricUnderColourMirroring) {
  PawnTable pawns;
  for (const char* f : {"r3k2r/2pb1ppp/2pp1q2/p7/1nP1B3/1P2P3/P2N1PPP/R2QK2R w KQkq a6 0 14",
                        "4rrk1/2p1b1p1/p1p3q1/4p3/2P2n1p/1P1NR2P/PB3PP1/3R1QK1 b - - 2 24",
                        "8/8/1p2k1p1/3p3p/1p1P1P1P/1P2PK2/8/8 w - - 3 54",
                        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}) {
    const Position a = fen(f);
    const Position b = fen(mirror_fen(f));
    EXPECT_EQ(evaluate(a, pawns), evaluate(b, pawns)) << f;
  }
}

TEST(Evaluate, ExtraQueenIsWorthAboutAQueen) {
  PawnTable pawns;
  const Value v = evaluate(fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), pawns);
  EXPECT_GT(v, 800);
  EXPECT_LT(v, 1300);
}

TEST(Evaluate, InsufficientMaterialIsAnExactDraw) {
  PawnTable pawns;
  EXPECT_TRUE(is_insufficient_material(fen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")));
  EXPECT_TRUE(is_insufficient_material(fen("8/8/4k3/8/8/3BK3/8/8 b - - 0 1")));
  EXPECT_FALSE(is_insufficient_material(fen("8/8/4k3/8/8/3RK3/8/8 b - - 0 1")));
  EXPECT_EQ(evaluate(fen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"), pawns), 0);
}

TEST(Evaluate, ScalesDrawishEndgames) {
  // Two knights cannot force mate; a rook against a bishop is mostly drawn.
  EXPECT_EQ(endgame_scale(fen("8/8/4k3/8/8/2NNK3/8/8 w - - 0 1"), Color::White), 0);
  EXPECT_LT(endgame_scale(fen("8/8/4k3/4b3/8/3RK3/8/8 w - - 0 1"), Color::White), 64);
  EXPECT_EQ(endgame_scale(fen("8/8/4k3/8/8/3RK3/8/8 w - - 0 1"), Color::White), 64);
  // Opposite-coloured bishops with pawns.
  EXPECT_LT(endgame_scale(fen("8/5p2/4k3/3b4/8/2B1K3/5PP1/8 w - - 0 1"), Color::White), 64);
  EXPECT_EQ(endgame_scale(fen("8/5p2/4kb2/8/8/2B1K3/5PP1/8 w - - 0 1"), Color::White), 64);
  PawnTable pawns;
  EXPECT_LT(std::abs(evaluate(fen("8/8/4k3/8/8/2NNK3/8/8 w - - 0 1"), pawns)), 100);
}

TEST(Evaluate, PawnStructureTerms) {
  PawnEntry healthy, doubled, isolated;
  evaluate_pawns(fen("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1"), healthy);
  evaluate_pawns(fen("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1"), doubled);
  evaluate_pawns(fen("4k3/8/8/8/8/8/2P1P3/4K3 w - - 0 1"), isolated);
  EXPECT_GT(healthy.score.eg, doubled.score.eg);
  EXPECT_GT(healthy.score.eg, isolated.score.eg);
  // Passed pawns are found, and are worth more the further they are (counting the
  // king-dependent terms, which carry much of the value of an advanced passer).
  PawnEntry far;
  evaluate_pawns(fen("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1"), far);
  EXPECT_EQ(far.passed[0], core::bb(core::Square::B6));
  PawnTable table;
  EXPECT_GT(evaluate(fen("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1"), table),
            evaluate(fen("4k3/8/8/8/8/1P6/8/4K3 w - - 0 1"), table));
  PawnEntry blocked;
  evaluate_pawns(fen("4k3/1p6/8/8/8/1P6/8/4K3 w - - 0 1"), blocked);
  EXPECT_EQ(blocked.passed[0], 0u);
}

TEST(Evaluate, PawnTableReturnsTheComputedEntry) {
  PawnTable table(64);
  const Position p = fen("r3k2r/2pb1ppp/2pp1q2/p7/1nP1B3/1P2P3/P2N1PPP/R2QK2R w KQkq a6 0 14");
  PawnEntry direct;
  evaluate_pawns(p, direct);
  const PawnEntry& cached = table.probe(p);
  EXPECT_EQ(cached.score, direct.score);
  EXPECT_EQ(&table.probe(p), &cached);
}

TEST(Evaluate, RewardsBishopPairOpenFilesAndKingShelter) {
  PawnTable pawns;
  // Same material: two bishops against bishop and knight.
  EXPECT_GT(evaluate(fen("4k3/pppp4/8/8/8/8/PPPP4/2BBK3 w - - 0 1"), pawns),
            evaluate(fen("4k3/pppp4/8/8/8/8/PPPP4/2BNK3 w - - 0 1"), pawns));
  // A rook on the open e-file rather than the closed a-file.
  EXPECT_GT(evaluate(fen("1k6/pp3ppp/8/8/8/8/PP3PPP/4RK2 w - - 0 1"), pawns),
            evaluate(fen("1k6/pp3ppp/8/8/8/8/PP3PPP/R4K2 w - - 0 1"), pawns));
  // A castled king behind its pawns is safer than one whose shelter is gone.
  EXPECT_GT(evaluate(fen("r2q1rk1/ppp2ppp/8/8/8/8/PPP2PPP/R2Q1RK1 w - - 0 1"), pawns),
            evaluate(fen("r2q1rk1/ppp2ppp/8/8/8/8/PPPPP3/R2Q1RK1 w - - 0 1"), pawns) + 20);
}

TEST(Pst, KnightsPreferTheCentreAndKingsTheCornerInTheMiddlegame) {
  EXPECT_GT(pst_rule(PieceType::Knight, core::Square::E4).mg,
            pst_rule(PieceType::Knight, core::Square::A1).mg);
  EXPECT_GT(pst_rule(PieceType::King, core::Square::G1).mg,
            pst_rule(PieceType::King, core::Square::E3).mg);
  EXPECT_GT(pst_rule(PieceType::King, core::Square::E4).eg,
            pst_rule(PieceType::King, core::Square::H1).eg);
  EXPECT_EQ(pst(Color::Black, PieceType::Pawn, core::Square::E5),
            pst(Color::White, PieceType::Pawn, core::Square::E4));
}

}  // namespace
}  // namespace arbiter::engine
