// FEN in, and when it is accepted: the printed FEN reads back to the same position, the
// key computed incrementally equals the key from scratch after every legal move and its
// undo, and every legal move's SAN reads back to that move (Art. 3; PGN 8.2.3).
#include "arbiter/core/fen.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/core/position.hpp"
#include "arbiter/notation/notation.hpp"
#include "fuzz.hpp"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 256) return 0;
  const auto text = fuzz::as_text(data, size);
  auto setup = core::parse_fen(text);
  auto pos = core::Position::from_fen(text);
  if (!pos) {
    FUZZ_CHECK(!pos.error().message.empty());
    return 0;
  }
  FUZZ_CHECK(setup.has_value());  // a position implies a FEN that parsed
  const std::string fen = pos->fen();
  auto again = core::Position::from_fen(fen);
  FUZZ_CHECK(again.has_value());
  FUZZ_CHECK(again->fen() == fen);
  FUZZ_CHECK(again->key() == pos->key());
  FUZZ_CHECK(pos->key() == pos->compute_key());

  const core::MoveList moves = core::legal_moves(*pos);
  FUZZ_CHECK(static_cast<std::uint64_t>(moves.size()) == core::count_legal_moves(*pos));
  FUZZ_CHECK(moves.empty() == !core::has_legal_moves(*pos));
  core::Position work = *pos;
  for (core::Move m : moves) {
    FUZZ_CHECK(pos->is_legal(m));
    const std::string san = notation::san(*pos, m);
    auto parsed = notation::parse_move(*pos, san);
    FUZZ_CHECK(parsed.has_value());
    FUZZ_CHECK(*parsed == m);
    core::Undo undo;
    work.do_move(m, undo);
    FUZZ_CHECK(work.key() == work.compute_key());
    FUZZ_CHECK(pos->gives_check(m) == work.in_check());
    work.undo_move(m, undo);
    FUZZ_CHECK(work.fen() == fen);
  }
  return 0;
}
