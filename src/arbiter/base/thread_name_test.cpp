#include "arbiter/base/thread_name.hpp"

#include <gtest/gtest.h>
#include <pthread.h>

#include <array>
#include <string>
#include <thread>

namespace arbiter {
namespace {

std::string name_of_this_thread() {
  std::array<char, 16> buf{};
  EXPECT_EQ(pthread_getname_np(pthread_self(), buf.data(), buf.size()), 0);
  return buf.data();
}

TEST(ThreadName, NamesTheCallingThreadAndCutsLongNames) {
  std::string shortname;
  std::string longname;
  std::thread t{[&] {
    name_this_thread("arb-writer");
    shortname = name_of_this_thread();
    name_this_thread("arb-a-name-far-longer-than-fifteen");
    longname = name_of_this_thread();
  }};
  t.join();
  EXPECT_EQ(shortname, "arb-writer");
  EXPECT_EQ(longname, "arb-a-name-far-");
}

}  // namespace
}  // namespace arbiter
