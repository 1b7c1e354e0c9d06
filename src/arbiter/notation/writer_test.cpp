// san(): standard SAN and the FIDE variants of Appendix C, the long form, UCI, languages.
#include "arbiter/notation/test_support.hpp"

namespace arbiter::notation {
namespace {

using test::position;
using test::uci;

std::string write(std::string_view fen, std::string_view move, const Style& style = Style::pgn(),
                  bool chess960 = false) {
  const core::Position pos = position(fen, chess960);
  return san(pos, uci(pos, move), style);
}

constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// Knights on g1 and e1 (C.10.3.1), g5 and g1 (C.10.3.2), h2 and d4 (C.10.3.3).
constexpr std::string_view kKnightsFile = "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1";
constexpr std::string_view kKnightsRank = "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1";
constexpr std::string_view kKnightsBoth = "4k3/8/8/8/3N4/8/7N/4K3 w - - 0 1";

TEST(SanWriter, WritesPieceAndPawnMoves) {
  EXPECT_EQ(write(kStart, "g1f3"), "Nf3");  // C.8
  EXPECT_EQ(write(kStart, "e2e4"), "e4");
  EXPECT_EQ(write("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");  // C.9.3
}

TEST(SanWriter, DisambiguatesByFileThenRankThenBoth) {
  EXPECT_EQ(write(kKnightsFile, "g1f3"), "Ngf3");  // C.10.3.1
  EXPECT_EQ(write(kKnightsFile, "e1f3"), "Nef3");
  EXPECT_EQ(write(kKnightsRank, "g5f3"), "N5f3");  // C.10.3.2
  EXPECT_EQ(write(kKnightsRank, "g1f3"), "N1f3");
  EXPECT_EQ(write(kKnightsBoth, "h2f3"), "Nhf3");  // C.10.3.3
  EXPECT_EQ(write(kKnightsBoth, "d4f3"), "Ndf3");
  // Three queens: a file and a rank are shared, so the full square is needed.
  EXPECT_EQ(write("8/2K5/k7/8/1Q5Q/8/8/7Q w - - 0 1", "h4e1"), "Qh4e1");
  EXPECT_EQ(write("8/2K5/k7/8/1Q5Q/8/8/7Q w - - 0 1", "b4e1"), "Qbe1");
  EXPECT_EQ(write("8/2K5/k7/8/1Q5Q/8/8/7Q w - - 0 1", "h1e1"), "Q1e1");
}

TEST(SanWriter, IgnoresPinnedPiecesWhenDisambiguating) {
  // The knight on e2 is pinned by the rook on e8: Nc3 needs no disambiguation.
  EXPECT_EQ(write("4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3"), "Nc3");
}

TEST(SanWriter, WritesCastlingCheckMateAndPromotion) {
  EXPECT_EQ(write("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
  EXPECT_EQ(write("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
  EXPECT_EQ(write("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"), "O-O-O+");
  EXPECT_EQ(write("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"), "Qh4#");
  EXPECT_EQ(write("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), "a8=Q+");
  EXPECT_EQ(write("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8n"), "axb8=N");
}

TEST(SanWriter, WritesChess960CastlingAsOO) {
  // King b1, rooks a1 and h1 (X-FEN): both castlings exist (Guideline II.3.2).
  const std::string_view fen = "6k1/8/8/8/8/8/8/RK5R w KQ - 0 1";
  EXPECT_EQ(write(fen, "b1a1", Style::pgn(), true), "O-O-O");
  EXPECT_EQ(write(fen, "b1h1", Style::pgn(), true), "O-O");
}

TEST(SanWriter, WritesFideVariantsOfAppendixC) {
  const Style fide = Style::fide(Language::English);
  EXPECT_EQ(write("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", fide), "0-0");  // C.13
  EXPECT_EQ(write("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", fide), "0-0-0");
  EXPECT_EQ(write("7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7d8q", fide), "d8Q+");         // C.11
  EXPECT_EQ(write("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", fide), "exd6 e.p.");  // C.9.3
  Style no_capture = fide;
  no_capture.capture_sign = false;  // C.9: "may be inserted"
  EXPECT_EQ(write("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", no_capture), "ed5");
  EXPECT_EQ(write("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", no_capture), "Qd5");
  Style double_plus = fide;
  double_plus.mate_double_plus = true;  // C.13: "++ or #"
  EXPECT_EQ(
      write("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", double_plus),
      "Qh4++");
}

TEST(SanWriter, WritesTheLongForm) {
  const Style fide_long = Style::fide(Language::English, true);  // C.8, C.13 example
  EXPECT_EQ(write(kStart, "g1f3", fide_long), "Ng1f3");
  EXPECT_EQ(write(kStart, "e2e4", fide_long), "e2e4");
  EXPECT_EQ(write("4k3/8/8/4p3/3P4/8/8/4K3 b - - 0 1", "e5d4", fide_long), "e5xd4");
  EXPECT_EQ(write("4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1", "d1d4", fide_long), "Qd1xd4");
  Style hyphen = fide_long;
  hyphen.long_hyphen = true;
  EXPECT_EQ(write(kStart, "g1f3", hyphen), "Ng1-f3");
  EXPECT_EQ(write("4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1", "d1d4", hyphen), "Qd1xd4");
}

TEST(SanWriter, WritesUci) {
  const Style uci_style = Style::of(MoveForm::Uci);
  EXPECT_EQ(write("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", uci_style), "e1g1");
  EXPECT_EQ(write("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", uci_style), "a7a8n");
  EXPECT_EQ(write("6k1/8/8/8/8/8/8/RK5R w KQ - 0 1", "b1h1", uci_style, true), "b1h1");
}

TEST(SanWriter, WritesPieceLettersByLanguage) {
  struct Case {
    Language lang;
    const char* knight;
    const char* king_capture;
    const char* promotion;
  };
  // C.3: national abbreviations; the squares stay Latin.
  const Case cases[] = {
      {Language::English, "Nf3", "Kxd2", "a8=Q+"}, {Language::Russian, "Кf3", "Крxd2", "a8=Ф+"},
      {Language::German, "Sf3", "Kxd2", "a8=D+"},  {Language::French, "Cf3", "Rxd2", "a8=D+"},
      {Language::Dutch, "Pf3", "Kxd2", "a8=D+"},   {Language::Spanish, "Cf3", "Rxd2", "a8=D+"},
      {Language::Italian, "Cf3", "Rxd2", "a8=D+"}, {Language::Figurine, "♘f3", "♔xd2", "a8=♕+"},
  };
  const std::string_view fen = "4k3/P7/8/8/8/8/3n4/4K1N1 w - - 0 1";
  for (const Case& c : cases) {
    Style style = Style::pgn();
    style.language = c.lang;
    EXPECT_EQ(write(fen, "g1f3", style), c.knight) << language_code(c.lang);
    EXPECT_EQ(write(fen, "e1d2", style), c.king_capture) << language_code(c.lang);
    EXPECT_EQ(write(fen, "a7a8q", style), c.promotion) << language_code(c.lang);
  }
  Style colon = Style::pgn();
  colon.language = Language::Russian;
  colon.colon_capture = true;
  EXPECT_EQ(write(fen, "e1d2", colon), "Кр:d2");
}

TEST(Languages, ParsesAndPrintsCodes) {
  for (std::string_view code : {"en", "ru", "de", "fr", "nl", "es", "it", "figurine"}) {
    auto lang = parse_language(code);
    ASSERT_TRUE(lang.has_value()) << code;
    EXPECT_EQ(language_code(*lang), code);
  }
  auto bad = parse_language("xx");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, ErrorCode::kInvalidArgument);
  EXPECT_EQ(piece_letter(core::PieceType::Pawn, Language::English), "");
}

TEST(Styles, ParsesCliNames) {
  EXPECT_EQ(parse_style("san")->form, MoveForm::San);
  EXPECT_EQ(parse_style("fide")->castling_zeros, true);
  EXPECT_EQ(parse_style("long")->form, MoveForm::Long);
  EXPECT_EQ(parse_style("uci")->form, MoveForm::Uci);
  EXPECT_EQ(parse_style("iccf")->form, MoveForm::Iccf);
  EXPECT_EQ(parse_style("old-russian", Language::German)->form, MoveForm::OldRussian);
  EXPECT_EQ(parse_style("long", Language::German)->language, Language::German);
  EXPECT_FALSE(parse_style("short").has_value());
}

}  // namespace
}  // namespace arbiter::notation
