// Move: 16 bits. bits 0-5 destination, 6-11 origin, 12-13 promotion piece (N,B,R,Q),
// 14-15 kind. Castling is stored as "king takes own rook" (to = the rook's square), which
// serves standard chess and every Chess960 form of Guideline II.3.2 alike.
#pragma once

#include <cstdint>

#include "arbiter/core/types.hpp"

namespace arbiter::core {

enum class MoveKind : std::uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

class Move {
 public:
  constexpr Move() noexcept = default;
  constexpr Move(Square from, Square to) noexcept
      : data_(static_cast<std::uint16_t>(index(to) | (index(from) << 6))) {}
  static constexpr Move make(Square from, Square to, MoveKind kind,
                             PieceType promo = PieceType::Knight) noexcept {
    Move m;
    m.data_ = static_cast<std::uint16_t>(index(to) | (index(from) << 6) |
                                         ((index(promo) - index(PieceType::Knight)) << 12) |
                                         (static_cast<int>(kind) << 14));
    return m;
  }
  static constexpr Move none() noexcept { return Move{}; }
  // The null move (a pass), used by search and by PGN "--"/"Z0". Never legal on a board.
  static constexpr Move null() noexcept { return Move{Square::B1, Square::B1}; }
  static constexpr Move from_raw(std::uint16_t raw) noexcept {
    Move m;
    m.data_ = raw;
    return m;
  }

  [[nodiscard]] constexpr Square from() const noexcept { return square_at((data_ >> 6) & 63); }
  [[nodiscard]] constexpr Square to() const noexcept { return square_at(data_ & 63); }
  [[nodiscard]] constexpr MoveKind kind() const noexcept {
    return static_cast<MoveKind>(data_ >> 14);
  }
  [[nodiscard]] constexpr PieceType promotion() const noexcept {
    return static_cast<PieceType>(((data_ >> 12) & 3) + index(PieceType::Knight));
  }
  [[nodiscard]] constexpr bool is_promotion() const noexcept {
    return kind() == MoveKind::Promotion;
  }
  [[nodiscard]] constexpr bool is_castling() const noexcept { return kind() == MoveKind::Castling; }
  [[nodiscard]] constexpr bool is_en_passant() const noexcept {
    return kind() == MoveKind::EnPassant;
  }
  [[nodiscard]] constexpr bool is_ok() const noexcept { return from() != to(); }
  [[nodiscard]] constexpr std::uint16_t raw() const noexcept { return data_; }

  friend constexpr bool operator==(Move a, Move b) noexcept = default;

 private:
  std::uint16_t data_ = 0;
};

static_assert(sizeof(Move) == 2);

// Fixed-capacity move list: no allocation on hot paths. 218 is the known maximum
// number of legal moves in a chess position; 256 leaves room.
class MoveList {
 public:
  static constexpr int kCapacity = 256;
  void push(Move m) noexcept { moves_[size_++] = m; }
  [[nodiscard]] int size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  void clear() noexcept { size_ = 0; }
  [[nodiscard]] const Move* begin() const noexcept { return moves_; }
  [[nodiscard]] const Move* end() const noexcept { return moves_ + size_; }
  Move* begin() noexcept { return moves_; }
  Move* end() noexcept { return moves_ + size_; }
  Move operator[](int i) const noexcept { return moves_[i]; }
  Move& operator[](int i) noexcept { return moves_[i]; }
  [[nodiscard]] bool contains(Move m) const noexcept {
    for (int i = 0; i < size_; ++i)
      if (moves_[i] == m) return true;
    return false;
  }

 private:
  Move moves_[kCapacity];
  int size_ = 0;
};

}  // namespace arbiter::core
