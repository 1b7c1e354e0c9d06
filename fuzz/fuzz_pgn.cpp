// PGN text in, leniently and strictly. Every problem must come back as a diagnostic with
// a line and column, never a crash or a hang; a game read without errors, written back
// by the export writer (PGN standard 8) and read again has the same tags and main line.
#include <sstream>

#include "arbiter/pgn/builder.hpp"
#include "arbiter/pgn/reader.hpp"
#include "arbiter/pgn/writer.hpp"
#include "fuzz.hpp"

using namespace arbiter;

namespace {

void read_all(std::string_view text, bool strict) {
  std::istringstream in{std::string(text)};
  // Small blocks (tokens straddle buffer refills) and small limits, so that short inputs
  // reach them (docs/pgn.md "Limits").
  const pgn::ReaderOptions options{.strict = strict,
                                   .buffer_size = 64,
                                   .max_depth = 6,
                                   .max_tags = 12,
                                   .max_line_bytes = 200,
                                   .max_token_bytes = 300,
                                   .max_comment_bytes = 600,
                                   .max_diagnostics_per_game = 8,
                                   .max_diagnostics = 40};
  pgn::Reader reader{in, options};
  pgn::BuilderOptions builder_options;
  builder_options.max_moves = 300;
  pgn::GameBuilder builder{builder_options};
  int games = 0;
  while (reader.next(builder)) {
    FUZZ_CHECK(++games <= 10'000);
    for (const Error& e : builder.errors()) FUZZ_CHECK(e.where.line >= 1 && !e.message.empty());
    // Shown diagnostics are bounded: 8 per game, one more for the first error of the
    // input, one note for those left out.
    FUZZ_CHECK(builder.errors().size() + builder.warnings().size() <= 10);
    FUZZ_CHECK(builder.plies() <= 300);
    // Past the diagnostics limit a game's errors are not handed over: ask the reader
    // (found by libFuzzer: such a game was taken for a clean one).
    if (!builder.errors().empty() || reader.game_failed()) continue;
    const pgn::Game& game = builder.game();
    const std::string written = pgn::write_game(game);
    std::istringstream again_in{written};
    pgn::Reader again{again_in};
    pgn::GameBuilder again_builder;
    FUZZ_CHECK(again.next(again_builder));
    FUZZ_CHECK(again_builder.errors().empty());
    FUZZ_CHECK(again_builder.game().mainline() == game.mainline());
    FUZZ_CHECK(again_builder.game().start.fen() == game.start.fen());
  }
  if (reader.error_count() > 0) FUZZ_CHECK(reader.first_error().has_value());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  const auto text = fuzz::as_text(data, size);
  read_all(text, false);
  read_all(text, true);
  return 0;
}
