// UCI coordinate move text: e2e4, e7e8q. Castling is written king-to-destination (e1g1)
// in standard chess and king-takes-rook (e1h1) with UCI_Chess960.
#pragma once

#include <string>
#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/core/position.hpp"

namespace arbiter::core {

[[nodiscard]] std::string to_uci(Move m, bool chess960);
inline std::string to_uci(const Position& pos, Move m) { return to_uci(m, pos.is_chess960()); }

// Reads a legal move in either castling convention (an ordinary king move wins when the
// two readings collide, as "f1g1" can in Chess960). Errors: kMoveSyntax, kMoveIllegal.
[[nodiscard]] Result<Move> parse_uci(const Position& pos, std::string_view text);

}  // namespace arbiter::core
