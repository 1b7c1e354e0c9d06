#include "arbiter/wire/adjudicate.hpp"

#include "arbiter/competition/arbiter.hpp"
#include "arbiter/wire/event_json.hpp"

namespace arbiter::wire {

Result<competition::Verdict> adjudicate(std::istream& in) {
  auto log = read_event_log(in);
  if (!log) return tl::unexpected(log.error());
  auto arbiter = competition::Arbiter::create(log->start);
  if (!arbiter) return tl::unexpected(arbiter.error());
  for (const competition::Event& e : log->events) arbiter->apply(e);
  return arbiter->verdict();
}

}  // namespace arbiter::wire
