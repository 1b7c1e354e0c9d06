// Invalid external input never crashes, hangs or yields a wrong move: random texts and
// mutations of valid texts give either a legal move or one of the three move errors.
#include <random>

#include "arbiter/core/movegen.hpp"
#include "arbiter/notation/test_support.hpp"

namespace arbiter::notation {
namespace {

// Pieces of move texts, including multi-byte letters, cut UTF-8 and control bytes.
const std::vector<std::string> kAlphabet = {"a",    "b",
                                            "c",    "d",
                                            "e",    "f",
                                            "g",    "h",
                                            "1",    "2",
                                            "3",    "4",
                                            "5",    "8",
                                            "9",    "0",
                                            "x",    "X",
                                            "-",    "=",
                                            "+",    "#",
                                            "!",    "?",
                                            ".",    " ",
                                            "(",    ")",
                                            ":",    "/",
                                            "O",    "o",
                                            "K",    "Q",
                                            "R",    "B",
                                            "N",    "P",
                                            "D",    "T",
                                            "L",    "S",
                                            "C",    "F",
                                            "A",    "Кр",
                                            "К",    "Ф",
                                            "Л",    "С",
                                            "П",    "♔",
                                            "♘",    "е",
                                            "р",    "в.п.",
                                            "e.p.", "–",
                                            "\xD0", "\xE2\x99",
                                            "\x80", std::string(1, '\0'),
                                            "\t"};

void expect_sane(const core::Position& pos, const std::string& text, const ParseOptions& o) {
  const auto m = parse_move(pos, text, o);
  if (m) {
    EXPECT_TRUE(core::legal_moves(pos).contains(*m)) << text;
    return;
  }
  const ErrorCode c = m.error().code;
  EXPECT_TRUE(c == ErrorCode::kMoveSyntax || c == ErrorCode::kMoveIllegal ||
              c == ErrorCode::kMoveAmbiguous)
      << text << ": " << m.error().describe();
  EXPECT_FALSE(m.error().message.empty()) << text;
}

TEST(GarbageInput, RandomTextsGiveALegalMoveOrAnError) {
  std::mt19937 rng(20261121);
  const core::Position positions[] = {
      core::Position::startpos(),
      test::position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
      test::position("4k3/P7/8/3pP3/8/8/8/R3K2R w KQ d6 0 1"),
  };
  ParseOptions strict;
  strict.strict = true;
  for (const auto& pos : positions) {
    for (int i = 0; i < 20000; ++i) {
      std::string text;
      const int len = static_cast<int>(rng() % 9);
      for (int k = 0; k < len; ++k) text += kAlphabet[rng() % kAlphabet.size()];
      expect_sane(pos, text, {});
      expect_sane(pos, text, strict);
    }
  }
}

TEST(GarbageInput, MutatedValidTextsGiveALegalMoveOrAnError) {
  std::mt19937 rng(7);
  const auto pos =
      test::position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const Style styles[] = {Style::pgn(), Style::fide(Language::Russian, true),
                          Style::of(MoveForm::OldRussian), Style::of(MoveForm::Iccf)};
  for (const Style& style : styles) {
    for (core::Move m : core::legal_moves(pos)) {
      const std::string text = san(pos, m, style);
      for (int i = 0; i < 50; ++i) {
        std::string t = text;
        const std::size_t at = rng() % (t.size() + 1);
        switch (rng() % 3) {
          case 0: t.insert(at, kAlphabet[rng() % kAlphabet.size()]); break;
          case 1:
            if (at < t.size()) t.erase(at, 1);
            break;
          default:
            if (at < t.size()) t[at] = kAlphabet[rng() % kAlphabet.size()][0];
            break;
        }
        expect_sane(pos, t, {});
      }
    }
  }
}

}  // namespace
}  // namespace arbiter::notation
