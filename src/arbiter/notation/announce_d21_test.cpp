// Appendix D.2.1 announcements in the FIDE German style, English and Russian.
#include "arbiter/core/fen.hpp"
#include "arbiter/notation/test_support.hpp"

namespace arbiter::notation {
namespace {

using test::position;
using test::uci;

std::string say(std::string_view fen, std::string_view move, AnnounceStyle style,
                bool chess960 = false) {
  const core::Position pos = position(fen, chess960);
  return announce(pos, uci(pos, move), style);
}

constexpr std::string_view kCastling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
constexpr std::string_view kEnPassant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
constexpr std::string_view kPromotion = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";

TEST(Announce, FideGermanNamesFilesRanksAndPieces) {
  // D.2.1: Anna ... Hektor, eins ... acht, German piece names.
  EXPECT_EQ(say(core::kStartFen, "g1f3", AnnounceStyle::FideGerman),
            "Springer Gustav eins Felix drei");
  EXPECT_EQ(say(core::kStartFen, "e2e4", AnnounceStyle::FideGerman), "Bauer Eva zwei Eva vier");
  EXPECT_EQ(say("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "c1h6", AnnounceStyle::FideGerman),
            "Läufer Cäsar eins Hektor sechs");
}

TEST(Announce, FideGermanCastling) {
  EXPECT_EQ(say(kCastling, "e1g1", AnnounceStyle::FideGerman), "Kurze Rochade");
  EXPECT_EQ(say(kCastling, "e1c1", AnnounceStyle::FideGerman), "Lange Rochade");
  EXPECT_EQ(say("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", AnnounceStyle::FideGerman),
            "Lange Rochade Schach");
  // Chess960 castling is announced the same way (Guideline II.3.2).
  EXPECT_EQ(say("6k1/8/8/8/8/8/8/RK5R w KQ - 0 1", "b1h1", AnnounceStyle::FideGerman, true),
            "Kurze Rochade");
}

TEST(Announce, FideGermanNamesThePromotionPiece) {
  EXPECT_EQ(say(kPromotion, "a7a8q", AnnounceStyle::FideGerman),
            "Bauer Anna sieben Anna acht Umwandlung in Dame");
  EXPECT_EQ(say(kPromotion, "a7b8n", AnnounceStyle::FideGerman),
            "Bauer Anna sieben schlägt Bella acht Umwandlung in Springer");
}

TEST(Announce, FideGermanEnPassantCaptureAndMate) {
  EXPECT_EQ(say(kEnPassant, "e5d6", AnnounceStyle::FideGerman),
            "Bauer Eva fünf schlägt David sechs en passant");
  EXPECT_EQ(say("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4",
                AnnounceStyle::FideGerman),
            "Dame David acht Hektor vier Schachmatt");
}

TEST(Announce, EnglishStyle) {
  EXPECT_EQ(say(core::kStartFen, "g1f3", AnnounceStyle::English), "Knight g1 to f3");
  EXPECT_EQ(say(kCastling, "e1g1", AnnounceStyle::English), "castles kingside");
  EXPECT_EQ(say(kCastling, "e1c1", AnnounceStyle::English), "castles queenside");
  EXPECT_EQ(say(kPromotion, "a7a8q", AnnounceStyle::English), "Pawn a7 to a8 promotes to queen");
  EXPECT_EQ(say(kEnPassant, "e5d6", AnnounceStyle::English), "Pawn e5 takes d6 en passant");
}

TEST(Announce, RussianStyle) {
  EXPECT_EQ(say(core::kStartFen, "g1f3", AnnounceStyle::Russian), "Конь g1 на f3");
  EXPECT_EQ(say(kCastling, "e1g1", AnnounceStyle::Russian), "короткая рокировка");
  EXPECT_EQ(say(kCastling, "e1c1", AnnounceStyle::Russian), "длинная рокировка");
  EXPECT_EQ(say(kPromotion, "a7b8r", AnnounceStyle::Russian),
            "Пешка a7 берёт b8 превращается в ладью шах");
  EXPECT_EQ(say(kEnPassant, "e5d6", AnnounceStyle::Russian), "Пешка e5 берёт d6 на проходе");
}

}  // namespace
}  // namespace arbiter::notation
