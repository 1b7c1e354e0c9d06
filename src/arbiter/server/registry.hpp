// GameRegistry: the games a server hosts. Creates games (REST §1.1), loads stored games on
// demand (a finished game opened for viewing) and resumes every unfinished game at start
// (docs/store.md). Its mutex guards only the map: it never calls into a room while holding
// it, so rooms may call back (a rematch creates a game) without lock-order cycles.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "arbiter/server/game_room.hpp"

namespace arbiter::server {

struct CreatedGame {
  std::shared_ptr<GameRoom> room;
  core::Color seat = core::Color::White;
  std::string token;
  bool invite = false;
};

// The lobby presets of web-protocol.md §1.1.
[[nodiscard]] const std::vector<wire::Preset>& presets();

// 128 random bits in hex (32 characters): a seat token.
[[nodiscard]] std::string random_token();
// 8 characters of [A-Za-z0-9]: a game id.
[[nodiscard]] std::string random_game_id();

class GameRegistry {
 public:
  // `context.rematch` is set by the registry itself.
  explicit GameRegistry(RoomContext context);
  ~GameRegistry();
  GameRegistry(const GameRegistry&) = delete;
  GameRegistry& operator=(const GameRegistry&) = delete;

  // Errors: kTimeControlSyntax / kTimeControlValue (field time_control), kInvalidArgument,
  // kIo (the store failed).
  [[nodiscard]] Result<CreatedGame> create(const wire::CreateGameRequest& request);
  // The room of a game, loading it from the store when needed; null if there is none.
  [[nodiscard]] std::shared_ptr<GameRoom> find(const std::string& id);
  // Loads every created or ongoing game of the store; returns how many.
  [[nodiscard]] Result<int> resume_all();
  [[nodiscard]] Result<std::vector<store::GameSummary>> list(
      std::optional<store::GameStatus> status, int limit);

  void tick_all();
  // Stops every computer; rooms answer nothing more.
  void shutdown();

 private:
  Result<RematchGame> create_rematch(const RematchRequest& request);
  std::shared_ptr<GameRoom> insert(std::shared_ptr<GameRoom> room);
  // Stores a new game under a fresh id (written into `h`), opens and registers its room.
  Result<std::shared_ptr<GameRoom>> store_new(store::GameHeader& h,
                                              std::unique_ptr<ComputerMover> computer = nullptr);
  [[nodiscard]] std::vector<std::shared_ptr<GameRoom>> rooms();

  RoomContext ctx_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<GameRoom>, std::less<>> rooms_;
};

}  // namespace arbiter::server
