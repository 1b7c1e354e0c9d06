// RoomService: the thread that drives the rooms. It runs posted tasks (the computer's
// moves), ticks the rooms that need it every `period` (flags, first-move aborts, pings,
// resends) and once a second drops idle rooms from memory (GameRegistry::evict_idle), so
// no timer lives in the rules code and the Beast threads never wait for a search.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "arbiter/server/room_support.hpp"

namespace arbiter::server {

class GameRegistry;

class RoomService final : public Executor {
 public:
  explicit RoomService(std::chrono::milliseconds period = std::chrono::milliseconds{10});
  ~RoomService() override;
  RoomService(const RoomService&) = delete;
  RoomService& operator=(const RoomService&) = delete;

  void start(GameRegistry& registry);
  // Also run once a second on the service's thread (before start()): a cluster node's
  // spectator mirrors, for one.
  void every_second(std::function<void()> task) { every_second_ = std::move(task); }
  // Joins the thread; later posts are dropped.
  void stop();
  void post(std::function<void()> task) override;

 private:
  void run();

  std::chrono::milliseconds period_;
  GameRegistry* registry_ = nullptr;
  std::function<void()> every_second_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace arbiter::server
