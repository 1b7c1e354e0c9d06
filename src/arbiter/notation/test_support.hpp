// Helpers for the notation tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "arbiter/core/position.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/notation/notation.hpp"

namespace arbiter::notation::test {

inline core::Position position(std::string_view fen, bool chess960 = false) {
  auto pos = core::Position::from_fen(fen, core::FenOptions{chess960, false});
  EXPECT_TRUE(pos.has_value()) << fen << ": " << (pos ? "" : pos.error().describe());
  return pos ? *pos : core::Position::startpos();
}

inline core::Move uci(const core::Position& pos, std::string_view text) {
  auto m = core::parse_uci(pos, text);
  EXPECT_TRUE(m.has_value()) << text;
  return m ? *m : core::Move::none();
}

// The UCI text of the parsed move, or "error: <code>: <message>".
inline std::string parsed(const core::Position& pos, std::string_view text,
                          const ParseOptions& options = {}) {
  auto m = parse_move(pos, text, options);
  if (!m) return "error: " + std::string(to_string(m.error().code)) + ": " + m.error().message;
  return core::to_uci(pos, *m);
}

}  // namespace arbiter::notation::test
