// How likely a position is to be won, and how bad a move was by what it threw away: the
// curves and thresholds of lichess's game analysis, so that Arbiter's numbers read like
// the ones players know (docs/analysis.md, "Formulas", says where each constant comes from).
//
// Win chance (lichess `WinPercent`, scalachess core/eval.scala):
//   win% = 50 + 50 · (2 / (1 + exp(-0.00368208 · cp)) − 1),  cp capped at ±1000,
// a logistic curve that lichess fitted to real game data (lila pull request 11148; the
// page lichess.org/page/accuracy): +1.00 is 59.1 %, +3.00 75.1 %, +10.00 97.5 %. It was
// fitted to Stockfish's centipawns; the built-in engine's are of about the same size
// (a pawn near 100), which is all the curve needs to be read the same way.
#pragma once

#include <cstdint>
#include <string_view>

#include "arbiter/analysis/evaluation.hpp"

namespace arbiter::analysis {

// lichess's multiplier (`WinPercent.winningChances`, MULTIPLIER = -0.00368208).
inline constexpr double kWinChanceSlope = 0.00368208;

// lichess's "winning chances" in [-1, +1] from White's view, without the ±1000 cap
// (lila's `CpAdvice` judges moves on this uncapped value).
[[nodiscard]] double winning_chances(int centipawns) noexcept;

// The win chance in percent [0, 100] from White's view, centipawns capped at ±1000.
[[nodiscard]] double win_chance(int centipawns) noexcept;
// A mate counts as the cap with the winner's sign, 97.5 % or 2.5 %, not 100 % or 0 %:
// that is lichess's `WinPercent.fromMate`. A player who had a mate and keeps a winning
// position of ten pawns or more then loses nothing, which is how lichess scores the
// conversion of a won game (a "longer" win is not a worse move).
[[nodiscard]] double win_chance(const Evaluation& e) noexcept;
// The same from `side`'s point of view (100 − White's for Black).
[[nodiscard]] double win_chance(const Evaluation& e, core::Color side) noexcept;

// lichess's three judgements (`Advice.Judgement`), with the NAG each one gets (PGN
// standard 10: $6 "?!" dubious, $2 "?" poor, $4 "??" very poor).
enum class Judgement : std::uint8_t { None, Inaccuracy, Mistake, Blunder };

[[nodiscard]] std::uint8_t nag_of(Judgement j) noexcept;  // 0 for None
// "inaccuracy", "mistake", "blunder", "-" (the text form and the JSON of the CLI).
[[nodiscard]] std::string_view to_string(Judgement j) noexcept;
// Reads what to_string writes.
[[nodiscard]] bool parse_judgement(std::string_view text, Judgement& out) noexcept;

// The drops of the mover's winning chances (lila `CpAdvice.winningChanceJudgements`:
// 0.3, 0.2 and 0.1 on the [-1, +1] scale of `winning_chances`). On the 0-100 scale of
// win_chance these are 15, 10 and 5 points, half what one might guess from "0.3".
inline constexpr double kBlunderDrop = 0.3;
inline constexpr double kMistakeDrop = 0.2;
inline constexpr double kInaccuracyDrop = 0.1;

// The judgement of a move by `mover`, from the evaluations before and after it.
//  - Both in centipawns: by the drop of the mover's winning chances (thresholds above).
//  - A mate appears against the mover ("Checkmate is now unavoidable"): an inaccuracy if
//    the mover stood worse than −9.99 before, a mistake below −7.00, else a blunder.
//  - The mover had a mate and has none any more, or now gets mated ("Lost forced
//    checkmate sequence"): an inaccuracy if still above +9.99, a mistake above +7.00,
//    else (or when mated) a blunder.
//  - Any other change involving a mate (a slower mate, escaping or finding one): none.
// (lila `Advice`, `CpAdvice` then `MateAdvice`.)
[[nodiscard]] Judgement judge(const Evaluation& before, const Evaluation& after,
                              core::Color mover) noexcept;

// Why: "Inaccuracy", "Mistake", "Blunder", or for the mate rules above "Checkmate is now
// unavoidable" / "Lost forced checkmate sequence" (lichess's comment texts). Empty when
// judge() gives None.
[[nodiscard]] std::string_view judgement_reason(const Evaluation& before, const Evaluation& after,
                                                core::Color mover) noexcept;

}  // namespace arbiter::analysis
