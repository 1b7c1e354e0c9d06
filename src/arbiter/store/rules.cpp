#include "arbiter/store/rules.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "arbiter/clock/time_control.hpp"
#include "arbiter/rating/speed.hpp"

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

Result<void> check_seat(std::string_view game_id, const GameWrite::SeatUser& seat,
                        std::int64_t white_user, std::int64_t black_user) {
  const char* side = seat.white ? "white" : "black";
  if (const std::int64_t taken = seat.white ? white_user : black_user; taken != 0) {
    return state_error("the " + std::string{side} + " seat of game '" + std::string{game_id} +
                           "' is already account " + std::to_string(taken) + "'s",
                       "seat_user");
  }
  if (seat.user_id == (seat.white ? black_user : white_user)) {
    return make_error(ErrorCode::kInvalidArgument,
                      "account " + std::to_string(seat.user_id) + " already plays game '" +
                          std::string{game_id} + "': it cannot take the " + side + " seat too",
                      {0, 0, "seat_user"});
  }
  return {};
}

Result<void> check_ratable(std::string_view game_id, GameStatus status, bool rated) {
  if (status != GameStatus::Ended) {
    return state_error("game '" + std::string{game_id} + "' is " + std::string{to_string(status)} +
                           ": only an ended game is rated",
                       "game");
  }
  if (!rated) return state_error("game '" + std::string{game_id} + "' is not rated", "rated");
  return {};
}

RatingRecord unrated(std::int64_t user_id, std::string_view speed) {
  RatingRecord r;
  r.user_id = user_id;
  r.speed = std::string{speed};
  return r;
}

std::vector<RatingChange> rating_changes(std::string_view game_id, std::string_view speed,
                                         WallMs now, const RatingPair& before,
                                         const RatingPair& computed) {
  std::vector<RatingChange> changes;
  for (const auto& [was, is] :
       {std::pair{&before.white, &computed.white}, std::pair{&before.black, &computed.black}}) {
    RatingRecord after = unrated(was->user_id, speed);
    after.rating = is->rating;
    after.deviation = is->deviation;
    after.volatility = is->volatility;
    after.games = was->games + 1;
    after.updated_ms = now;
    changes.push_back(
        RatingChange{std::string{game_id}, was->user_id, std::string{speed}, *was, after, now});
  }
  return changes;
}

std::string game_speed(std::string_view time_control) {
  auto control = clock::TimeControl::parse(time_control);
  if (!control) return {};
  return std::string{rating::to_string(rating::speed_of(*control))};
}

std::string_view outcome_result(std::string_view outcome, bool white) noexcept {
  if (outcome == "win") return white ? "1-0" : "0-1";
  if (outcome == "loss") return white ? "0-1" : "1-0";
  if (outcome == "draw") return "1/2-1/2";
  return "";
}

tl::unexpected<Error> seek_limit_reached(const SeekRecord& seek, int max_per_owner) {
  // An anonymous owner's address is not echoed: it is personal data, and the log is not.
  const std::string owner = seek.owner_user_id != 0
                                ? "account " + std::to_string(seek.owner_user_id)
                                : std::string{"this anonymous owner's address"};
  return state_error(
      owner + " may have at most " + std::to_string(max_per_owner) + " open seeks at once",
      "owner");
}

tl::unexpected<Error> seek_exists(std::string_view id) {
  return state_error("seek '" + std::string{id} + "' already exists", "id");
}

tl::unexpected<Error> tournament_exists(std::string_view id) {
  return state_error("event '" + std::string{id} + "' already exists", "id");
}

Result<TournamentStatus> stored_tournament_status(std::string_view text) {
  if (auto status = parse_tournament_status(text)) return *status;
  return make_error(ErrorCode::kIo, "unknown event status '" + std::string{text} + "' stored",
                    {0, 0, "status"});
}

Result<void> check_analysable(std::string_view game_id, GameStatus status) {
  if (status == GameStatus::Ended) return {};
  if (status == GameStatus::Aborted) {
    return state_error(
        "game '" + std::string{game_id} + "' was aborted: there is nothing to analyse", "status");
  }
  return state_error("game '" + std::string{game_id} + "' is still in play (" +
                         std::string{to_string(status)} + "): it is analysed once it has ended",
                     "status");
}

Result<AnalysisStatus> stored_analysis_status(std::string_view text) {
  if (auto status = parse_analysis_status(text)) return *status;
  return make_error(ErrorCode::kIo, "unknown analysis status '" + std::string{text} + "' stored",
                    {0, 0, "status"});
}

WallMs latest_wall(WallMs wall_ms, std::span<const EventRecord> events) noexcept {
  for (const EventRecord& e : events) wall_ms = std::max(wall_ms, e.wall_ms);
  return wall_ms;
}

bool white_to_move(std::string_view start_fen, int plies) noexcept {
  const auto space = start_fen.find(' ');
  const bool white_first = space == std::string_view::npos || space + 1 >= start_fen.size() ||
                           start_fen[space + 1] != 'b';
  return white_first == (plies % 2 == 0);
}

std::vector<GameToMove> games_to_move_of(std::vector<GameToMove> games, std::int64_t user_id,
                                         int limit) {
  std::vector<GameToMove> mine;
  for (GameToMove& g : games) {
    const std::int64_t to_move = g.white_to_move ? g.game.white_user : g.game.black_user;
    if (to_move == user_id) mine.push_back(std::move(g));
  }
  std::stable_sort(mine.begin(), mine.end(), [](const GameToMove& a, const GameToMove& b) {
    return a.last_move_ms < b.last_move_ms;
  });
  if (mine.size() > static_cast<std::size_t>(limit)) mine.resize(static_cast<std::size_t>(limit));
  return mine;
}

}  // namespace arbiter::store
