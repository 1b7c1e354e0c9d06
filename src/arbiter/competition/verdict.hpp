// Verdict: what the Arbiter says happened (spec/game-events.md, "Verdict"): the result
// and its reason, the clocks, the moves that stand, the score, penalties and refusals.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/base/time_source.hpp"
#include "arbiter/competition/events.hpp"

namespace arbiter::competition {

// Every result the spec allows (Art. 10 and the forfeit forms of Art. 6.7 / 12.9).
enum class GameResult : std::uint8_t {
  Ongoing,             // "*"
  WhiteWins,           // "1-0"
  BlackWins,           // "0-1"
  Draw,                // "1/2-1/2"
  WhiteByForfeit,      // "+/-"
  BlackByForfeit,      // "-/+"
  BothForfeit,         // "-/-"
  BlackDrawWhiteLoss,  // "0-1/2"
  WhiteDrawBlackLoss,  // "1/2-0"
  BothLose,            // "0-0"
};

[[nodiscard]] std::string_view result_text(GameResult r) noexcept;
[[nodiscard]] std::optional<GameResult> parse_result(std::string_view text) noexcept;
[[nodiscard]] GameResult win_for(Color winner) noexcept;

// Art. 10.1 with the start event's scoring [win, draw, loss]: points of each side.
[[nodiscard]] std::array<double, 2> score(GameResult r,
                                          const std::array<double, 3>& scoring) noexcept;

// The spec's termination vocabulary.
enum class Termination : std::uint8_t {
  Ongoing,
  Adjourned,
  Checkmate,              // 5.1.1
  Resignation,            // 5.1.2
  TimeForfeit,            // 6.9
  TimeoutVsInsufficient,  // 6.9
  Stalemate,              // 5.2.1
  DeadPosition,           // 5.2.2
  Agreement,              // 5.2.3
  ThreefoldClaim,         // 9.2
  FiftyMoveClaim,         // 9.3
  FivefoldRepetition,     // 9.6.1
  SeventyFiveMoves,       // 9.6.2
  IllegalMoveForfeit,     // 7.5.3, A.4.2
  IllegalMoveDead,        // 7.5.3, A.4.2 when the opponent cannot mate
  IllegalPositionDraw,    // A.4.4
  BothFlags,              // III.3.1.2
  SealedMoveInvalid,      // I.8
  QuickplayClaim,         // III.5
  ArbiterDecision,        // 12.9 and every 'the arbiter decides'
};

[[nodiscard]] std::string_view termination_name(Termination t) noexcept;
// The article the termination applies ("5.1.1"), for refusals after the end.
[[nodiscard]] std::string_view termination_article(Termination t) noexcept;
// Words for the PGN Termination tag ("White checkmated" style is left to the writer).
[[nodiscard]] std::string_view termination_words(Termination t) noexcept;
// The PGN standard's value of the Termination tag (§9.8.1): "normal" (checkmate,
// resignation, every draw by the rules or by agreement), "time forfeit" (a flag, 6.9 and
// III.3.1.2, whatever 6.9 then decides), "rules infraction" (7.5.3, A.4.4, I.8),
// "adjudication" (the arbiter's decisions, III.5, 12.9), "unterminated" (not over, or
// adjourned).
[[nodiscard]] std::string_view pgn_termination(Termination t) noexcept;
// The sentence players read, from the same table: "White wins by checkmate", "Black wins
// on time", "Draw: dead position". The server sends it (`end` event, game state) and the
// web client shows it as it is.
[[nodiscard]] std::string ending_sentence(GameResult result, Termination t);

struct Penalty {
  Millis t{0};
  Color side = Color::White;  // the player the action concerns
  std::string article;        // "7.5.3"
  std::string action;         // "warn" | "add_time" | "subtract_time"
  std::optional<Millis> ms;   // for time actions
  Color to = Color::White;    // whose clock the time action changes
};

struct Refusal {
  int line = 0;
  std::string event;    // the event's type
  std::string article;  // the Law that refuses it ("" when the event itself is unusable)
  std::string reason;
};

// Guideline I.2: what the envelope of an adjourned game records.
struct Envelope {
  std::string white;
  std::string black;
  std::string fen;                     // I.2.2: the position immediately before adjournment
  std::array<Millis, 2> remaining{};   // I.2.3: the clocks, as they must be set on resumption
  Color sealed_by = Color::White;      // I.2.4
  int sealed_move_number = 1;          // I.2.5
  std::optional<Color> draw_offer_by;  // I.2.6
};

struct Verdict {
  GameResult result = GameResult::Ongoing;
  Termination termination = Termination::Ongoing;
  std::optional<Millis> ended_at;
  std::optional<std::array<Millis, 2>> clocks;  // nullopt for a game without a clock
  std::string fen;
  std::vector<std::string> moves;  // SAN of the moves that stand
  std::array<double, 2> score{};
  std::vector<Penalty> penalties;
  std::vector<Refusal> refused;
  std::optional<Envelope> envelope;  // while adjourned
  std::string pgn;
  std::string scoresheet;  // the FIDE scoresheet text, draw offers marked (=)
};

}  // namespace arbiter::competition
