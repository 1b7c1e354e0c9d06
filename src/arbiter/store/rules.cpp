#include "arbiter/store/rules.hpp"

#include <algorithm>
#include <string>

namespace arbiter::store {
namespace {

tl::unexpected<Error> state_error(std::string message, const char* field) {
  return make_error(ErrorCode::kProtocolState, std::move(message), {0, 0, field});
}

}  // namespace

tl::unexpected<Error> no_such_game(std::string_view id) {
  return state_error("no game '" + std::string{id} + "'", "game_id");
}

tl::unexpected<Error> game_already_exists(std::string_view id) {
  return state_error("game '" + std::string{id} + "' already exists", "id");
}

Result<void> check_live(std::string_view id, GameStatus status) {
  if (status == GameStatus::Ended || status == GameStatus::Aborted) {
    return state_error("game '" + std::string{id} + "' is already over", "status");
  }
  return {};
}

Result<void> check_next_ply(std::int64_t stored, std::int64_t given) {
  if (given <= stored)
    return state_error("ply " + std::to_string(given) + " is already stored", "ply");
  if (given != stored + 1) {
    return state_error(
        "ply " + std::to_string(given) + " given, " + std::to_string(stored + 1) + " expected",
        "ply");
  }
  return {};
}

Result<void> check_next_seq(std::int64_t last, std::span<const EventRecord> events) {
  if (events.empty() || events.front().seq == last + 1) return {};
  return state_error("event seq " + std::to_string(events.front().seq) + " given, " +
                         std::to_string(last + 1) + " expected",
                     "seq");
}

Result<void> check_next_line(std::int64_t last, std::span<const LogLine> lines) {
  if (lines.empty() || lines.front().n == last + 1) return {};
  return state_error("log line " + std::to_string(lines.front().n) + " given, " +
                         std::to_string(last + 1) + " expected",
                     "n");
}

Result<Lease> next_lease(std::string_view game_id, const std::optional<Lease>& current,
                         std::string_view node, WallMs now, std::int64_t ttl_ms) {
  Lease next{std::string{game_id}, std::string{node}, 1, now + ttl_ms};
  if (!current) return next;
  if (current->node == node) {
    next.epoch = current->epoch;  // a renewal; after a release it starts a new epoch
    if (current->expires_ms == 0) next.epoch = current->epoch + 1;
    return next;
  }
  if (current->expires_ms > now) {
    return state_error("game '" + std::string{game_id} + "' is held by node '" + current->node +
                           "' (epoch " + std::to_string(current->epoch) + ") until " +
                           std::to_string(current->expires_ms),
                       "lease");
  }
  next.epoch = current->epoch + 1;
  return next;
}

Result<void> check_epoch(std::string_view game_id, const std::optional<Lease>& current,
                         std::int64_t epoch) {
  if (current && current->epoch == epoch) return {};
  return state_error("a write of epoch " + std::to_string(epoch) + " to game '" +
                         std::string{game_id} + "' is fenced off: " +
                         (current ? "the game is at epoch " + std::to_string(current->epoch) +
                                        ", held by node '" + current->node + "'"
                                  : std::string{"the game has no lease"}),
                     "epoch");
}

tl::unexpected<Error> name_taken(std::string_view name) {
  return state_error("the name '" + std::string{name} + "' is taken", "name");
}

tl::unexpected<Error> no_live_user(std::int64_t user_id) {
  return state_error("no live account " + std::to_string(user_id), "user");
}

tl::unexpected<Error> session_exists() {
  return state_error("a session with this token hash already exists", "session");
}

WallMs latest_wall(WallMs wall_ms, std::span<const EventRecord> events) noexcept {
  for (const EventRecord& e : events) wall_ms = std::max(wall_ms, e.wall_ms);
  return wall_ms;
}

}  // namespace arbiter::store
