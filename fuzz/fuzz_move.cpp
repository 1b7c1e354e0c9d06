// Move text in every notation parse_move reads (SAN in 8 languages, long form, UCI,
// ICCF, the 1850s numeric notation), against a few fixed positions chosen by the first
// byte. An accepted move must be legal and its SAN must read back to it; a refused one
// must say why (kMoveSyntax / kMoveIllegal / kMoveAmbiguous with a message).
#include <array>

#include "arbiter/core/chess960.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/notation/notation.hpp"
#include "fuzz.hpp"

using namespace arbiter;

namespace {

constexpr std::array<std::string_view, 6> kFens = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2P5/8/8/8/8/5k1p/K7 w - - 0 1",
    "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "1r2k2r/8/8/8/8/8/8/R3K1R1 b Qk - 0 1",
    "N1N5/8/8/2k5/8/8/8/N1N1K3 w - - 0 1",  // pairs of knights: SAN needs a file
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 64) return 0;
  const std::size_t choice = data[0] % (kFens.size() + 1);
  auto pos = choice < kFens.size() ? core::Position::from_fen(kFens[choice])
                                   : core::chess960::start_position(data[0] % 960);
  FUZZ_CHECK(pos.has_value());
  const auto text = fuzz::as_text(data + 1, size - 1);
  for (bool strict : {false, true}) {
    notation::ParseOptions options;
    options.strict = strict;
    auto move = notation::parse_move(*pos, text, options);
    if (!move) {
      const auto code = move.error().code;
      FUZZ_CHECK(code == ErrorCode::kMoveSyntax || code == ErrorCode::kMoveIllegal ||
                 code == ErrorCode::kMoveAmbiguous);
      FUZZ_CHECK(!move.error().message.empty());
      continue;
    }
    FUZZ_CHECK(core::legal_moves(*pos).contains(*move));
    auto back = notation::parse_move(*pos, notation::san(*pos, *move));
    FUZZ_CHECK(back.has_value() && *back == *move);
    (void)notation::announce(*pos, *move, notation::AnnounceStyle::FideGerman);
  }
  return 0;
}
