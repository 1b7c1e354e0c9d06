#include "arbiter/wire/event_log_writer.hpp"

#include <sstream>
#include <type_traits>

#include "arbiter/core/fen.hpp"

namespace arbiter::wire {

using namespace competition;

std::string start_line(const StartEvent& s) {
  std::ostringstream o;
  o << "{\"type\":\"start\",\"white\":" << json_string(s.white)
    << ",\"black\":" << json_string(s.black)
    << ",\"time_control\":" << json_string(s.time_control.to_string());
  // Arbiter extension (docs/competition.md): Black's own control under time odds.
  if (s.has_time_odds())
    o << ",\"time_control_black\":" << json_string(s.time_control_black->to_string());
  if (s.category) o << ",\"category\":\"" << clock::to_string(*s.category) << '"';
  if (s.fen) o << ",\"fen\":" << json_string(*s.fen);
  if (s.chess960) o << ",\"chess960\":" << *s.chess960;
  const Rules& r = s.rules;
  o << ",\"rules\":{\"illegal_moves\":\""
    << (r.illegal_moves == IllegalMovePolicy::Penalize ? "penalize" : "reject") << "\",\"flag\":\""
    << (r.flag == FlagPolicy::Automatic ? "automatic" : "claim") << "\",\"supervision\":\""
    << (r.supervision == Supervision::Adequate ? "adequate" : "inadequate")
    << "\",\"draw_offers_from_move\":" << r.draw_offers_from_move
    << ",\"add_time_on_first_illegal\":" << (r.add_time_on_first_illegal ? "true" : "false")
    << ",\"quickplay_finish\":" << (r.quickplay_finish ? "true" : "false") << ",\"scoring\":["
    << r.scoring[0] << ',' << r.scoring[1] << ',' << r.scoring[2] << "]}}";
  return o.str();
}

std::string event_line(const Event& e) {
  JsonText j{96};
  j.open().field("t", e.t.count()).field("type", event_type_name(e.body));
  const auto side = [&j](Color c) { j.field("side", side_name(c)); };
  std::visit(
      [&](const auto& b) {
        using T = std::decay_t<decltype(b)>;
        if constexpr (std::is_same_v<T, MoveEvent>) {
          side(b.side);
          j.field("move", b.move);
          if (b.offer_draw) j.field("offer_draw", true);
        } else if constexpr (std::is_same_v<T, TouchEvent>) {
          side(b.side);
          j.field("square", core::square_name(b.square));
        } else if constexpr (std::is_same_v<T, OfferDrawEvent> ||
                             std::is_same_v<T, AcceptDrawEvent> ||
                             std::is_same_v<T, DeclineDrawEvent> ||
                             std::is_same_v<T, ResignEvent>) {
          side(b.side);
        } else if constexpr (std::is_same_v<T, ClaimEvent>) {
          side(b.side);
          j.field("kind", claim_kind_name(b.kind));
          if (b.move) j.field("move", *b.move);
        } else if constexpr (std::is_same_v<T, AdjournEvent>) {
          j.field("sealed_move", b.sealed_move);
        } else if constexpr (std::is_same_v<T, ArbiterEvent>) {
          j.field("action", arbiter_action_name(b.action));
          if (b.side) side(*b.side);
          if (b.action == ArbiterAction::AddTime || b.action == ArbiterAction::SubtractTime)
            j.field("ms", b.ms.count());
          if (!b.result.empty()) j.field("result", b.result);
          if (!b.reason.empty()) j.field("reason", b.reason);
        }
      },
      e.body);
  return j.close().take();
}

std::string event_log_text(const StartEvent& start, const std::vector<Event>& events) {
  std::string out = start_line(start) + '\n';
  for (const Event& e : events) {
    if (std::holds_alternative<UnusableEvent>(e.body)) continue;
    out += event_line(e) + '\n';
  }
  return out;
}

}  // namespace arbiter::wire
