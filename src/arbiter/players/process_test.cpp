#include "arbiter/players/process.hpp"

#include <gtest/gtest.h>

#include "arbiter/players/fake_engine.hpp"

namespace arbiter::players {
namespace {

TEST(Process, EchoesLinesThroughPipes) {
  auto p = Process::spawn({"cat"});
  ASSERT_TRUE(p.has_value());
  ASSERT_TRUE(p->write_line("hello"));
  std::string line;
  ASSERT_EQ(p->read_line(line, Millis{2000}), ReadStatus::Line);
  EXPECT_EQ(line, "hello");
}

TEST(Process, MissingProgramIsAnError) {
  auto p = Process::spawn({"/nonexistent/engine"});
  ASSERT_FALSE(p.has_value());
  EXPECT_EQ(p.error().code, ErrorCode::kIo);
  EXPECT_FALSE(Process::spawn({}).has_value());
}

TEST(Process, SilentChildTimesOutWithoutBlocking) {
  auto p = Process::spawn({"sleep", "30"});
  ASSERT_TRUE(p.has_value());
  std::string line;
  EXPECT_EQ(p->read_line(line, Millis{50}), ReadStatus::Timeout);
  p->terminate();  // SIGKILL: must return at once, not after 30 s
  EXPECT_FALSE(p->is_running());
}

TEST(Process, ExitIsSeenAsClosedAfterTheLastLine) {
  auto p = Process::spawn({"sh", "-c", "printf 'one\\r\\ntwo'; exit 1"});
  ASSERT_TRUE(p.has_value());
  std::string line;
  ASSERT_EQ(p->read_line(line, Millis{2000}), ReadStatus::Line);
  EXPECT_EQ(line, "one");  // CR stripped
  ASSERT_EQ(p->read_line(line, Millis{2000}), ReadStatus::Line);
  EXPECT_EQ(line, "two");  // the unterminated last line is still delivered
  EXPECT_EQ(p->read_line(line, Millis{2000}), ReadStatus::Closed);
  p->terminate(Millis{2000});
  EXPECT_FALSE(p->is_running());
  EXPECT_FALSE(p->write_line("anyone?"));
}

TEST(Process, StderrGoesToTheLog) {
  const std::string log = testing::write_script("") + ".log";
  {
    auto p = Process::spawn({"sh", "-c", "echo oops >&2; echo done"}, log);
    ASSERT_TRUE(p.has_value());
    std::string line;
    ASSERT_EQ(p->read_line(line, Millis{2000}), ReadStatus::Line);
    EXPECT_EQ(line, "done");
    p->terminate(Millis{1000});
  }
  std::FILE* f = std::fopen(log.c_str(), "r");
  ASSERT_NE(f, nullptr);
  char buf[32] = {};
  const auto n = std::fread(buf, 1, sizeof buf - 1, f);
  std::fclose(f);
  EXPECT_EQ(std::string(buf, n), "oops\n");
}

}  // namespace
}  // namespace arbiter::players
