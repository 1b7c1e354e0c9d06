// Input checks shared by every Store backend, so that all of them reject the same bad
// records with the same errors (kInvalidArgument, `where.field` naming the field).
#pragma once

#include <span>
#include <string_view>

#include "arbiter/base/error.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::store {

[[nodiscard]] Result<void> validate_game_id(std::string_view id);
// Id, tokens, names, variant, start FEN (a legal position for the variant), status
// Created, a JSON object in `extra` (only its outer braces are checked).
[[nodiscard]] Result<void> validate_header(const GameHeader& header);
// ply >= 1, UCI syntax ([a-h][1-8][a-h][1-8][qrbn]?), a SAN, non-negative clocks.
[[nodiscard]] Result<void> validate_move(const MoveRecord& move);
// seq >= 1 and strictly consecutive within the batch, JSON text that is an object.
[[nodiscard]] Result<void> validate_events(std::span<const EventRecord> events);
// status Ended or Aborted, a non-empty reason.
[[nodiscard]] Result<void> validate_ending(const Ending& ending);

}  // namespace arbiter::store
