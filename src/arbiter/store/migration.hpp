// Versioned schema migrations, one concept for every backend (docs/store.md, "Migrations").
// Each backend has an ordered list of migrations numbered 1, 2, 3, ... without gaps, with
// the same numbers and names on every backend (the SQL differs). Opening a store applies
// the missing ones in order, each in its own transaction together with its row in the
// table schema_migrations (version, name): a migration is applied exactly once, or not
// at all. A database whose version is newer than the program's list is refused
// (kUnsupported) rather than misread.
//
// A migration may also need a step that SQL cannot do (e.g. a value computed by another
// module from each row, issue #17): `step` names it, and each backend's runner carries it
// out right after the migration's SQL, in the same transaction.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "arbiter/base/error.hpp"

namespace arbiter::store {

// The steps in C++ that follow a migration's SQL (the same on every backend).
enum class MigrationStep : unsigned char {
  None,
  // Version 9: games.speed of the games stored before it, from their time controls
  // (rules.hpp, game_speed). Only rows whose speed is '' are written: idempotent.
  FillGameSpeeds,
};

struct Migration {
  int version = 0;        // 1, 2, ... in list order
  std::string_view name;  // the same on every backend, e.g. "games, moves and events"
  std::string_view sql;   // the backend's statements
  MigrationStep step = MigrationStep::None;  // run after `sql`, in its transaction
};

// The table that records the applied migrations (the same on every backend).
inline constexpr std::string_view kCreateMigrationsTable =
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    " version INTEGER PRIMARY KEY, name TEXT NOT NULL)";

// The lists of the two backends (sqlite_schema.cpp, pg_schema.cpp).
[[nodiscard]] std::span<const Migration> sqlite_migrations() noexcept;
[[nodiscard]] std::span<const Migration> pg_migrations() noexcept;

// The version after every migration of the list: the last one's (0 for an empty list).
[[nodiscard]] int latest_version(std::span<const Migration> all) noexcept;

// The migrations that a database at version `current` still needs, in order.
// kUnsupported when `current` is newer than the list (written by a newer program);
// `backend` names the database in that message.
[[nodiscard]] Result<std::span<const Migration>> pending_migrations(std::span<const Migration> all,
                                                                    std::int64_t current,
                                                                    std::string_view backend);

}  // namespace arbiter::store
