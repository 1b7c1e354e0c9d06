// Golden event logs: tests/competition/golden/NAME.jsonl is adjudicated and compared with
// NAME.expected.json. The expectation names its article ("article") and lists the fields
// that must match: result, termination, ended_at_ms, clocks_ms, moves, fen, score,
// penalties (each entry's listed keys, same count), refused (likewise), envelope; or
// "error": {"code", "line"} for a log that must be rejected (exit 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/wire/adjudicate.hpp"
#include "arbiter/wire/verdict_json.hpp"

namespace arbiter {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kGoldenDir = fs::path(ARB_SOURCE_DIR) / "tests" / "competition" / "golden";

std::vector<std::string> golden_names() {
  std::vector<std::string> names;
  if (!fs::exists(kGoldenDir)) return names;
  for (const auto& entry : fs::directory_iterator(kGoldenDir)) {
    if (entry.path().extension() == ".jsonl") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Every key of `expected` must be in `actual` with an equal value (objects recursively).
void expect_subset(const json& expected, const json& actual, const std::string& where) {
  if (expected.is_object()) {
    ASSERT_TRUE(actual.is_object()) << where << ": expected an object, got " << actual.dump();
    for (const auto& [key, value] : expected.items()) {
      ASSERT_TRUE(actual.contains(key)) << where << ": missing key " << key;
      expect_subset(value, actual.at(key), where + "." + key);
    }
  } else if (expected.is_array()) {
    ASSERT_TRUE(actual.is_array()) << where << ": expected an array, got " << actual.dump();
    ASSERT_EQ(expected.size(), actual.size()) << where << ": " << actual.dump();
    for (std::size_t i = 0; i < expected.size(); ++i) {
      expect_subset(expected[i], actual[i], where + "[" + std::to_string(i) + "]");
    }
  } else {
    EXPECT_EQ(expected, actual) << where;
  }
}

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, VerdictMatches) {
  const std::string name = GetParam();
  const json expected = json::parse(read_file(kGoldenDir / (name + ".expected.json")));
  ASSERT_TRUE(expected.contains("article")) << name << ": each scenario names its article";
  std::ifstream log(kGoldenDir / (name + ".jsonl"), std::ios::binary);
  ASSERT_TRUE(log.is_open());
  auto verdict = wire::adjudicate(log);
  if (expected.contains("error")) {
    ASSERT_FALSE(verdict.has_value()) << name << ": the log should be unusable";
    EXPECT_EQ(to_string(verdict.error().code), expected["error"]["code"].get<std::string>());
    EXPECT_EQ(verdict.error().where.line, expected["error"]["line"].get<int>());
    return;
  }
  ASSERT_TRUE(verdict.has_value()) << name << ": " << verdict.error().describe();
  const json actual = json::parse(wire::verdict_to_json(*verdict));
  json wanted = expected;
  wanted.erase("article");
  wanted.erase("note");
  expect_subset(wanted, actual, name);
}

INSTANTIATE_TEST_SUITE_P(Logs, Golden, ::testing::ValuesIn(golden_names()),
                         [](const ::testing::TestParamInfo<std::string>& param_info) {
                           std::string s = param_info.param;
                           for (char& c : s)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return s;
                         });

TEST(GoldenSuite, HasEightyScenarios) { EXPECT_GE(golden_names().size(), 80u); }

}  // namespace
}  // namespace arbiter
