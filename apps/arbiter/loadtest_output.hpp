// The report of `arbiter loadtest`: text for people, one JSON object for scripts
// (printed by hand: nlohmann-json belongs to the wire module).
#pragma once

#include <string>

#include "arbiter/server/loadtest_runner.hpp"

namespace arbiter::app {

[[nodiscard]] std::string loadtest_text(const server::LoadReport& report);
[[nodiscard]] std::string loadtest_json(const server::LoadReport& report);

}  // namespace arbiter::app
