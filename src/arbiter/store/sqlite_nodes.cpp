// SqliteStore's cluster directory (issue #16, docs/cluster.md): the nodes' addresses and
// heartbeats, and the ongoing games no node holds. A cluster runs on PostgreSQL; on
// SQLite these serve the tests and a node sharing a database file on one machine.
#include "arbiter/store/sqlite_store.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {

Result<void> SqliteStore::announce_node(const NodeInfo& node) {
  ARB_TRY(validate_node(node));
  std::lock_guard lock{mutex_};
  auto upsert = db_.prepare(
      "INSERT INTO cluster_nodes (name, address, seen_ms) VALUES (?1, ?2, ?3)"
      " ON CONFLICT (name) DO UPDATE SET address = excluded.address,"
      " seen_ms = MAX(cluster_nodes.seen_ms, excluded.seen_ms)");
  if (!upsert) return tl::unexpected(upsert.error());
  upsert->bind(1, node.name).bind(2, node.address).bind(3, node.seen_ms);
  return upsert->run();
}

Result<std::optional<NodeInfo>> SqliteStore::read_node(std::string_view name) {
  std::lock_guard lock{mutex_};
  auto query = db_.prepare("SELECT address, seen_ms FROM cluster_nodes WHERE name = ?1");
  if (!query) return tl::unexpected(query.error());
  query->bind(1, name);
  auto row = query->step();
  if (!row) return tl::unexpected(row.error());
  if (!*row) return std::optional<NodeInfo>{};
  return NodeInfo{std::string{name}, query->column_text(0), query->column_int(1)};
}

Result<std::vector<NodeInfo>> SqliteStore::live_nodes(WallMs since) {
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(
      "SELECT name, address, seen_ms FROM cluster_nodes WHERE seen_ms >= ?1 ORDER BY name");
  if (!query) return tl::unexpected(query.error());
  query->bind(1, since);
  std::vector<NodeInfo> nodes;
  ARB_TRY(query->each_row([&](const sqlite::Statement& row) {
    nodes.push_back(NodeInfo{row.column_text(0), row.column_text(1), row.column_int(2)});
  }));
  return nodes;
}

Result<std::vector<std::string>> SqliteStore::orphaned_games(WallMs now, int limit) {
  ARB_TRY(validate_limit(limit));
  std::lock_guard lock{mutex_};
  auto query = db_.prepare(
      "SELECT g.id FROM games g LEFT JOIN game_leases l ON l.game_id = g.id"
      " WHERE g.status = 'ongoing' AND (l.game_id IS NULL OR l.expires_ms <= ?1)"
      " ORDER BY g.updated_ms, g.id LIMIT ?2");
  if (!query) return tl::unexpected(query.error());
  query->bind(1, now).bind(2, std::int64_t{limit});
  return query->first_column_texts();
}

}  // namespace arbiter::store
