// Position: the board (Art. 2), the side to move, castling rights (Art. 3.8), the en
// passant square (Art. 3.7.4.1), the halfmove clock (Art. 9.3) and an incremental
// Zobrist key. Moves are applied with do_move/undo_move.
#pragma once

#include <string>
#include <string_view>

#include "arbiter/base/assert.hpp"
#include "arbiter/base/error.hpp"
#include "arbiter/core/attacks.hpp"
#include "arbiter/core/bitboard.hpp"
#include "arbiter/core/move.hpp"
#include "arbiter/core/setup.hpp"

namespace arbiter::core {

// What undo_move needs to restore; filled by do_move.
struct Undo {
  Key key;
  Square en_passant;
  std::uint8_t castling;
  Piece captured;
  std::int16_t halfmove_clock;
};

struct FenOptions {
  bool chess960 = false;  // Chess960 castling rules even when the rooks stand on a/h
  bool strict = false;    // require all six fields and a fullmove number >= 1
  // Accept men that no game can produce (more promoted pieces than missing pawns, more
  // than 8 pawns or 16 men a side): composed positions and test sets of analyzers. Every
  // other check still applies.
  bool any_material = false;
};

class Position {
 public:
  Position();  // the empty board; use startpos(), from_fen() or from_setup()

  // The initial position of Art. 2.3.
  static Position startpos();
  // parse_fen + from_setup.
  static Result<Position> from_fen(std::string_view fen, FenOptions options = {});
  // Validates a setup (see docs/fen.md for the list of rules and their error codes).
  static Result<Position> from_setup(const Setup& setup);
  // The board as given, checking only that each side has one king: for an arbiter who
  // must let an illegal move stand (Art. A.4.2) and look at the resulting position again
  // after the next move (A.4.4). Castling and e.p. fields that do not fit are dropped.
  // Such a position may break Art. 3 (a pawn on its last rank, the side not to move in
  // check); legal_moves() still lists the side to move's moves by the usual rules.
  static Result<Position> from_setup_unvalidated(const Setup& setup);

  // FEN in the castling notation the position was read with (or Standard/Shredder).
  [[nodiscard]] std::string fen() const;
  [[nodiscard]] std::string fen(CastlingNotation notation) const;
  [[nodiscard]] Setup to_setup() const;

  // --- board queries
  [[nodiscard]] Piece piece_on(Square s) const noexcept { return board_[index(s)]; }
  [[nodiscard]] bool empty(Square s) const noexcept { return board_[index(s)] == Piece::None; }
  [[nodiscard]] Bitboard pieces() const noexcept { return by_color_[0] | by_color_[1]; }
  [[nodiscard]] Bitboard pieces(Color c) const noexcept { return by_color_[index(c)]; }
  [[nodiscard]] Bitboard pieces(PieceType t) const noexcept { return by_type_[index(t)]; }
  [[nodiscard]] Bitboard pieces(PieceType a, PieceType b) const noexcept {
    return by_type_[index(a)] | by_type_[index(b)];
  }
  [[nodiscard]] Bitboard pieces(Color c, PieceType t) const noexcept {
    return by_color_[index(c)] & by_type_[index(t)];
  }
  [[nodiscard]] Bitboard pieces(Color c, PieceType a, PieceType b) const noexcept {
    return by_color_[index(c)] & (by_type_[index(a)] | by_type_[index(b)]);
  }
  [[nodiscard]] Square king_square(Color c) const noexcept {
    return lsb(pieces(c, PieceType::King));
  }
  [[nodiscard]] int count(Color c, PieceType t) const noexcept { return popcount(pieces(c, t)); }

  // --- state
  [[nodiscard]] Color side_to_move() const noexcept { return side_; }
  // The square a pawn passed over with its double step on the last move (FEN field 4),
  // or None. It is set after every double step, whether or not a capture is possible.
  [[nodiscard]] Square en_passant_square() const noexcept { return ep_; }
  [[nodiscard]] std::uint8_t castling_rights() const noexcept { return castling_; }
  [[nodiscard]] bool can_castle(Color c, CastlingSide s) const noexcept {
    return castling_ & castling_bit(c, s);
  }
  // The rook a castling right belongs to (Square::None when the right is absent).
  [[nodiscard]] Square castling_rook(Color c, CastlingSide s) const noexcept {
    return castling_rook_[castling_index(c, s)];
  }
  [[nodiscard]] bool is_chess960() const noexcept { return chess960_; }
  void set_chess960(bool v) noexcept { chess960_ = v; }
  [[nodiscard]] int halfmove_clock() const noexcept { return halfmove_clock_; }
  [[nodiscard]] int fullmove_number() const noexcept { return fullmove_; }
  [[nodiscard]] Key key() const noexcept { return key_; }
  // The key computed from scratch; equals key() (tests use it to check do_move).
  [[nodiscard]] Key compute_key() const noexcept;

  // --- attacks
  [[nodiscard]] Bitboard attackers_to(Square s, Bitboard occupied) const noexcept;
  [[nodiscard]] Bitboard attackers_to(Square s) const noexcept { return attackers_to(s, pieces()); }
  [[nodiscard]] bool is_attacked_by(Color by, Square s, Bitboard occupied) const noexcept {
    return (attackers_to(s, occupied) & pieces(by)) != 0;
  }
  [[nodiscard]] Bitboard checkers() const noexcept {
    return attackers_to(king_square(side_), pieces()) & pieces(~side_);
  }
  [[nodiscard]] bool in_check() const noexcept { return checkers() != 0; }
  // Pieces of either colour that alone stand between a slider of `attacker` and the
  // king of colour `king`: the pinned pieces when attacker == ~king.
  [[nodiscard]] Bitboard blockers_for_king(Color king, Color attacker) const noexcept;

  // --- moves (movegen.hpp has the generators)
  // Whether m is a legal move here (Art. 3.10.1), for any 16-bit value: cheap for
  // ordinary moves (geometry plus check and pin masks), by generation for castling and
  // en passant.
  [[nodiscard]] bool is_legal(Move m) const noexcept;
  // Whether the legal move m checks the opponent's king, directly or by discovery,
  // without playing it (castling, en passant and promotions are played on a copy).
  [[nodiscard]] bool gives_check(Move m) const noexcept;
  // True when the e.p. square is attacked by a pawn of the side to move, which is when
  // key() includes it (a legal capture is further checked by has_legal_en_passant()).
  [[nodiscard]] bool en_passant_in_key() const noexcept { return en_passant_keyed(side_); }
  [[nodiscard]] bool is_capture(Move m) const noexcept {
    return m.is_en_passant() || (!m.is_castling() && !empty(m.to()));
  }
  [[nodiscard]] PieceType moved_piece(Move m) const noexcept { return type_of(piece_on(m.from())); }
  // The piece a move captures (a pawn for en passant), or PieceType::None.
  [[nodiscard]] PieceType captured_piece(Move m) const noexcept;
  void do_move(Move m, Undo& undo) noexcept;
  void undo_move(Move m, const Undo& undo) noexcept;
  // A pass (for search and PGN null moves): side to move changes, e.p. right is lost.
  void do_null_move(Undo& undo) noexcept;
  void undo_null_move(const Undo& undo) noexcept;
  [[nodiscard]] Position after(Move m) const noexcept {
    Position p = *this;
    Undo u;
    p.do_move(m, u);
    return p;
  }
  // True when the side to move has a legal en passant capture (Art. 9.2.2: only then
  // does the e.p. right distinguish positions).
  [[nodiscard]] bool has_legal_en_passant() const noexcept;

  // Same placement, side, castling rights and *legal* e.p. possibility: the identity of
  // positions in Art. 9.2.2 (the halfmove clock and move number are ignored).
  [[nodiscard]] bool same_position(const Position& other) const noexcept;

  // Simple impossibilities of a legal-but-unreachable position (Art. 3.10.3); see
  // docs/fen.md for exactly what is checked. Returns the first problem found.
  [[nodiscard]] Result<void> is_possible() const;

  // Castling geometry, used by the move generator.
  [[nodiscard]] Bitboard castling_path(int right) const noexcept { return castling_path_[right]; }
  [[nodiscard]] Bitboard castling_king_path(int right) const noexcept {
    return castling_king_path_[right];
  }

  // Diagnostic drawing of the board (tests and CLI).
  [[nodiscard]] std::string ascii() const;

  friend bool operator==(const Position& a, const Position& b) noexcept;

 private:
  // `material`: also refuse men no game can produce (Art. 3.7.5 counts).
  static Result<Position> build(const Setup& setup, bool validate, bool material = true);
  void put_piece(Piece p, Square s) noexcept;
  void remove_piece(Square s) noexcept;
  void move_piece(Square from, Square to) noexcept;
  void add_castling_right(Color c, CastlingSide side, Square rook);
  [[nodiscard]] bool en_passant_keyed(Color capturer) const noexcept;

  Bitboard by_type_[kPieceTypeCount] = {};
  Bitboard by_color_[2] = {};
  Piece board_[64];
  Key key_ = 0;
  Color side_ = Color::White;
  Square ep_ = Square::None;
  std::uint8_t castling_ = 0;
  std::int16_t halfmove_clock_ = 0;
  int fullmove_ = 1;
  bool chess960_ = false;
  CastlingNotation notation_ = CastlingNotation::Standard;
  Square castling_rook_[4] = {Square::None, Square::None, Square::None, Square::None};
  Bitboard castling_path_[4] = {};
  Bitboard castling_king_path_[4] = {};
  std::uint8_t castling_mask_[64] = {};  // rights lost when a move touches the square
};

}  // namespace arbiter::core
