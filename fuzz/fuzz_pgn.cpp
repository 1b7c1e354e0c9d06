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
  pgn::ReaderOptions options;
  options.strict = strict;
  options.buffer_size = 64;  // small blocks: tokens straddle buffer refills
  pgn::Reader reader{in, options};
  pgn::GameBuilder builder;
  int games = 0;
  while (reader.next(builder)) {
    FUZZ_CHECK(++games <= 10'000);
    for (const Error& e : builder.errors()) FUZZ_CHECK(e.where.line >= 1 && !e.message.empty());
    if (!builder.errors().empty()) continue;
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
