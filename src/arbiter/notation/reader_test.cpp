// parse_move(): every written form, decorations, the three error kinds, strict mode and
// the reading of letters that mean different pieces in different languages.
#include "arbiter/notation/test_support.hpp"

namespace arbiter::notation {
namespace {

using test::parsed;
using test::position;

const core::Position kStart = core::Position::startpos();

ParseOptions in(Language lang, bool strict = false) {
  ParseOptions o;
  o.style.language = lang;
  o.strict = strict;
  return o;
}

Error error_of(const core::Position& pos, std::string_view text, const ParseOptions& o = {}) {
  auto m = parse_move(pos, text, o);
  EXPECT_FALSE(m.has_value()) << text << " parsed as " << (m ? core::to_uci(pos, *m) : "");
  return m ? Error{} : m.error();
}

TEST(MoveReader, ReadsStandardSanAndUci) {
  EXPECT_EQ(parsed(kStart, "e4"), "e2e4");
  EXPECT_EQ(parsed(kStart, "Nf3"), "g1f3");
  EXPECT_EQ(parsed(kStart, "g1f3"), "g1f3");
  EXPECT_EQ(parsed(kStart, "b1c3"), "b1c3");  // UCI: this lowercase b is a file
  EXPECT_EQ(parsed(kStart, "  Nc3  "), "b1c3");
}

TEST(MoveReader, ReadsLongFormsWithAnyDashAndCaptureSign) {
  EXPECT_EQ(parsed(kStart, "Ng1f3"), "g1f3");  // C.8
  EXPECT_EQ(parsed(kStart, "Ng1-f3"), "g1f3");
  EXPECT_EQ(parsed(kStart, "e2-e4"), "e2e4");
  EXPECT_EQ(parsed(kStart, "e2–e4"), "e2e4");  // en dash
  EXPECT_EQ(parsed(kStart, "e2—e4"), "e2e4");  // em dash
  const auto pos = position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(parsed(pos, "e4xd5"), "e4d5");
  EXPECT_EQ(parsed(pos, "exd5"), "e4d5");
  EXPECT_EQ(parsed(pos, "ed5"), "e4d5");  // C.9: the capture sign is optional
  EXPECT_EQ(parsed(pos, "e:d5"), "e4d5");
  EXPECT_EQ(parsed(pos, "e×d5"), "e4d5");
}

TEST(MoveReader, ReadsCastlingInEveryWay) {
  const auto pos = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  for (std::string_view s : {"O-O", "0-0", "O–O", "0—0", "OO", "o-o", "O-O+", "0-0!"})
    EXPECT_EQ(parsed(pos, s), "e1g1") << s;
  for (std::string_view s : {"O-O-O", "0-0-0", "0–0–0", "OOO"}) EXPECT_EQ(parsed(pos, s), "e1c1");
  EXPECT_EQ(parsed(pos, "e1g1"), "e1g1");   // UCI
  EXPECT_EQ(parsed(pos, "Ke1g1"), "e1g1");  // the king's move with both squares
  EXPECT_EQ(parsed(pos, "e1h1"), "e1g1");   // king takes rook (UCI_Chess960 habit)
}

TEST(MoveReader, ReadsChess960Castling) {
  const auto pos = position("6k1/8/8/8/8/8/8/RK5R w KQ - 0 1", true);
  EXPECT_EQ(parsed(pos, "O-O"), "b1h1");
  EXPECT_EQ(parsed(pos, "O-O-O"), "b1a1");
  EXPECT_EQ(parsed(pos, "b1h1"), "b1h1");
}

TEST(MoveReader, ReadsEnPassantMarksAndAnnotations) {
  const auto pos = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  for (std::string_view s : {"exd6", "exd6 e.p.", "exd6e.p.", "exd6 ep", "e5xd6 e.p.", "ed6",
                             "exd6 е.р.", "exd6 в.п.", "exd6!?", "exd6 e.p.+"})
    EXPECT_EQ(parsed(pos, s), "e5d6") << s;
  const auto mate = position("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
  for (std::string_view s :
       {"Qh4#", "Qh4++", "Qh4+", "Qh4!!", "Qh4??", "Qh4?!", "Qh4‼", "Qh4 (=)", "Qh4 ="})
    EXPECT_EQ(parsed(mate, s), "d8h4") << s;
}

TEST(MoveReader, ReadsPromotions) {
  const auto pos = position("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(parsed(pos, "a8=Q"), "a7a8q");
  EXPECT_EQ(parsed(pos, "a8Q"), "a7a8q");  // C.11
  EXPECT_EQ(parsed(pos, "a8(Q)"), "a7a8q");
  EXPECT_EQ(parsed(pos, "a8/Q"), "a7a8q");
  EXPECT_EQ(parsed(pos, "axb8=N"), "a7b8n");
  EXPECT_EQ(parsed(pos, "a7a8r"), "a7a8r");
  EXPECT_EQ(parsed(pos, "a7a8b"), "a7a8b");  // a lowercase b after a square: the bishop
  EXPECT_EQ(parsed(pos, "a8=D", in(Language::German)), "a7a8q");
  EXPECT_EQ(parsed(pos, "a8=T"), "a7a8r");  // no English reading: German/French/... rook
  EXPECT_EQ(parsed(pos, "a8=♘"), "a7a8n");
  EXPECT_EQ(parsed(pos, "a8=Ф"), "a7a8q");
}

TEST(MoveReader, ReadsEveryLanguage) {
  EXPECT_EQ(parsed(kStart, "Sf3"), "g1f3");  // German
  EXPECT_EQ(parsed(kStart, "Cf3"), "g1f3");  // French, Spanish, Italian
  EXPECT_EQ(parsed(kStart, "Кf3"), "g1f3");  // Russian
  EXPECT_EQ(parsed(kStart, "♘f3"), "g1f3");  // figurine
  EXPECT_EQ(parsed(kStart, "♞f3"), "g1f3");  // a black figurine is read the same
  EXPECT_EQ(parsed(kStart, "Pf3", in(Language::Dutch)), "g1f3");
  const auto pos = position("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1");
  EXPECT_EQ(parsed(pos, "Крxd2"), "e1d2");
  EXPECT_EQ(parsed(pos, "Кр:d2"), "e1d2");
  EXPECT_EQ(parsed(pos, "Rxd2"), "e1d2");  // no white rook: only the French king fits
}

TEST(MoveReader, PrefersTheChosenLanguage) {
  // White has a king on e1 and a rook on a1: "Rd1" is a rook move in English and a king
  // move in French, Spanish and Italian.
  const auto pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  EXPECT_EQ(parsed(pos, "Rd1"), "a1d1");  // English is the default preference
  EXPECT_EQ(parsed(pos, "Rd1", in(Language::French)), "e1d1");
  EXPECT_EQ(parsed(pos, "Rd1", in(Language::Italian)), "e1d1");
  // Dutch 'P' is a knight, English 'P' a pawn.
  const auto pawn_or_knight = position("4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1");
  EXPECT_EQ(parsed(pawn_or_knight, "Pe3"), "e2e3");
  EXPECT_EQ(parsed(pawn_or_knight, "Pf3", in(Language::Dutch)), "g1f3");
}

TEST(MoveReader, FallsBackToTheOnlyOtherReadingThatFits) {
  // No white rook: only the French/Spanish/Italian reading (king) fits.
  const auto pos = position("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1");
  EXPECT_EQ(parsed(pos, "Rxd2"), "e1d2");
  // Preference Dutch, but no Dutch knight move to e3: the English pawn reading fits.
  const auto pk = position("4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1");
  EXPECT_EQ(parsed(pk, "Pe3", in(Language::Dutch)), "e2e3");
}

TEST(MoveReader, ReportsReadingsInOtherLanguagesThatBothFit) {
  // German has no 'R': the English rook and the French king can both go to d1.
  const auto pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  const Error e = error_of(pos, "Rd1", in(Language::German));
  EXPECT_EQ(e.code, ErrorCode::kMoveAmbiguous);
  EXPECT_NE(e.message.find("as a rook (en): Rd1"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("as a king (fr, es, it): Kd1"), std::string::npos) << e.message;
  // German 'P' is no piece either; the English pawn and the Dutch knight both fit.
  const auto pk = position("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
  EXPECT_EQ(parsed(pk, "Pf3", in(Language::German)), "g1f3");  // no pawn: only the knight
  const auto both = position("4k3/8/8/8/8/8/5P2/4K1N1 w - - 0 1");
  EXPECT_EQ(error_of(both, "Pf3", in(Language::German)).code, ErrorCode::kMoveAmbiguous);
}

TEST(MoveReader, LowercaseBIsAFileUnlessNoPawnCanMove) {
  // Both b-pawn and bishop could capture on c3: SAN is case sensitive, so the pawn.
  const auto both = position("4k3/8/8/B7/8/2n5/1P6/4K3 w - - 0 1");
  EXPECT_EQ(parsed(both, "bxc3"), "b2c3");
  EXPECT_EQ(parsed(both, "Bxc3"), "a5c3");
  // No pawn on the b-file: a sloppy lowercase bishop letter.
  const auto bishop_only = position("4k3/8/8/B7/8/2n5/8/4K3 w - - 0 1");
  EXPECT_EQ(parsed(bishop_only, "bxc3"), "a5c3");
  EXPECT_EQ(parsed(bishop_only, "bc3"), "a5c3");
  // "b4" is always a pawn move (there is no file letter to read as a bishop).
  EXPECT_EQ(error_of(bishop_only, "b4").code, ErrorCode::kMoveIllegal);
  // In strict mode a lowercase b is only ever a file.
  ParseOptions strict;
  strict.strict = true;
  EXPECT_FALSE(parse_move(bishop_only, "bxc3", strict).has_value());
}

TEST(MoveReader, ReadsLowercasePieceLettersLeniently) {
  EXPECT_EQ(parsed(kStart, "nf3"), "g1f3");
  ParseOptions strict;
  strict.strict = true;
  EXPECT_FALSE(parse_move(kStart, "nf3", strict).has_value());
}

TEST(MoveReader, SyntaxErrorsSayWhereTheTextBreaks) {
  Error e = error_of(kStart, "Nf");
  EXPECT_EQ(e.code, ErrorCode::kMoveSyntax);
  EXPECT_NE(e.message.find("destination"), std::string::npos) << e.message;
  EXPECT_EQ(e.where.column, 3);
  e = error_of(kStart, "Nz3");
  EXPECT_EQ(e.code, ErrorCode::kMoveSyntax);
  EXPECT_EQ(e.where.column, 2);
  EXPECT_NE(e.message.find("'z'"), std::string::npos) << e.message;
  e = error_of(kStart, "  Nz3");  // the location counts the leading blanks
  EXPECT_EQ(e.where.column, 4);
  e = error_of(kStart, "Кр:z3");  // columns count characters, not bytes
  EXPECT_EQ(e.where.column, 4);
  e = error_of(kStart, "e4junk");
  EXPECT_EQ(e.code, ErrorCode::kMoveSyntax);
  EXPECT_EQ(e.where.column, 3);
  EXPECT_EQ(error_of(kStart, "").code, ErrorCode::kMoveSyntax);
  EXPECT_EQ(error_of(kStart, "+").code, ErrorCode::kMoveSyntax);
  EXPECT_EQ(error_of(kStart, "O-O-O-O").code, ErrorCode::kMoveSyntax);
  EXPECT_EQ(error_of(kStart, "e9").code, ErrorCode::kMoveSyntax);
  EXPECT_EQ(error_of(kStart, "Vf8e7").code, ErrorCode::kMoveSyntax);  // Appendix C misprint
}

TEST(MoveReader, IllegalMovesNameTheRule) {
  struct Case {
    const char* fen;
    const char* text;
    const char* why;
  };
  const Case cases[] = {
      {"4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "Nf4", "no white knight can move to f4"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", "white has no knight"},
      {"4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", "pinned"},
      {"4k3/8/8/8/8/8/8/r3K1N1 w - - 0 1", "Nf3", "in check and this move does not parry it"},
      {"4k3/8/8/8/8/8/5r2/4K3 w - - 0 1", "Kf1", "king would be in check on f1"},
      {"4k3/8/8/8/8/8/8/4KBN1 w - - 0 1", "Nf1", "occupied by a white piece"},
      {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", "name it"},
      {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", "queen, rook, bishop or knight"},
      {"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "a3=Q", "only a pawn reaching the last rank"},
      {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", "no castling right"},
      {"4k3/8/8/8/8/8/8/4KN1R w K - 0 1", "O-O", "between the king and the rook, on f1"},
      {"4k3/8/8/8/8/8/8/r3K2R w K - 0 1", "O-O", "in check"},
      {"4k3/8/8/8/8/8/6r1/4K2R w K - 0 1", "0-0", "attacked square"},
      {"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5 e.p.", "not an en passant capture"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e2e4", "no piece on e2"},
      {"4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", "e7e5", "is not white's"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "--", "null move"},
      {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Kg1", "castling is written O-O"},
  };
  for (const Case& c : cases) {
    const Error e = error_of(position(c.fen), c.text);
    EXPECT_EQ(e.code, ErrorCode::kMoveIllegal) << c.text << ": " << e.message;
    EXPECT_NE(e.message.find(c.why), std::string::npos) << c.text << ": " << e.message;
  }
}

TEST(MoveReader, AmbiguousMovesAreRejectedWithTheCandidates) {
  const auto pos = position("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");  // knights b1 and f1
  const Error e = error_of(pos, "Nd2");
  EXPECT_EQ(e.code, ErrorCode::kMoveAmbiguous);
  EXPECT_NE(e.message.find("Nbd2"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("Nfd2"), std::string::npos) << e.message;
  EXPECT_EQ(parsed(pos, "Nbd2"), "b1d2");
  EXPECT_EQ(parsed(pos, "Nfd2"), "f1d2");
}

TEST(MoveReader, StrictModeAcceptsOnlyTheStyle) {
  const ParseOptions strict = in(Language::English, true);
  EXPECT_EQ(parsed(kStart, "Nf3", strict), "g1f3");
  EXPECT_EQ(parsed(kStart, "Nf3!?", strict), "g1f3");  // PGN suffix annotations are allowed
  for (std::string_view s : {"Ng1f3", "g1f3", "Sf3", "Nf3+", "N1f3", "Ngf3", "Ng1-f3"}) {
    const Error e = error_of(kStart, s, strict);
    EXPECT_EQ(e.code, ErrorCode::kMoveSyntax) << s << ": " << e.message;
  }
  EXPECT_NE(error_of(kStart, "Ng1f3", strict).message.find("expected 'Nf3'"), std::string::npos);
  ParseOptions german = in(Language::German, true);
  EXPECT_EQ(parsed(kStart, "Sf3", german), "g1f3");
  EXPECT_EQ(error_of(kStart, "Nf3", german).code, ErrorCode::kMoveSyntax);
  ParseOptions long_form;
  long_form.strict = true;
  long_form.style = Style::fide(Language::English, true);
  EXPECT_EQ(parsed(kStart, "Ng1f3", long_form), "g1f3");
  EXPECT_EQ(error_of(kStart, "Nf3", long_form).code, ErrorCode::kMoveSyntax);
  const auto castle = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(parsed(castle, "0-0", long_form), "e1g1");
  EXPECT_EQ(error_of(castle, "O-O", long_form).code, ErrorCode::kMoveSyntax);
}

}  // namespace
}  // namespace arbiter::notation
