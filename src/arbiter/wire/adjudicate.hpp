// A whole event log in, a verdict out: what `arbiter adjudicate` and the golden tests run.
#pragma once

#include <istream>

#include "arbiter/base/error.hpp"
#include "arbiter/competition/verdict.hpp"

namespace arbiter::wire {

// Errors: the log is unusable (read_event_log's errors, or a start event the Arbiter
// cannot set up, such as a bad FEN). Refused events are part of the verdict, not errors.
[[nodiscard]] Result<competition::Verdict> adjudicate(std::istream& in);

}  // namespace arbiter::wire
