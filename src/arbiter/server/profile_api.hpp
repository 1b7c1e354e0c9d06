// Players' public pages (issue #17, docs/accounts.md "Profiles"): an account's ratings by
// category and the history of one of them, for the profile page and its chart. Requests in,
// replies out; the reads go to the store, so the caller runs them off the network threads.
//
//   GET /api/users/{name}                       {"name","created_ms","ratings":[...]}
//   GET /api/users/{name}/history?speed=blitz   {"speed","points":[{"at_ms","rating","deviation"}]}
//   GET /api/users/{name}/games?vs=&result=&speed=&since=&before=&limit=
//                                               the archive: {"games":[...],"next_before"}
//   GET /api/users/{name}/games.pgn?...         the same games as one PGN file
#pragma once

#include <functional>

#include <string_view>

#include "arbiter/server/handlers.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::server {

class ProfileApi {
 public:
  explicit ProfileApi(store::Store& store) : store_(store) {}

  // Whether `target` is a profile route (/api/users/...).
  [[nodiscard]] static bool owns(std::string_view target) noexcept;

  [[nodiscard]] HttpReply handle(const HttpRequest& request);

  // Where the pieces of a streamed archive are made (they read the store): a pool's post.
  // Unset: on the caller's thread.
  using Worker = std::function<void(std::function<void()>)>;
  void set_worker(Worker worker) { worker_ = std::move(worker); }

 private:
  HttpReply archive(const HttpRequest& request, const store::UserRecord& user, bool pgn);

  store::Store& store_;
  Worker worker_;
};

}  // namespace arbiter::server
