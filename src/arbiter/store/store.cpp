#include "arbiter/store/store.hpp"

#include <algorithm>

#include "arbiter/store/pg_store.hpp"
#include "arbiter/store/rules.hpp"
#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {

std::string_view to_string(GameStatus status) noexcept {
  switch (status) {
    case GameStatus::Created: return "created";
    case GameStatus::Ongoing: return "ongoing";
    case GameStatus::Ended: return "ended";
    case GameStatus::Aborted: return "aborted";
  }
  return "created";
}

Result<GameStatus> parse_game_status(std::string_view text) {
  for (GameStatus s :
       {GameStatus::Created, GameStatus::Ongoing, GameStatus::Ended, GameStatus::Aborted}) {
    if (to_string(s) == text) return s;
  }
  return make_error(ErrorCode::kInvalidArgument, "unknown game status '" + std::string{text} + "'",
                    {0, 0, "status"});
}

std::string_view to_string(TournamentStatus s) noexcept {
  switch (s) {
    case TournamentStatus::Created: return "created";
    case TournamentStatus::Running: return "running";
    case TournamentStatus::Finished: return "finished";
  }
  return "created";
}

std::optional<TournamentStatus> parse_tournament_status(std::string_view s) noexcept {
  for (TournamentStatus status :
       {TournamentStatus::Created, TournamentStatus::Running, TournamentStatus::Finished}) {
    if (to_string(status) == s) return status;
  }
  return std::nullopt;
}

std::string_view to_string(AnalysisStatus s) noexcept {
  switch (s) {
    case AnalysisStatus::Queued: return "queued";
    case AnalysisStatus::Running: return "running";
    case AnalysisStatus::Done: return "done";
    case AnalysisStatus::Failed: return "failed";
  }
  return "queued";
}

std::optional<AnalysisStatus> parse_analysis_status(std::string_view s) noexcept {
  for (AnalysisStatus status : {AnalysisStatus::Queued, AnalysisStatus::Running,
                                AnalysisStatus::Done, AnalysisStatus::Failed}) {
    if (to_string(status) == s) return status;
  }
  return std::nullopt;
}

WallMs StoredGame::last_activity_ms() const noexcept {
  WallMs last = header.created_ms;
  if (!moves.empty()) last = std::max(last, moves.back().wall_ms);
  if (!events.empty()) last = std::max(last, events.back().wall_ms);
  return last;
}

std::vector<Result<void>> Store::commit(std::span<const GameWrite> writes) {
  std::vector<Result<void>> results;
  results.reserve(writes.size());
  for (const GameWrite& w : writes) {
    Result<void> ok{};
    if (!w.ending && !w.ending_events.empty()) {
      ok = make_error(ErrorCode::kInvalidArgument, "ending events without an ending",
                      {0, 0, "ending_events"});
    } else if (w.epoch) {
      // A fence needs the check and the write in one transaction: a backend's own commit.
      ok = make_error(ErrorCode::kUnsupported, "this store cannot fence writes by epoch",
                      {0, 0, "epoch"});
    } else if (w.create && w.create->id != w.game_id) {
      ok = make_error(ErrorCode::kInvalidArgument, "a created game's id is the write's",
                      {0, 0, "id"});
    } else if (w.seat_name && !w.create) {
      ok = make_error(ErrorCode::kUnsupported,
                      "this store names a seat only in the write that creates the game",
                      {0, 0, "seat_name"});
    } else if (w.seat_user && !w.create) {
      // The interface has no call that changes a stored game's seats: a backend's own commit.
      ok = validate_seat_user(*w.seat_user);
      if (ok) {
        ok = make_error(ErrorCode::kUnsupported,
                        "this store seats an account only in the write that creates the game",
                        {0, 0, "seat_user"});
      }
    } else {
      // Not one transaction: a game created here stays if what follows fails. An account
      // taking a seat of the game created here is in the header that create_game stores
      // (and checks: a live account).
      if (w.create) {
        GameHeader header = *w.create;
        if (w.seat_user) {
          const GameWrite::SeatUser& seat = *w.seat_user;
          ok = validate_seat_user(seat);
          if (ok) ok = check_seat(header.id, seat, header.white_user, header.black_user);
          (seat.white ? header.white_user : header.black_user) = seat.user_id;
        }
        if (w.seat_name) (w.seat_name->white ? header.white : header.black) = w.seat_name->name;
        if (ok) ok = create_game(header);
      }
      if (ok && !w.log.empty()) ok = append_log(w.game_id, w.log);
    }
    if (ok && w.move) {
      ok = append_move(w.game_id, *w.move, w.events);
    } else if (ok && !w.events.empty()) {
      ok = append_events(w.game_id, w.events);
    }
    if (ok && w.ending) ok = finish_game(w.game_id, *w.ending, w.ending_events);
    results.push_back(std::move(ok));
  }
  return results;
}

Result<std::unique_ptr<Store>> open_store(std::string_view location) {
  constexpr std::string_view kSqlite = "sqlite:";
  if (location.starts_with("postgresql://") || location.starts_with("postgres://")) {
    auto pg = PgStore::open(std::string{location});
    if (!pg) return tl::unexpected(pg.error());
    return std::unique_ptr<Store>{std::move(*pg)};
  }
  if (location.starts_with(kSqlite)) location.remove_prefix(kSqlite.size());
  if (location.empty()) {
    return make_error(ErrorCode::kInvalidArgument, "empty store location", {0, 0, "location"});
  }
  auto sqlite = SqliteStore::open(std::string{location});
  if (!sqlite) return tl::unexpected(sqlite.error());
  return std::unique_ptr<Store>{std::move(*sqlite)};
}

std::string redact_location(std::string_view location) {
  std::string text{location};
  const auto scheme = text.find("://");
  if (scheme == std::string::npos) return text;
  const auto authority = scheme + 3;
  const auto at = text.find('@', authority);
  const auto colon = text.find(':', authority);
  if (at != std::string::npos && colon != std::string::npos && colon < at &&
      text.find('/', authority) > at) {
    text.replace(colon + 1, at - colon - 1, "***");
  }
  for (auto key = text.find("password="); key != std::string::npos;
       key = text.find("password=", key + 1)) {
    const auto value = key + 9;
    const auto end = text.find('&', value);
    text.replace(value, (end == std::string::npos ? text.size() : end) - value, "***");
  }
  return text;
}

}  // namespace arbiter::store
