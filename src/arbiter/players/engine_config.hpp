// EngineConfig: how to start an external engine and what to tell it, shared by the UCI
// and xboard players and parsed from `--engine name=X cmd=PATH proto=uci option.Hash=64`.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/base/time_source.hpp"
#include "arbiter/clock/time_control.hpp"

namespace arbiter::players {

enum class Protocol { Uci, Xboard };

struct EngineConfig {
  std::string name;
  std::vector<std::string> argv;  // the command and its arguments
  Protocol protocol = Protocol::Uci;
  std::vector<std::pair<std::string, std::string>> options;  // UCI setoption / xboard option
  std::optional<clock::TimeControl> time_control;            // tc=: overrides --tc (odds)
  std::string stderr_log;                                    // "" = discard
  Millis startup_timeout{10000};  // the handshake (uciok / feature done=1)
  Millis grace{250};  // beyond the flag: how long to wait for a late answer before killing
};

// Parses the words of one `--engine` (`name=X cmd=PATH [arg=A ...] [proto=uci|xboard]
// [option.N=V ...] [tc=TC] [stderr=FILE]`). Errors: kInvalidArgument naming the word.
[[nodiscard]] Result<EngineConfig> parse_engine_config(const std::vector<std::string>& words);

// The built-in engine as a player (EnginePlayer): `EXE uci`, where EXE is the running
// `arbiter` binary, at full strength or limited to `elo` (UCI_LimitStrength / UCI_Elo).
[[nodiscard]] EngineConfig builtin_engine(const std::string& exe, std::optional<int> elo);
// The path of the running executable (/proc/self/exe), or "arbiter" when unknown.
[[nodiscard]] std::string self_executable();

// Splits a command line on blanks (no quoting rules beyond that).
[[nodiscard]] std::vector<std::string> split_words(std::string_view text);

}  // namespace arbiter::players
