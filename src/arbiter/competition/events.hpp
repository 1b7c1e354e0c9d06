// The typed events of a game as an arbiter sees it (spec/game-events.md, "Format").
// The wire module turns JSON Lines into these values; the Arbiter consumes them.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "arbiter/base/error.hpp"
#include "arbiter/base/time_source.hpp"
#include "arbiter/clock/time_control.hpp"
#include "arbiter/core/types.hpp"

namespace arbiter::competition {

using core::Color;

// "penalize": over-the-board, Art. 7.5 / A.4.2; "reject": online, refused without penalty.
enum class IllegalMovePolicy : std::uint8_t { Penalize, Reject };
// "automatic": the flag is noticed at once (Art. 6.8); "claim": only a claim counts (A.4.3).
enum class FlagPolicy : std::uint8_t { Automatic, Claim };
// Rapid and blitz only: A.3 / B.3 (adequate) or A.4 / B.4 (inadequate).
enum class Supervision : std::uint8_t { Adequate, Inadequate };

// The "rules" object of the start event; the defaults are the spec's.
struct Rules {
  IllegalMovePolicy illegal_moves = IllegalMovePolicy::Penalize;
  FlagPolicy flag = FlagPolicy::Automatic;
  Supervision supervision = Supervision::Adequate;
  int draw_offers_from_move = 0;                 // Art. 9.1.1
  bool add_time_on_first_illegal = true;         // Art. 7.5.3 'may add' (B.2 in blitz)
  bool quickplay_finish = false;                 // Guideline III.2.1: announced in advance
  std::array<double, 3> scoring{1.0, 0.5, 0.0};  // Art. 10.1: win, draw, loss
};

struct StartEvent {
  std::string white;
  std::string black;
  clock::TimeControl time_control;  // default: no clock ("-")
  // Arbiter extension (docs/competition.md): Black's own time control when the players
  // have different ones (time odds); `time_control` is then White's. Both timed or both
  // "-".
  std::optional<clock::TimeControl> time_control_black;
  std::optional<clock::Category> category;  // default: derived by A.1 / B.1, see category()
  std::optional<std::string> fen;           // default: Art. 2.3 initial position
  std::optional<int> chess960;              // Guideline II start position number
  Rules rules;

  // The time control of `side` (Art. 6.3: the time is allotted per player).
  [[nodiscard]] const clock::TimeControl& control_of(Color side) const noexcept {
    return side == Color::Black && time_control_black ? *time_control_black : time_control;
  }
  // True when the two players have different time controls.
  [[nodiscard]] bool has_time_odds() const noexcept {
    return time_control_black && *time_control_black != time_control;
  }
  // `category`, or A.1 / B.1 applied to the player with more time: a game is blitz only
  // if every player's time is that of blitz, rapid only if no player has more.
  [[nodiscard]] clock::Category derived_category() const noexcept;
};

struct MoveEvent {
  Color side = Color::White;
  std::string move;  // SAN of Appendix C, or UCI
  bool offer_draw = false;
};
struct TouchEvent {
  Color side = Color::White;
  core::Square square = core::Square::None;
};
struct OfferDrawEvent {
  Color side = Color::White;
};
struct AcceptDrawEvent {
  Color side = Color::White;
};
struct DeclineDrawEvent {
  Color side = Color::White;
};

enum class ClaimKind : std::uint8_t {
  Threefold,
  Fifty,
  Illegal,
  Flag,
  Quickplay,
  QuickplayIncrement
};
struct ClaimEvent {
  Color side = Color::White;
  ClaimKind kind = ClaimKind::Threefold;
  std::optional<std::string> move;  // the intended move of 9.2.1.1 / 9.3.1
};
struct ResignEvent {
  Color side = Color::White;
};
struct AdjournEvent {
  std::string sealed_move;
};
struct ResumeEvent {};

enum class ArbiterAction : std::uint8_t {
  AddTime,
  SubtractTime,
  Warn,
  DeclareResult,
  AcceptQuickplay,
  RejectQuickplay,
  PostponeQuickplay,
  // Art. 6.11.1 (an Arbiter extension of spec/game-events.md, docs/competition.md): the
  // game is interrupted, the clocks paused; and started again. The server writes them for
  // the time no node of a cluster could accept a move (docs/cluster.md).
  PauseClocks,
  ResumeClocks,
};
struct ArbiterEvent {
  ArbiterAction action = ArbiterAction::Warn;
  std::optional<Color> side;
  Millis ms{0};        // add_time / subtract_time
  std::string result;  // declare_result: "1-0", "0-1", "1/2-1/2", "+/-", ...
  std::string reason;  // declare_result, warn: free text
};

// An event the log names but that cannot be used: an unknown type, or a known type with a
// missing or invalid field. The Arbiter refuses it (spec: "unknown event types are
// refused"); `reason` says why.
struct UnusableEvent {
  std::string type;
  std::string reason;
};

using EventBody =
    std::variant<MoveEvent, TouchEvent, OfferDrawEvent, AcceptDrawEvent, DeclineDrawEvent,
                 ClaimEvent, ResignEvent, AdjournEvent, ResumeEvent, ArbiterEvent, UnusableEvent>;

struct Event {
  int line = 0;  // 1-based line in the log
  Millis t{0};   // since White's clock was started (Art. 6.6)
  EventBody body;
};

// The names used by the log ("white", "threefold", "add_time", ...), both ways.
[[nodiscard]] std::string_view side_name(Color c) noexcept;
[[nodiscard]] std::optional<Color> parse_side(std::string_view text) noexcept;
[[nodiscard]] std::string_view claim_kind_name(ClaimKind k) noexcept;
[[nodiscard]] std::optional<ClaimKind> parse_claim_kind(std::string_view text) noexcept;
[[nodiscard]] std::string_view arbiter_action_name(ArbiterAction a) noexcept;
[[nodiscard]] std::optional<ArbiterAction> parse_arbiter_action(std::string_view text) noexcept;
// The "type" of an event body ("move", "claim", ...; an unusable event's own type).
[[nodiscard]] std::string event_type_name(const EventBody& body);

}  // namespace arbiter::competition
