// Property: random legal games with random thinking times, fed to the Arbiter as events,
// end exactly as game::Game alone says (Art. 5, 9.6) or at the flag instant an independent
// clock model computes (Art. 6.3, 6.9), with the same clocks to the millisecond.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "arbiter/competition/arbiter.hpp"
#include "arbiter/core/movegen.hpp"
#include "arbiter/core/uci_move.hpp"
#include "arbiter/game/dead.hpp"
#include "arbiter/notation/notation.hpp"

namespace arbiter {
namespace {

using competition::Color;
using competition::Termination;

// An independent model of one player's clock, written from the spec's conventions.
struct ModelClock {
  std::vector<clock::Period> periods;
  std::int64_t main = 0;
  std::size_t period = 0;
  int in_period = 0;

  explicit ModelClock(const clock::TimeControl& tc) : periods(tc.periods()) {
    if (!periods.empty()) main = periods[0].base.count() + periods[0].increment.count();
  }
  bool unlimited() const { return periods.empty(); }
  std::int64_t delay() const { return periods.empty() ? 0 : periods[period].delay.count(); }
  // Time this move may use before the flag falls.
  std::int64_t budget() const { return main + delay(); }
  void complete(std::int64_t used) {
    main -= std::max<std::int64_t>(0, used - delay());
    ++in_period;
    if (periods[period].moves > 0 && in_period == periods[period].moves &&
        period + 1 < periods.size()) {
      ++period;
      in_period = 0;
      main += periods[period].base.count();
    }
    main += periods[period].increment.count();
  }
};

Termination expected_of(game::Termination t) {
  switch (t) {
    case game::Termination::Checkmate: return Termination::Checkmate;
    case game::Termination::Stalemate: return Termination::Stalemate;
    case game::Termination::DeadPosition: return Termination::DeadPosition;
    case game::Termination::FivefoldRepetition: return Termination::FivefoldRepetition;
    case game::Termination::SeventyFiveMoves: return Termination::SeventyFiveMoves;
    case game::Termination::None: break;
  }
  return Termination::Ongoing;
}

Termination play_random_game(std::uint32_t seed, const char* tc_text) {
  SCOPED_TRACE("seed " + std::to_string(seed) + ", time control " + tc_text);
  std::mt19937 rng(seed);
  competition::StartEvent start;
  start.time_control = *clock::TimeControl::parse(tc_text);
  auto arbiter = competition::Arbiter::create(start);
  if (!arbiter) {
    ADD_FAILURE() << arbiter.error().describe();
    return Termination::Ongoing;
  }
  game::Game reference;
  ModelClock model[2] = {ModelClock{start.time_control}, ModelClock{start.time_control}};
  std::int64_t t = 0;
  std::optional<Termination> expected;
  std::optional<competition::GameResult> expected_result;
  std::int64_t ended_at = -1;
  std::uniform_int_distribution<std::int64_t> think(0, 4000);
  for (int ply = 0; ply < 400 && !expected; ++ply) {
    const core::Position& pos = reference.position();
    const Color side = pos.side_to_move();
    const core::MoveList legal = core::legal_moves(pos);
    const core::Move m = legal[static_cast<int>(rng() % static_cast<unsigned>(legal.size()))];
    const std::int64_t used = think(rng);
    ModelClock& mine = model[core::index(side)];
    const bool use_san = rng() % 2 == 0;
    const std::string text = use_san ? notation::san(pos, m) : core::to_uci(pos, m);
    if (!mine.unlimited() && used >= mine.budget()) {
      // Art. 6.9: the flag falls at the exact instant the budget runs out.
      ended_at = t + mine.budget();
      mine.main = 0;
      const bool can_mate = game::can_checkmate(pos, ~side).can_mate != game::Tristate::No;
      expected = can_mate ? Termination::TimeForfeit : Termination::TimeoutVsInsufficient;
      expected_result = can_mate ? competition::win_for(~side) : competition::GameResult::Draw;
    } else if (!mine.unlimited()) {
      mine.complete(used);
    }
    t += used;
    arbiter->apply(
        competition::Event{ply + 2, Millis{t}, competition::MoveEvent{side, text, false}});
    if (expected) break;
    reference.push(m);
    // 5.2.2 as the Arbiter decides it: the full decision within its budget.
    const game::Outcome outcome =
        reference.outcome(game::DeadCheck::Full, competition::kDeadPositionLimits);
    if (outcome.is_over()) {
      expected = expected_of(outcome.termination);
      expected_result =
          outcome.winner ? competition::win_for(*outcome.winner) : competition::GameResult::Draw;
      ended_at = t;
    }
  }
  const competition::Verdict v = arbiter->verdict();
  EXPECT_EQ(static_cast<int>(v.moves.size()), reference.ply());
  EXPECT_EQ(v.fen, reference.position().fen());
  if (expected) {
    EXPECT_EQ(competition::termination_name(v.termination),
              competition::termination_name(*expected));
    EXPECT_EQ(v.result, *expected_result);
    EXPECT_EQ(v.ended_at.value_or(Millis{-2}).count(), ended_at);
  } else {
    EXPECT_EQ(v.termination, Termination::Ongoing);
  }
  if (model[0].unlimited()) {
    EXPECT_FALSE(v.clocks.has_value());
    return v.termination;
  }
  if (!v.clocks) {
    ADD_FAILURE() << "no clocks in the verdict";
    return v.termination;
  }
  // Every game ends at a press or at a flag, so no clock runs past the model's figures.
  EXPECT_EQ((*v.clocks)[0].count(), std::max<std::int64_t>(0, model[0].main));
  EXPECT_EQ((*v.clocks)[1].count(), std::max<std::int64_t>(0, model[1].main));
  return v.termination;
}

TEST(RandomGames, SameEndingAndClocksAsIndependentModel) {
  const char* controls[] = {"300+3", "60d2", "3/20:40+1", "30", "-", "120"};
  std::vector<Termination> seen;
  for (std::uint32_t seed = 1; seed <= 120; ++seed) {
    seen.push_back(play_random_game(seed, controls[seed % std::size(controls)]));
    if (HasFailure()) return;
  }
  // The sample must exercise both kinds of ending, or it proves little.
  const auto count = [&](Termination t) { return std::count(seen.begin(), seen.end(), t); };
  EXPECT_GT(count(Termination::TimeForfeit) + count(Termination::TimeoutVsInsufficient), 0);
  EXPECT_GT(count(Termination::Checkmate) + count(Termination::Stalemate) +
                count(Termination::DeadPosition) + count(Termination::FivefoldRepetition) +
                count(Termination::SeventyFiveMoves),
            0);
}

}  // namespace
}  // namespace arbiter
