// TRF result codes (C.04 Annex 2, "Player Section", result column) and the point system
// that turns them into points: 1/½/0 by default, bbpPairings `BBW BBD BBL BBZ BBF BBU`
// and JaVaFo `XXS` lines change it (3/1/0 and other schemes).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "arbiter/base/error.hpp"

namespace arbiter::tournament {

// Points in tenths: TRF writes them with one decimal (`11.5`).
using Points = int;

enum class ResultCode : char {
  Win = '1',
  Draw = '=',
  Loss = '0',
  ForfeitWin = '+',   // the scheduled opponent did not play
  ForfeitLoss = '-',  // this player did not play
  WinUnrated = 'W',   // a game of less than one move: counts, not rated
  DrawUnrated = 'D',
  LossUnrated = 'L',
  HalfBye = 'H',     // half-point bye (requested)
  FullBye = 'F',     // full-point bye (requested, where the rules allow it)
  PairingBye = 'U',  // pairing-allocated bye (C.04.1 c: at most one per player)
  ZeroBye = 'Z',     // zero-point bye or absence; a blank result means Z
};

// `1 = 0 + - W D L H F U Z` (a blank is handled by the reader).
[[nodiscard]] std::optional<ResultCode> parse_result(char c) noexcept;
// H F U Z: no opponent may stand beside these.
[[nodiscard]] bool is_bye(ResultCode r) noexcept;
// 1 = 0 W D L: the game took place on the board (a forfeit did not).
[[nodiscard]] bool is_played(ResultCode r) noexcept;
// What the opponent's line must say: 1↔0, =↔=, +↔- (or - for a double forfeit), W↔L, D↔D.
[[nodiscard]] bool results_match(ResultCode a, ResultCode b) noexcept;

struct PointSystem {
  Points win = 10;          // BBW, XXS W: 1 = W, and a forfeit win +
  Points draw = 5;          // BBD, XXS D: = D
  Points loss = 0;          // BBL, XXS L: 0 L
  Points zero_bye = 0;      // BBZ, XXS ZPB: Z
  Points forfeit_loss = 0;  // BBF, XXS FL: -
  Points pairing_bye = 10;  // BBU, XXS PAB: U
  Points half_bye = 5;      // XXS HPB: H
  Points full_bye = 10;     // XXS FPB: F
  Points forfeit_win = 10;  // XXS FW: +

  [[nodiscard]] Points points_for(ResultCode r) const noexcept;
  friend bool operator==(const PointSystem&, const PointSystem&) = default;
};

// `2.5`, `11`, `0.0`, `3.0` → tenths; at most one decimal. nullopt when not a number.
[[nodiscard]] std::optional<Points> parse_points(std::string_view text) noexcept;
// Tenths → `2.5`, `11.0`, `-1.0`.
[[nodiscard]] std::string format_points(Points p);

// Applies one point-system line (`BBW  3.0`, `XXS W=3 D=1`) to `system`. Errors name the
// column of the value that is not a number or the key that is not known.
[[nodiscard]] Result<PointSystem> apply_point_line(PointSystem system, std::string_view line,
                                                   int line_number);

}  // namespace arbiter::tournament
