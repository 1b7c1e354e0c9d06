// The rules every Store backend applies against the stored state (store.hpp, "Contract"):
// a new id, the next ply, the next seq, no moves after the end. Each backend reads the
// stored values in its own way and asks these functions, so that all of them fail with
// the same codes and messages (kProtocolState, `where.field` naming the field).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::store {

// "no game 'ID'" (field game_id).
[[nodiscard]] tl::unexpected<Error> no_such_game(std::string_view id);
// "game 'ID' already exists" (field id).
[[nodiscard]] tl::unexpected<Error> game_already_exists(std::string_view id);
// The game may still take moves: neither ended nor aborted (field status).
[[nodiscard]] Result<void> check_live(std::string_view id, GameStatus status);
// A move with ply `given` may follow `stored` plies: given == stored + 1 (field ply).
[[nodiscard]] Result<void> check_next_ply(std::int64_t stored, std::int64_t given);
// Events may follow the stored ones whose last seq is `last` (field seq).
[[nodiscard]] Result<void> check_next_seq(std::int64_t last, std::span<const EventRecord> events);
// Log lines may follow the stored ones whose last n is `last` (field n).
[[nodiscard]] Result<void> check_next_line(std::int64_t last, std::span<const LogLine> lines);
// The lease after `node` asks for it at `now` (store.hpp, acquire_lease), given the
// stored one: kProtocolState (field "lease") when another node holds it unexpired.
[[nodiscard]] Result<Lease> next_lease(std::string_view game_id,
                                       const std::optional<Lease>& current, std::string_view node,
                                       WallMs now, std::int64_t ttl_ms);
// A write fenced by `epoch` may go ahead: it is the game's current epoch (field "epoch").
[[nodiscard]] Result<void> check_epoch(std::string_view game_id,
                                       const std::optional<Lease>& current, std::int64_t epoch);
// Accounts (issue #17). "the name 'NAME' is taken" (field name): a live account has its key.
[[nodiscard]] tl::unexpected<Error> name_taken(std::string_view name);
// "no live account N" (field user): the id never existed, or the account was deleted.
[[nodiscard]] tl::unexpected<Error> no_live_user(std::int64_t user_id);
// "a session with this token hash already exists" (field session). The hash is not echoed:
// it opens the session to whoever reads the log.
[[nodiscard]] tl::unexpected<Error> session_exists();
// Rated games (issue #17). An account may take the seat of a stored game whose seats hold
// `white_user` and `black_user`: the seat is still without an account (kProtocolState,
// field "seat_user"), and the other seat is not this account's (kInvalidArgument, field
// "seat_user", as create_game's "black_user": one account never plays both sides).
[[nodiscard]] Result<void> check_seat(std::string_view game_id, const GameWrite::SeatUser& seat,
                                      std::int64_t white_user, std::int64_t black_user);
// A game may be rated: it ended (not aborted, not still in play: field "game") and it is a
// rated game (field "rated"). Whether its players' accounts are live is the caller's check.
[[nodiscard]] Result<void> check_ratable(std::string_view game_id, GameStatus status, bool rated);
// A player's rating before a first rated game in the category: RatingRecord's defaults.
[[nodiscard]] RatingRecord unrated(std::int64_t user_id, std::string_view speed);
// The changes of a rated game, white's then black's: `before` as read, and after it the
// numbers `computed` returned with the player's id and category, games + 1 and
// updated_ms = now.
[[nodiscard]] std::vector<RatingChange> rating_changes(std::string_view game_id,
                                                       std::string_view speed, WallMs now,
                                                       const RatingPair& before,
                                                       const RatingPair& computed);
// A player's archive (issue #17). The category the store keeps with a game (games.speed):
// rating::to_string(rating::speed_of(...)) of its time control, "" for a time control that
// does not parse (the server never stores one; the store does not refuse it).
[[nodiscard]] std::string game_speed(std::string_view time_control);
// The PGN result a game must have for `outcome` ("win", "loss", "draw") from the side of
// the player playing white (or black): "1-0", "0-1" or "1/2-1/2"; "" for an empty outcome
// (any result). The outcome is validated (validate_player_games_query).
[[nodiscard]] std::string_view outcome_result(std::string_view outcome, bool white) noexcept;
// The lobby (issue #17). "OWNER may have at most N open seeks" (field owner): add_seek found
// `max_per_owner` live seeks of the owner.
[[nodiscard]] tl::unexpected<Error> seek_limit_reached(const SeekRecord& seek, int max_per_owner);
// "seek 'ID' already exists" (field id).
[[nodiscard]] tl::unexpected<Error> seek_exists(std::string_view id);
// Events run by the server (issue #18). "event 'ID' already exists" (field id).
[[nodiscard]] tl::unexpected<Error> tournament_exists(std::string_view id);
// An event's status as a backend read it back: kIo (field "status") for a text that is
// none of to_string(TournamentStatus)'s, which the tables' CHECK never lets in.
[[nodiscard]] Result<TournamentStatus> stored_tournament_status(std::string_view text);
// Analyses (issue #18 item 3). A game may be analysed once it has ended: kProtocolState
// (field "status") while it is in play, or when it was aborted (no game to analyse).
[[nodiscard]] Result<void> check_analysable(std::string_view game_id, GameStatus status);
// An analysis's status as a backend read it back: kIo (field "status") for a text that is
// none of to_string(AnalysisStatus)'s, which the tables' CHECK never lets in.
[[nodiscard]] Result<AnalysisStatus> stored_analysis_status(std::string_view text);
// The game's new updated_ms: the latest of `wall_ms` and the events' wall times.
[[nodiscard]] WallMs latest_wall(WallMs wall_ms, std::span<const EventRecord> events) noexcept;

// Issue #17 item 5: whether White is to move after `plies` from `start_fen` (its second
// field says who moves first; an empty FEN is the initial position).
[[nodiscard]] bool white_to_move(std::string_view start_fen, int plies) noexcept;
// Of a player's games in play, those where the account `user_id` is to move (white_to_move
// set from each game's start and plies), the oldest last move first, at most `limit`.
[[nodiscard]] std::vector<GameToMove> games_to_move_of(std::vector<GameToMove> games,
                                                       std::int64_t user_id, int limit);
// Of the games in play, those that a your-turn list shows (a seek's game waiting for its
// taker is not one): both seats taken by accounts, or the game started.
inline constexpr std::string_view kGamesInPlay =
    "(g.status = 'ongoing' OR (g.status = 'created' AND g.white_user <> 0 AND"
    " g.black_user <> 0))";

// Store::unrated_games's query (the same SQL on both backends: one parameter, the limit,
// written here as "?1"; PostgreSQL's text replaces it with "$1").
inline constexpr std::string_view kUnratedGames =
    "SELECT g.id, g.time_control, g.result FROM games g WHERE g.rated = TRUE AND"
    " g.status = 'ended' AND g.result IN ('1-0', '0-1', '1/2-1/2') AND NOT EXISTS"
    " (SELECT 1 FROM rating_changes r WHERE r.game_id = g.id) AND EXISTS (SELECT 1 FROM users"
    " u WHERE u.id = g.white_user AND u.deleted_ms = 0) AND EXISTS (SELECT 1 FROM users u"
    " WHERE u.id = g.black_user AND u.deleted_ms = 0) ORDER BY g.updated_ms, g.id LIMIT ?1";

}  // namespace arbiter::store
