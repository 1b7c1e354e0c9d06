// Names the calling thread, as `top -H`, `ps -L`, gdb and perf show it (Linux: at most 15
// bytes, longer names are cut). The server's threads are named by their job: arb-net-N,
// arb-writer, arb-rooms, arb-wait, arb-engine-N, arb-redis-pub, arb-redis-sub.
#pragma once

#include <string_view>

namespace arbiter {

void name_this_thread(std::string_view name) noexcept;

}  // namespace arbiter
