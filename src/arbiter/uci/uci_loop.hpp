// The engine side of UCI: reads commands line by line, answers on an output stream. The
// search runs on its own thread, so `isready`, `stop` and `ponderhit` are answered while it
// thinks. Bad input is answered with `info string error: ...` and otherwise ignored.
#pragma once

#include <istream>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

#include "arbiter/engine/engine.hpp"

namespace arbiter::uci {

constexpr const char* kEngineName = "Arbiter 0.1";
constexpr const char* kEngineAuthor = "the Arbiter authors";

class UciLoop {
 public:
  UciLoop(std::istream& in, std::ostream& out);
  ~UciLoop();

  // Processes commands until `quit` or end of input; waits for a running search to end.
  void run();
  // Handles one line; false after `quit`.
  bool handle(std::string_view line);
  // Blocks until the current search (if any) has printed its bestmove.
  void wait_for_search() { engine_.wait(); }

 private:
  void send(const std::string& line);
  void cmd_uci();
  void cmd_setoption(const std::vector<std::string_view>& tokens);
  void cmd_position(const std::vector<std::string_view>& tokens);
  void cmd_go(const std::vector<std::string_view>& tokens);
  void stop_search();
  void error(const std::string& message);

  std::istream& in_;
  std::ostream& out_;
  std::mutex out_mutex_;
  engine::Engine engine_;
  engine::EngineOptions options_;
  bool chess960_ = false;
  bool ponder_ = false;
};

}  // namespace arbiter::uci
