// The lobby's routes (issue #17 item 3, docs/lobby.md, web-protocol.md §1.7): open
// challenges (seeks) that anyone may take, challenges to a named player, and quick-pairing
// pools. A seek is a game created at once with its owner's seat taken and the other seat
// waiting; the seek (in the store, so every node of a cluster sees it) keeps the game's
// invitation, which goes to whoever takes the seek and nowhere else. The taker then joins
// the game as an invitee does (POST /api/games/{id}/join), on whichever node holds it.
//
//   GET  /api/lobby                        the seeks the viewer may see, the pools, and
//                                          the correspondence games where it is their turn
//   POST /api/lobby/seeks                  post a seek (201 with the game and the seek's key)
//   POST /api/lobby/seeks/{id}/accept      take it: {"status":"matched","game","invite"}
//   POST /api/lobby/seeks/{id}/keep        {"key"}: the owner's page keeps it alive (pool
//                                          seeks may be paired here)
//   POST /api/lobby/seeks/{id}/cancel      {"key"}: the owner withdraws it
//   POST /api/lobby/seeks/{id}/decline     the challenged player declines
//   POST /api/lobby/pool                   {"preset"}: paired now, or a pool seek to wait on
//
// With a session cookie, every POST needs the session's X-CSRF-Token (403 otherwise), as
// the account routes do. Blocking (the store): the caller runs it off the network threads.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "arbiter/server/account_api.hpp"
#include "arbiter/server/handlers.hpp"
#include "arbiter/server/registry.hpp"
#include "arbiter/server/room_support.hpp"
#include "arbiter/store/store.hpp"

namespace arbiter::server {

struct LobbyOptions {
  // A seek lives this long after it was posted or last kept; the owner's page keeps it
  // every 10 s, so a closed page's seek leaves the lobby within half a minute.
  std::int64_t alive_ms = 30'000;
  // A correspondence seek waits for days without a page open.
  std::int64_t correspondence_alive_ms = 7LL * 24 * 3600 * 1000;
  // Live seeks per owner (account, or address when anonymous).
  int max_per_owner = 3;
};

class LobbyApi {
 public:
  // `accounts` may be null (no accounts: every player is anonymous). `admit_creation` is
  // the server-wide rate of game creation (GameApi's): false answers 503.
  LobbyApi(GameRegistry& registry, store::Store& store, const RoomClock& clock,
           std::shared_ptr<AccountApi> accounts, std::function<bool()> admit_creation,
           LobbyOptions options = {});

  [[nodiscard]] static bool owns(std::string_view target) noexcept;
  [[nodiscard]] HttpReply handle(const HttpRequest& request);

 private:
  using Acting = tl::expected<std::optional<store::UserRecord>, HttpReply>;
  [[nodiscard]] Acting acting(const HttpRequest& request);
  HttpReply list(const HttpRequest& request);
  HttpReply post_seek(const HttpRequest& request);
  HttpReply accept(const HttpRequest& request, std::string_view id);
  HttpReply keep(const HttpRequest& request, std::string_view id);
  HttpReply cancel(const HttpRequest& request, std::string_view id);
  HttpReply decline(const HttpRequest& request, std::string_view id);
  HttpReply pool(const HttpRequest& request);

  // The account's rating in a category as the lobby shows it (whole points), and whether
  // it is provisional; 1500? for an account not yet rated there.
  [[nodiscard]] Result<std::pair<int, bool>> rating_of(std::int64_t user_id,
                                                       std::string_view speed);
  // Creates the seek's game and stores the seek; the reply to the owner. A `rating_delta`
  // sets the range around the owner's rating in the seek's category.
  HttpReply open_seek(const HttpRequest& request, const wire::CreateGameRequest& game,
                      const std::optional<store::UserRecord>& owner, store::SeekRecord seek,
                      int rating_delta = 0);
  // The owner's seek, its key checked: the seek, or the reply (404, 403).
  tl::expected<store::SeekRecord, HttpReply> owned_seek(const HttpRequest& request,
                                                        std::string_view id);
  // Takes `seek` for a taker: the matched reply, or 404 when another was quicker.
  HttpReply take(const store::SeekRecord& seek);

  GameRegistry& registry_;
  store::Store& store_;
  const RoomClock& clock_;
  std::shared_ptr<AccountApi> accounts_;
  std::function<bool()> admit_creation_;
  LobbyOptions options_;
};

}  // namespace arbiter::server
