// PgStore's cluster directory (issue #16, docs/cluster.md): the nodes' addresses and
// heartbeats, and the ongoing games no node holds. Called about once a second by each
// node, so the statements are not prepared.
#include "arbiter/store/pg_session.hpp"
#include "arbiter/store/pg_store.hpp"
#include "arbiter/store/try.hpp"
#include "arbiter/store/validate.hpp"

namespace arbiter::store {

Result<void> PgStore::announce_node(const NodeInfo& node) {
  ARB_TRY(validate_node(node));
  return session_->write("announce_node", [&](pqxx::transaction_base& tx) -> Result<void> {
    tx.exec_params0(
        "INSERT INTO cluster_nodes (name, address, seen_ms) VALUES ($1, $2, $3)"
        " ON CONFLICT (name) DO UPDATE SET address = excluded.address,"
        " seen_ms = GREATEST(cluster_nodes.seen_ms, excluded.seen_ms)",
        node.name, node.address, node.seen_ms);
    return {};
  });
}

Result<std::optional<NodeInfo>> PgStore::read_node(std::string_view name) {
  const std::string key{name};
  std::optional<NodeInfo> found;
  ARB_TRY(session_->read("read_node", [&](pqxx::transaction_base& tx) -> Result<void> {
    const pqxx::result rows =
        tx.exec_params("SELECT address, seen_ms FROM cluster_nodes WHERE name = $1", key);
    if (!rows.empty()) {
      found = NodeInfo{key, rows[0][0].as<std::string>(), rows[0][1].as<std::int64_t>()};
    }
    return {};
  }));
  return found;
}

Result<std::vector<NodeInfo>> PgStore::live_nodes(WallMs since) {
  std::vector<NodeInfo> nodes;
  ARB_TRY(session_->read("live_nodes", [&](pqxx::transaction_base& tx) -> Result<void> {
    const pqxx::result rows = tx.exec_params(
        "SELECT name, address, seen_ms FROM cluster_nodes WHERE seen_ms >= $1"
        " ORDER BY name COLLATE \"C\"",
        since);
    for (const pqxx::row& r : rows) {
      nodes.push_back(
          NodeInfo{r[0].as<std::string>(), r[1].as<std::string>(), r[2].as<std::int64_t>()});
    }
    return {};
  }));
  return nodes;
}

Result<std::vector<std::string>> PgStore::orphaned_games(WallMs now, int limit) {
  ARB_TRY(validate_limit(limit));
  std::vector<std::string> ids;
  ARB_TRY(session_->read("orphaned_games", [&](pqxx::transaction_base& tx) -> Result<void> {
    const pqxx::result rows = tx.exec_params(
        "SELECT g.id FROM games g LEFT JOIN game_leases l ON l.game_id = g.id"
        " WHERE g.status = 'ongoing' AND (l.game_id IS NULL OR l.expires_ms <= $1)"
        " ORDER BY g.updated_ms, g.id COLLATE \"C\" LIMIT $2",
        now, limit);
    for (const pqxx::row& r : rows) ids.push_back(r[0].as<std::string>());
    return {};
  }));
  return ids;
}

}  // namespace arbiter::store
