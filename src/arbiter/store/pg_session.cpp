#include "arbiter/store/pg_session.hpp"

#include <utility>

namespace arbiter::store::pg {
namespace {

tl::unexpected<Error> io_error(std::string_view what, std::string_view detail) {
  // libpq's messages run over several lines ("...failed: ...\n\tIs the server running"):
  // one line, for logs.
  std::string message{what};
  message += ": ";
  for (std::size_t i = 0; i < detail.size(); ++i) {
    if (detail[i] != '\n') {
      message += detail[i];
      continue;
    }
    while (i + 1 < detail.size() && (detail[i + 1] == '\t' || detail[i + 1] == ' ')) ++i;
    if (i + 1 < detail.size()) message += ' ';
  }
  return make_error(ErrorCode::kIo, std::move(message), {0, 0, "postgresql"});
}

// A committed transaction must survive a crash of the database server: PostgreSQL's
// default, which a server or role setting may have turned off.
void require_synchronous_commit(pqxx::connection& connection) {
  pqxx::nontransaction tx{connection};
  if (tx.exec1("SHOW synchronous_commit")[0].as<std::string>() == "off") {
    tx.exec0("SET synchronous_commit TO on");
  }
}

}  // namespace

Result<std::unique_ptr<Session>> Session::connect(std::string url) {
  std::unique_ptr<Session> session{new Session{std::move(url)}};
  std::lock_guard lock{session->mutex_};
  if (auto ok = session->ensure_connected(); !ok) return tl::unexpected(ok.error());
  return session;
}

void Session::add_statements(std::span<const PreparedStatement> statements) {
  std::lock_guard lock{mutex_};
  statements_.insert(statements_.end(), statements.begin(), statements.end());
  // libpqxx prepares a statement on the server when it is first used.
  if (connection_) {
    for (const PreparedStatement& s : statements) connection_->prepare(s.name, s.sql);
  }
}

Result<void> Session::ensure_connected() {
  if (connection_ && connection_->is_open()) return {};
  connection_.reset();
  try {
    auto connection = std::make_unique<pqxx::connection>(url_);
    require_synchronous_commit(*connection);
    for (const PreparedStatement& s : statements_) connection->prepare(s.name, s.sql);
    connection_ = std::move(connection);
    return {};
  } catch (const std::exception& e) {
    return io_error("cannot connect to PostgreSQL", e.what());
  }
}

template <typename Transaction>
Result<void> Session::run(std::string_view what, const Body& body) {
  std::lock_guard lock{mutex_};
  if (auto ok = ensure_connected(); !ok) return ok;
  const std::string call = "PostgreSQL " + std::string{what};
  try {
    Transaction tx{*connection_};
    auto result = body(tx);
    if (result) tx.commit();
    return result;  // a failed body's transaction is rolled back as `tx` goes
  } catch (const pqxx::broken_connection& e) {
    connection_.reset();  // the next call connects anew
    return io_error(call, std::string{"the connection to PostgreSQL was lost ("} + e.what() +
                              "); nothing was committed");
  } catch (const pqxx::in_doubt_error& e) {
    connection_.reset();
    return io_error(call, std::string{"the connection was lost while committing; the "
                                      "transaction may or may not have been committed ("} +
                              e.what() + ")");
  } catch (const pqxx::integrity_constraint_violation& e) {
    // A violated key or CHECK is the caller's mistake, as in the SQLite backend.
    return make_error(ErrorCode::kProtocolState, call + ": " + e.what(), {0, 0, "postgresql"});
  } catch (const pqxx::sql_error& e) {
    return io_error(call, "SQLSTATE " + e.sqlstate() + ": " + e.what());
  } catch (const std::exception& e) {
    if (connection_ && !connection_->is_open()) connection_.reset();
    return io_error(call, e.what());
  }
}

Result<void> Session::write(std::string_view what, const Body& body) {
  return run<pqxx::work>(what, body);
}

Result<void> Session::read(std::string_view what, const Body& body) {
  return run<pqxx::transaction<pqxx::repeatable_read, pqxx::read_only>>(what, body);
}

}  // namespace arbiter::store::pg
