// For every position of the perft suites and every legal move: san() in each style and
// language, then parse_move() (lenient, with the style's language preferred, and strict)
// gives back the same move. ARB_SAMPLE_EVERY=n tests every n-th record of the large files
// (random.perft, fischer.epd); 1 tests all of them. ARB_EXPAND_EVERY=n goes one ply
// deeper through every n-th legal move of the small files.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arbiter/core/movegen.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/notation/notation.hpp"
#include "perft_records.hpp"

namespace arbiter::notation {
namespace {

std::vector<Style> all_styles() {
  std::vector<Style> styles;
  const Language languages[] = {Language::English, Language::Russian, Language::German,
                                Language::French,  Language::Dutch,   Language::Spanish,
                                Language::Italian, Language::Figurine};
  for (Language lang : languages) {
    Style san = Style::pgn();
    san.language = lang;
    styles.push_back(san);
    styles.push_back(Style::fide(lang, false));
    styles.push_back(Style::fide(lang, true));
    Style bare = Style::fide(lang, false);  // Appendix C's second printed form
    bare.capture_sign = false;
    bare.check_sign = false;
    bare.en_passant_suffix = false;
    styles.push_back(bare);
    Style hyphen = Style::fide(lang, true);
    hyphen.long_hyphen = true;
    hyphen.check_sign = true;
    hyphen.mate_double_plus = true;
    hyphen.colon_capture = true;
    styles.push_back(hyphen);
  }
  styles.push_back(Style::of(MoveForm::Uci));
  styles.push_back(Style::of(MoveForm::Iccf));
  styles.push_back(Style::of(MoveForm::OldRussian));
  return styles;
}

struct Counts {
  long positions = 0;
  long moves = 0;
  long parses = 0;
};

// Returns false (after reporting) on the first failure in this position.
bool check_position(const core::Position& pos, const std::vector<Style>& styles,
                    const std::string& where, Counts& counts) {
  ++counts.positions;
  for (core::Move m : core::legal_moves(pos)) {
    ++counts.moves;
    for (const Style& style : styles) {
      const std::string text = san(pos, m, style);
      for (bool strict : {false, true}) {
        ParseOptions options;
        options.style = style;
        options.strict = strict;
        const auto back = parse_move(pos, text, options);
        ++counts.parses;
        if (!back || *back != m) {
          ADD_FAILURE() << where << " fen " << pos.fen() << " move " << core::to_uci(pos, m)
                        << " written '" << text << "' (form " << static_cast<int>(style.form)
                        << ", language " << language_code(style.language) << ", strict " << strict
                        << ") read back as "
                        << (back ? core::to_uci(pos, *back) : back.error().describe());
          return false;
        }
      }
    }
  }
  return true;
}

// Two executables share this file: the suite names differ so that ctest can tell them apart.
#if ARB_SAMPLE_EVERY == 1
#define ARB_ROUND_TRIP_SUITE NotationRoundTripAll
#else
#define ARB_ROUND_TRIP_SUITE NotationRoundTrip
#endif

TEST(ARB_ROUND_TRIP_SUITE, EveryMoveOfEveryPerftPositionInEveryStyle) {
  const std::vector<Style> styles = all_styles();
  Counts counts;
  int failures = 0;
  for (const std::string& name : testing::perft_file_names()) {
    const auto records = testing::read_perft_file(ARB_TESTDATA_DIR "/perft", name);
    ASSERT_FALSE(records.empty()) << name;
    const bool large = records.size() > 500;
    for (std::size_t i = 0; i < records.size(); ++i) {
      if (large && i % ARB_SAMPLE_EVERY != 0) continue;
      const auto& r = records[i];
      auto pos = core::Position::from_fen(r.fen, core::FenOptions{r.chess960, false});
      ASSERT_TRUE(pos.has_value()) << name << ":" << r.line;
      const std::string where = name + ":" + std::to_string(r.line);
      if (!check_position(*pos, styles, where, counts) && ++failures > 10) FAIL() << "too many";
      // One ply deeper in the small files, to reach more promotions, e.p. and checks.
      if (!large) {
        int child = 0;
        for (core::Move m : core::legal_moves(*pos)) {
          if (child++ % ARB_EXPAND_EVERY != 0) continue;
          const core::Position next = pos->after(m);
          if (!check_position(next, styles, where + " after " + core::to_uci(*pos, m), counts) &&
              ++failures > 10)
            FAIL() << "too many";
        }
      }
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(counts.moves, 10000);
  std::printf("round trip: %ld positions, %ld moves, %ld styles, %ld parses\n", counts.positions,
              counts.moves, static_cast<long>(styles.size()), counts.parses);
}

}  // namespace
}  // namespace arbiter::notation
