// Appendix D.2.1: moves announced aloud for blind and visually impaired players.
//
// Every announcement names the piece, the square it leaves and the square it goes to (the
// opponent repeats the move on his own board, D.2.1, so nothing is left to deduce), then
// the capture, the promotion piece (D.2.1: "the player must announce which piece was
// chosen"), en passant, and check or mate.
#include <array>

#include "arbiter/core/movegen.hpp"
#include "arbiter/notation/detail.hpp"

namespace arbiter::notation {

using core::Move;
using core::PieceType;
using core::Square;

namespace {

struct Words {
  std::array<std::string_view, 6> pieces;    // pawn, knight, bishop, rook, queen, king
  std::array<std::string_view, 6> promoted;  // the piece after "promotes to"
  std::array<std::string_view, 8> files;     // a-h
  std::array<std::string_view, 8> ranks;     // 1-8
  std::string_view to;                       // between the squares of a quiet move
  std::string_view takes;                    // between the squares of a capture
  std::string_view promotes;                 // before the promotion piece
  std::string_view en_passant;
  std::string_view check;
  std::string_view mate;
  std::string_view short_castling;
  std::string_view long_castling;
};

// D.2.1: files Anna ... Hektor, ranks counted from White in German, castling and pieces
// by their German names.
constexpr Words kGerman = {
    {"Bauer", "Springer", "Läufer", "Turm", "Dame", "König"},
    {"Bauer", "Springer", "Läufer", "Turm", "Dame", "König"},
    {"Anna", "Bella", "Cäsar", "David", "Eva", "Felix", "Gustav", "Hektor"},
    {"eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"},
    "",
    "schlägt",
    "Umwandlung in",
    "en passant",
    "Schach",
    "Schachmatt",
    "Kurze Rochade",
    "Lange Rochade",
};

constexpr Words kEnglish = {
    {"Pawn", "Knight", "Bishop", "Rook", "Queen", "King"},
    {"pawn", "knight", "bishop", "rook", "queen", "king"},
    {"a", "b", "c", "d", "e", "f", "g", "h"},
    {"1", "2", "3", "4", "5", "6", "7", "8"},
    "to",
    "takes",
    "promotes to",
    "en passant",
    "check",
    "checkmate",
    "castles kingside",
    "castles queenside",
};

// Russian: the promoted piece in the accusative ("превращается в ферзя").
constexpr Words kRussian = {
    {"Пешка", "Конь", "Слон", "Ладья", "Ферзь", "Король"},
    {"пешку", "коня", "слона", "ладью", "ферзя", "короля"},
    {"a", "b", "c", "d", "e", "f", "g", "h"},
    {"1", "2", "3", "4", "5", "6", "7", "8"},
    "на",
    "берёт",
    "превращается в",
    "на проходе",
    "шах",
    "мат",
    "короткая рокировка",
    "длинная рокировка",
};

const Words& words_of(AnnounceStyle style) {
  switch (style) {
    case AnnounceStyle::FideGerman: return kGerman;
    case AnnounceStyle::English: return kEnglish;
    case AnnounceStyle::Russian: return kRussian;
  }
  return kEnglish;
}

void add(std::string& out, std::string_view word) {
  if (word.empty()) return;
  if (!out.empty()) out += ' ';
  out += word;
}

void add_square(std::string& out, const Words& w, Square s, bool spaced) {
  const std::string_view file = w.files[static_cast<std::size_t>(core::index(core::file_of(s)))];
  const std::string_view rank = w.ranks[static_cast<std::size_t>(core::index(core::rank_of(s)))];
  add(out, file);
  if (spaced) {
    add(out, rank);
  } else {
    out += rank;  // "e4" rather than "e 4"
  }
}

}  // namespace

std::string announce(const core::Position& pos, Move move, AnnounceStyle style) {
  ARB_ASSERT(pos.is_legal(move));
  const Words& w = words_of(style);
  const bool spaced = style == AnnounceStyle::FideGerman;
  std::string out;
  if (move.is_castling()) {
    add(out, detail::castling_side(move) == core::CastlingSide::King ? w.short_castling
                                                                     : w.long_castling);
  } else {
    add(out, w.pieces[static_cast<std::size_t>(core::index(pos.moved_piece(move)))]);
    add_square(out, w, move.from(), spaced);
    add(out, pos.is_capture(move) ? w.takes : w.to);
    add_square(out, w, move.to(), spaced);
    if (move.is_en_passant()) add(out, w.en_passant);
    if (move.is_promotion()) {
      add(out, w.promotes);
      add(out, w.promoted[static_cast<std::size_t>(core::index(move.promotion()))]);
    }
  }
  const core::Position after = pos.after(move);
  if (after.in_check()) add(out, core::has_legal_moves(after) ? w.check : w.mate);
  return out;
}

}  // namespace arbiter::notation
