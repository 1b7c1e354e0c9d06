// UCI text -> typed values: the `position`, `go` and `setoption` commands, and the text of
// `info` lines. Parsing never throws; bad input yields an Error naming the problem.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/error.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/engine/limits.hpp"
#include "arbiter/engine/search.hpp"

namespace arbiter::uci {

// Splits on spaces and tabs.
[[nodiscard]] std::vector<std::string_view> tokenize(std::string_view line);

struct PositionCommand {
  core::Position position;
  std::vector<core::Key> history;  // keys of the positions before `position`, oldest first
};

// `tokens` is the whole command starting with "position".
[[nodiscard]] Result<PositionCommand> parse_position(const std::vector<std::string_view>& tokens,
                                                     bool chess960);

struct GoCommand {
  engine::SearchLimits limits;
  std::vector<std::string> warnings;  // parameters that were ignored, with the reason
};

// `tokens` is the whole command starting with "go"; searchmoves are checked against `pos`.
[[nodiscard]] GoCommand parse_go(const std::vector<std::string_view>& tokens,
                                 const core::Position& pos);

struct SetOption {
  std::string name;   // as given (option names are case-insensitive)
  std::string value;  // empty for buttons
};
[[nodiscard]] Result<SetOption> parse_setoption(const std::vector<std::string_view>& tokens);

// "info depth ... pv ..." for one line of a search report.
[[nodiscard]] std::string format_info(const engine::SearchInfo& info, bool chess960);
// "score cp N" / "score mate N" with an optional bound.
[[nodiscard]] std::string format_score(engine::Value v, engine::Bound bound);

}  // namespace arbiter::uci
