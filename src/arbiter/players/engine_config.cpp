#include "arbiter/players/engine_config.hpp"

#include <unistd.h>
#include <climits>

namespace arbiter::players {

EngineConfig builtin_engine(const std::string& exe, std::optional<int> elo) {
  EngineConfig c;
  c.name = elo ? "Arbiter-" + std::to_string(*elo) : "Arbiter";
  c.argv = {exe, "uci"};
  if (elo) {
    c.options.emplace_back("UCI_LimitStrength", "true");
    c.options.emplace_back("UCI_Elo", std::to_string(*elo));
  }
  return c;
}

std::string self_executable() {
  char buf[PATH_MAX];
  const auto n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "arbiter";
  return std::string(buf, static_cast<std::size_t>(n));
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> out;
  std::string word;
  for (char c : text) {
    if (c == ' ' || c == '\t') {
      if (!word.empty()) out.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

Result<EngineConfig> parse_engine_config(const std::vector<std::string>& words) {
  EngineConfig config;
  std::vector<std::string> args;
  for (const std::string& w : words) {
    const auto eq = w.find('=');
    if (eq == std::string::npos || eq == 0)
      return make_error(ErrorCode::kInvalidArgument, "expected key=value, got '" + w + "'");
    const std::string key = w.substr(0, eq);
    const std::string value = w.substr(eq + 1);
    if (key == "name") {
      config.name = value;
    } else if (key == "cmd") {
      config.argv = split_words(value);
    } else if (key == "arg") {
      args.push_back(value);
    } else if (key == "proto") {
      if (value == "uci") {
        config.protocol = Protocol::Uci;
      } else if (value == "xboard" || value == "cecp") {
        config.protocol = Protocol::Xboard;
      } else {
        return make_error(ErrorCode::kInvalidArgument,
                          "proto must be uci or xboard, got '" + value + "'");
      }
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
      config.options.emplace_back(key.substr(7), value);
    } else if (key == "tc") {
      auto tc = clock::TimeControl::parse(value);
      if (!tc)
        return make_error(ErrorCode::kInvalidArgument,
                          "tc=" + value + ": " + tc.error().describe());
      config.time_control = *tc;
    } else if (key == "stderr") {
      config.stderr_log = value;
    } else {
      return make_error(ErrorCode::kInvalidArgument, "unknown engine setting '" + key + "'");
    }
  }
  if (config.argv.empty())
    return make_error(ErrorCode::kInvalidArgument, "an engine needs cmd=PATH");
  for (std::string& a : args) config.argv.push_back(std::move(a));
  if (config.name.empty()) {
    const std::string& cmd = config.argv.front();
    const auto slash = cmd.rfind('/');
    config.name = slash == std::string::npos ? cmd : cmd.substr(slash + 1);
  }
  return config;
}

}  // namespace arbiter::players
