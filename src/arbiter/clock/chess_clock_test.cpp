// ChessClock: every rule of Art. 6 the clock carries, with a hand-driven time source.
#include "arbiter/clock/chess_clock.hpp"

#include <gtest/gtest.h>

namespace arbiter::clock {
namespace {

using namespace std::chrono_literals;
constexpr ClockSide kW = ClockSide::White;
constexpr ClockSide kB = ClockSide::Black;

TimeControl tc(const char* text) {
  auto parsed = TimeControl::parse(text);
  EXPECT_TRUE(parsed.has_value()) << text;
  return parsed ? *parsed : TimeControl{};
}

struct Fixture {
  explicit Fixture(const char* text) : clock(tc(text), time) {}
  // Plays the move of `side` completed at absolute time `t` (ms).
  void press_at(ClockSide side, std::int64_t t) {
    time.set(Millis{t});
    clock.press(side);
  }
  ManualTimeSource time;
  ChessClock clock;
};

TEST(ChessClockIncrement, PresentBeforeMoveOne) {
  // Art. 6.3.1: the increment is added before each move, so 180+2 starts on 182 s.
  Fixture f("180+2");
  EXPECT_EQ(f.clock.remaining(kW), 182000ms);
  EXPECT_EQ(f.clock.remaining(kB), 182000ms);
  f.clock.start();
  f.press_at(kW, 3000);  // a 3 s first move
  EXPECT_EQ(f.clock.remaining(kW), 181000ms);
  EXPECT_EQ(f.clock.remaining(kB), 182000ms);
  f.time.set(5000ms);
  EXPECT_EQ(f.clock.remaining(kB), 180000ms);  // Black's clock runs from White's press
  f.press_at(kB, 5000);
  EXPECT_EQ(f.clock.remaining(kB), 182000ms);  // 182 - 2 + 2
  EXPECT_EQ(f.clock.running(), kW);
}

TEST(ChessClockIncrement, OnlyTheRunningClockCountsDown) {
  // Art. 6.2.1: pressing stops one's own clock and starts the opponent's.
  Fixture f("300");
  f.clock.start();
  f.time.set(10000ms);
  EXPECT_EQ(f.clock.remaining(kW), 290000ms);
  EXPECT_EQ(f.clock.remaining(kB), 300000ms);
  f.press_at(kW, 10000);
  f.time.set(25000ms);
  EXPECT_EQ(f.clock.remaining(kW), 290000ms);
  EXPECT_EQ(f.clock.remaining(kB), 285000ms);
}

TEST(ChessClockPeriods, FortyMoveBoundaryCarriesSavedTime) {
  // Art. 6.3.1 / 6.3.2: 40/5400+30:1800+30; at the press completing move 40 the second
  // period's 1800 s (and its increment for move 41) are added to the time saved.
  Fixture f("40/5400+30:1800+30");
  f.clock.start();
  std::int64_t t = 0;
  for (int move = 1; move <= 39; ++move) {
    t += 100000;
    f.press_at(kW, t);  // White: 100 s a move
    t += 50000;
    f.press_at(kB, t);  // Black: 50 s a move
  }
  // 5430 + 39 × (30 − 100) = 2700 s; 5430 + 39 × (30 − 50) = 4650 s.
  EXPECT_EQ(f.clock.remaining(kW), 2700000ms);
  EXPECT_EQ(f.clock.remaining(kB), 4650000ms);
  EXPECT_EQ(f.clock.period_index(kW), 0u);
  EXPECT_FALSE(f.clock.in_last_period(kW));
  t += 100000;
  f.press_at(kW, t);  // White's 40th move
  EXPECT_EQ(f.clock.moves_completed(kW), 40);
  EXPECT_EQ(f.clock.period_index(kW), 1u);
  EXPECT_TRUE(f.clock.in_last_period(kW));
  EXPECT_EQ(f.clock.remaining(kW), 4430000ms);  // 2700 − 100 + 1800 + 30
  // The quota counts per player: Black has not completed his 40th move yet.
  EXPECT_EQ(f.clock.period_index(kB), 0u);
  t += 50000;
  f.press_at(kB, t);
  EXPECT_EQ(f.clock.period_index(kB), 1u);
  EXPECT_EQ(f.clock.remaining(kB), 6430000ms);  // 4650 − 50 + 1800 + 30
  // Move 41 uses the second period's increment.
  t += 1000;
  f.press_at(kW, t);
  EXPECT_EQ(f.clock.remaining(kW), 4459000ms);
}

TEST(ChessClockPeriods, ThirdPeriodStartsAfterItsOwnQuota) {
  // Art. 6.3.1: 2 moves in 60 s, then 1 move in 30 s, then the rest in 10 s.
  Fixture f("2/60:1/30:10");
  f.clock.start();
  f.press_at(kW, 1000);
  f.press_at(kB, 2000);
  f.press_at(kW, 3000);  // White's 2nd move: + 30 s
  EXPECT_EQ(f.clock.period_index(kW), 1u);
  EXPECT_EQ(f.clock.remaining(kW), 88000ms);
  f.press_at(kB, 4000);
  f.press_at(kW, 5000);  // White's 3rd move: + 10 s
  EXPECT_EQ(f.clock.period_index(kW), 2u);
  EXPECT_EQ(f.clock.remaining(kW), 97000ms);
  f.press_at(kB, 6000);
  f.press_at(kW, 7000);  // no more periods: nothing added
  EXPECT_EQ(f.clock.period_index(kW), 2u);
  EXPECT_EQ(f.clock.remaining(kW), 96000ms);
}

TEST(ChessClockPeriods, FlagBeforeQuotaStillFalls) {
  // Art. 6.4 / 6.9: the quota must be completed before the time runs out; the next
  // period's base added by a late 40th press does not lift the flag.
  Fixture f("2/10:60");
  f.clock.start();
  f.press_at(kW, 1000);
  f.press_at(kB, 2000);
  f.press_at(kW, 15000);  // 9 s left from t = 2 s; 13 s used
  EXPECT_EQ(f.clock.flag_fell_at(kW), 11000ms);
  EXPECT_TRUE(f.clock.has_flag_fallen(kW));
  EXPECT_EQ(f.clock.remaining(kW), 56000ms);  // 9 − 13 + 60: time again, the flag stays
}

TEST(ChessClockDelay, MoveFasterThanDelayCostsNothing) {
  // Art. 6.3.2: if the clock is pressed before the delay has elapsed, the main time is
  // unchanged; unused delay is lost.
  Fixture f("900d5");
  f.clock.start();
  f.time.set(3000ms);
  EXPECT_EQ(f.clock.remaining(kW), 900000ms);
  EXPECT_EQ(f.clock.delay_left(kW), 2000ms);
  f.press_at(kW, 3000);
  EXPECT_EQ(f.clock.remaining(kW), 900000ms);
  EXPECT_EQ(f.clock.delay_left(kW), 0ms);
  EXPECT_EQ(f.clock.delay_left(kB), 5000ms);
}

TEST(ChessClockDelay, MoveSlowerThanDelayCostsTheExcess) {
  Fixture f("900d5");
  f.clock.start();
  f.press_at(kW, 8000);  // 8 s used, 5 s delay: 3 s of main time
  EXPECT_EQ(f.clock.remaining(kW), 897000ms);
  f.press_at(kB, 8000 + 5000);  // exactly the delay
  EXPECT_EQ(f.clock.remaining(kB), 900000ms);
  f.press_at(kW, 13000 + 5001);
  EXPECT_EQ(f.clock.remaining(kW), 896999ms);
}

TEST(ChessClockDelay, FlagFallsAfterDelayAndMainTime) {
  Fixture f("10d5");
  f.clock.start();
  EXPECT_EQ(f.clock.flag_instant(), 15000ms);
  f.time.set(14999ms);
  EXPECT_FALSE(f.clock.has_flag_fallen(kW));
  EXPECT_EQ(f.clock.remaining(kW), 1ms);
  f.time.set(15000ms);
  EXPECT_EQ(f.clock.flag_fell_at(kW), 15000ms);
}

TEST(ChessClockFlag, ExactInstantToTheMillisecond) {
  // Art. 6.1 / 6.8: the flag falls when the time reaches zero; the instant is computed.
  Fixture f("180+2");
  f.clock.start();
  EXPECT_EQ(f.clock.flag_instant(), 182000ms);
  f.press_at(kW, 3000);                         // White 181 s
  EXPECT_EQ(f.clock.flag_instant(), 185000ms);  // Black: 182 s from t = 3 s
  f.press_at(kB, 4321);                         // Black 182 − 1.321 + 2 = 182.679 s
  EXPECT_EQ(f.clock.flag_instant(), 4321ms + 181000ms);
  f.time.set(185320ms);
  EXPECT_FALSE(f.clock.has_flag_fallen(kW));
  EXPECT_EQ(f.clock.remaining(kW), 1ms);
  f.time.set(185321ms);
  EXPECT_EQ(f.clock.flag_fell_at(kW), 185321ms);
  EXPECT_EQ(f.clock.remaining(kW), 0ms);
  f.time.set(999999ms);  // read late: the instant does not move
  EXPECT_EQ(f.clock.flag_fell_at(kW), 185321ms);
  EXPECT_FALSE(f.clock.has_flag_fallen(kB));
}

TEST(ChessClockFlag, LatePressRecordsTheFlag) {
  // A.4.3: under 'claim' the game may go on after a flag; the clock keeps the instant.
  Fixture f("5");
  f.clock.start();
  f.press_at(kW, 7000);
  EXPECT_EQ(f.clock.flag_fell_at(kW), 5000ms);
  EXPECT_EQ(f.clock.remaining(kW), 0ms);
  f.time.set(20000ms);
  EXPECT_EQ(f.clock.flag_fell_at(kB), 12000ms);
  // III.3.1: both flags have fallen, both in the last period.
  EXPECT_TRUE(f.clock.in_last_period(kW));
  EXPECT_TRUE(f.clock.has_flag_fallen(kW));
  EXPECT_TRUE(f.clock.has_flag_fallen(kB));
}

TEST(ChessClockFlag, NoClockNoFlag) {
  Fixture f("-");
  f.clock.start();
  f.time.set(Millis{1'000'000'000});
  EXPECT_FALSE(f.clock.flag_instant().has_value());
  EXPECT_FALSE(f.clock.has_flag_fallen(kW));
  f.press_at(kW, 1'000'000'001);
  EXPECT_EQ(f.clock.moves_completed(kW), 1);
}

TEST(ChessClockCounters, CountPerPlayer) {
  // Art. 6.3.1: moves count per player.
  Fixture f("300");
  f.clock.start();
  f.press_at(kW, 1);
  f.press_at(kB, 2);
  f.press_at(kW, 3);
  EXPECT_EQ(f.clock.moves_completed(kW), 2);
  EXPECT_EQ(f.clock.moves_completed(kB), 1);
}

TEST(ChessClockAdjust, ArbiterAddsTime) {
  // Art. 7.5.3 / 9.5.3 / 12.9.2: the arbiter adds two minutes to the opponent.
  Fixture f("180+2");
  f.clock.start();
  f.time.set(10000ms);
  f.clock.adjust(kB, 120000ms);
  EXPECT_EQ(f.clock.remaining(kB), 302000ms);
  EXPECT_EQ(f.clock.remaining(kW), 172000ms);
  f.clock.adjust(kW, 60000ms);  // the running clock too
  EXPECT_EQ(f.clock.flag_instant(), 242000ms);
}

TEST(ChessClockAdjust, SubtractingEverythingDropsTheFlagNow) {
  // Art. 12.9.3: reducing the remaining time; to zero means the flag falls at once.
  Fixture f("60");
  f.clock.start();
  f.time.set(1000ms);
  f.clock.adjust(kB, -30000ms);
  EXPECT_EQ(f.clock.remaining(kB), 30000ms);
  EXPECT_FALSE(f.clock.has_flag_fallen(kB));
  f.time.set(2000ms);
  f.clock.adjust(kB, -40000ms);
  EXPECT_EQ(f.clock.remaining(kB), 0ms);
  EXPECT_EQ(f.clock.flag_fell_at(kB), 2000ms);
  f.clock.adjust(kW, -70000ms);  // running side
  EXPECT_EQ(f.clock.flag_fell_at(kW), 2000ms);
}

TEST(ChessClockPause, AdjournmentTimeDoesNotCount) {
  // Guideline I.1.1 / I.5: the clocks stop at the adjournment and restart on resumption
  // with the times used before.
  Fixture f("40/5400+30:1800+30");
  f.clock.start();
  f.press_at(kW, 60000);
  f.time.set(100000ms);  // Black thought 40 s, then seals
  f.clock.pause();
  EXPECT_TRUE(f.clock.is_paused());
  EXPECT_FALSE(f.clock.running().has_value());
  EXPECT_FALSE(f.clock.flag_instant().has_value());
  f.time.set(100000ms + 86'400'000ms);  // a day later
  EXPECT_EQ(f.clock.remaining(kB), 5390000ms);
  f.clock.resume();
  EXPECT_EQ(f.clock.running(), kB);
  f.time.set(100000ms + 86'400'000ms + 5000ms);
  f.clock.press(kB);  // the sealed move completes: 45 s in all
  EXPECT_EQ(f.clock.remaining(kB), 5430000ms - 45000ms + 30000ms);
  EXPECT_EQ(f.clock.running(), kW);
}

TEST(ChessClockPause, DelayUsedBeforePauseStaysUsed) {
  Fixture f("900d5");
  f.clock.start();
  f.time.set(3000ms);
  f.clock.pause();
  f.time.set(50000ms);
  f.clock.resume();
  EXPECT_EQ(f.clock.delay_left(kW), 2000ms);
  f.press_at(kW, 54000);  // 3 + 4 = 7 s used: 2 s of main time
  EXPECT_EQ(f.clock.remaining(kW), 898000ms);
}

TEST(ChessClockPause, PressWhilePausedCompletesTheMove) {
  // Guideline I.9.1: on resumption the sealed move is made and the other clock starts.
  Fixture f("300");
  f.clock.start();
  f.time.set(4000ms);
  f.clock.pause();
  f.press_at(kW, 90000);
  EXPECT_EQ(f.clock.remaining(kW), 296000ms);
  EXPECT_EQ(f.clock.running(), kB);
  EXPECT_FALSE(f.clock.is_paused());
}

TEST(ChessClockIncrement, QuickplaySwitchAddsFiveSecondsForBoth) {
  // Guideline III.4: increment mode of 5 s per move for both players.
  Fixture f("300");
  f.clock.start();
  f.press_at(kW, 1000);
  EXPECT_EQ(f.clock.remaining(kW), 299000ms);
  f.clock.add_increment(5000ms);
  f.press_at(kB, 3000);
  EXPECT_EQ(f.clock.remaining(kB), 303000ms);
  f.press_at(kW, 4000);
  EXPECT_EQ(f.clock.remaining(kW), 303000ms);
}

TEST(ChessClockStart, BlackCanStartInASetUpPosition) {
  Fixture f("60");
  f.clock.start(kB);
  f.time.set(1000ms);
  EXPECT_EQ(f.clock.remaining(kB), 59000ms);
  EXPECT_EQ(f.clock.remaining(kW), 60000ms);
}

TEST(ChessClockTimeOdds, EachSideHasItsOwnControl) {
  // Art. 6.3 allots the time per player: White 60+1, Black 30 with a 2 s delay and a
  // second period after 2 moves (time odds).
  ManualTimeSource time;
  ChessClock clock(tc("60+1"), tc("2/30d2:10"), time);
  EXPECT_EQ(clock.remaining(kW), 61000ms);
  EXPECT_EQ(clock.remaining(kB), 30000ms);
  EXPECT_EQ(clock.control(kW), tc("60+1"));
  EXPECT_EQ(clock.control(kB), tc("2/30d2:10"));
  clock.start();
  time.set(4000ms);
  clock.press(kW);  // 4 s used, 1 s credited for the next move
  EXPECT_EQ(clock.remaining(kW), 58000ms);
  time.set(7000ms);
  clock.press(kB);  // 3 s used with a 2 s delay: 1 s charged (Art. 6.3.2)
  EXPECT_EQ(clock.remaining(kB), 29000ms);
  time.set(8000ms);
  clock.press(kW);
  time.set(8500ms);
  clock.press(kB);  // within the delay; the quota of 2 moves is done: + 10 s
  EXPECT_EQ(clock.remaining(kB), 39000ms);
  EXPECT_EQ(clock.period_index(kB), 1u);
  EXPECT_EQ(clock.period_index(kW), 0u);
  EXPECT_TRUE(clock.in_last_period(kB));
  // White's flag instant comes from his own control: 58 s - 1 s used + 1 s = 58 s left.
  EXPECT_EQ(clock.flag_instant(), Millis{8500 + 58000});
}

TEST(ChessClockReading, AtALaterInstantWithoutMovingTheSource) {
  // A display between events: what the clock shows at t, computed from its state at the
  // last event; the time source (the last event's instant) is not advanced.
  Fixture f("60d5");
  f.clock.start();
  f.press_at(kW, 2000);
  EXPECT_EQ(f.clock.remaining_at(kB, 4000ms), 60000ms);  // Art. 6.3.2: within the delay
  EXPECT_EQ(f.clock.delay_left_at(kB, 4000ms), 3000ms);
  EXPECT_EQ(f.clock.remaining_at(kB, 17000ms), 50000ms);  // 15 s used, 5 s of them delay
  EXPECT_EQ(f.clock.delay_left_at(kB, 17000ms), 0ms);
  EXPECT_EQ(f.clock.remaining_at(kW, 17000ms), 60000ms);  // not running: unchanged
  EXPECT_EQ(f.clock.remaining_at(kB, 90000ms), 0ms);      // never negative
  EXPECT_EQ(f.clock.remaining(kB), 60000ms);              // the source still says t = 2 s
  // An instant before the running clock started reads as that start.
  EXPECT_EQ(f.clock.remaining_at(kB, 1000ms), 60000ms);
}

TEST(ChessClockCounters, MovesToControlCountDownToTheQuota) {
  // Art. 6.3.1: 2 moves in the first period, then all moves; counted per player.
  Fixture f("2/60:30");
  f.clock.start();
  EXPECT_EQ(f.clock.moves_to_control(kW), 2);
  f.press_at(kW, 1000);
  EXPECT_EQ(f.clock.moves_to_control(kW), 1);
  EXPECT_EQ(f.clock.moves_to_control(kB), 2);
  f.press_at(kB, 2000);
  f.press_at(kW, 3000);  // White completes his quota: the last period has none
  EXPECT_EQ(f.clock.moves_to_control(kW), 0);
  EXPECT_EQ(f.clock.moves_to_control(kB), 1);
  Fixture none("-");
  EXPECT_EQ(none.clock.moves_to_control(kW), 0);
}

}  // namespace
}  // namespace arbiter::clock
