#include "arbiter/competition/events.hpp"

#include <array>
#include <utility>

namespace arbiter::competition {
namespace {

constexpr std::array<std::pair<ClaimKind, std::string_view>, 6> kClaimKinds{{
    {ClaimKind::Threefold, "threefold"},
    {ClaimKind::Fifty, "fifty"},
    {ClaimKind::Illegal, "illegal"},
    {ClaimKind::Flag, "flag"},
    {ClaimKind::Quickplay, "quickplay"},
    {ClaimKind::QuickplayIncrement, "quickplay_increment"},
}};

constexpr std::array<std::pair<ArbiterAction, std::string_view>, 9> kActions{{
    {ArbiterAction::AddTime, "add_time"},
    {ArbiterAction::SubtractTime, "subtract_time"},
    {ArbiterAction::Warn, "warn"},
    {ArbiterAction::DeclareResult, "declare_result"},
    {ArbiterAction::AcceptQuickplay, "accept_quickplay"},
    {ArbiterAction::RejectQuickplay, "reject_quickplay"},
    {ArbiterAction::PostponeQuickplay, "postpone_quickplay"},
    {ArbiterAction::PauseClocks, "pause_clocks"},
    {ArbiterAction::ResumeClocks, "resume_clocks"},
}};

template <typename Table, typename Key>
std::string_view name_in(const Table& table, Key key) noexcept {
  for (const auto& [k, name] : table)
    if (k == key) return name;
  return "?";
}

template <typename Key, typename Table>
std::optional<Key> key_in(const Table& table, std::string_view text) noexcept {
  for (const auto& [k, name] : table)
    if (name == text) return k;
  return std::nullopt;
}

}  // namespace

std::string_view side_name(Color c) noexcept { return c == Color::White ? "white" : "black"; }

std::optional<Color> parse_side(std::string_view text) noexcept {
  if (text == "white") return Color::White;
  if (text == "black") return Color::Black;
  return std::nullopt;
}

std::string_view claim_kind_name(ClaimKind k) noexcept { return name_in(kClaimKinds, k); }
std::optional<ClaimKind> parse_claim_kind(std::string_view text) noexcept {
  return key_in<ClaimKind>(kClaimKinds, text);
}
std::string_view arbiter_action_name(ArbiterAction a) noexcept { return name_in(kActions, a); }
std::optional<ArbiterAction> parse_arbiter_action(std::string_view text) noexcept {
  return key_in<ArbiterAction>(kActions, text);
}

std::string event_type_name(const EventBody& body) {
  struct Namer {
    std::string operator()(const MoveEvent&) const { return "move"; }
    std::string operator()(const TouchEvent&) const { return "touch"; }
    std::string operator()(const OfferDrawEvent&) const { return "offer_draw"; }
    std::string operator()(const AcceptDrawEvent&) const { return "accept_draw"; }
    std::string operator()(const DeclineDrawEvent&) const { return "decline_draw"; }
    std::string operator()(const ClaimEvent&) const { return "claim"; }
    std::string operator()(const ResignEvent&) const { return "resign"; }
    std::string operator()(const AdjournEvent&) const { return "adjourn"; }
    std::string operator()(const ResumeEvent&) const { return "resume"; }
    std::string operator()(const ArbiterEvent&) const { return "arbiter"; }
    std::string operator()(const UnusableEvent& e) const { return e.type; }
  };
  return std::visit(Namer{}, body);
}

clock::Category StartEvent::derived_category() const noexcept {
  if (category) return *category;
  const clock::TimeControl& second = control_of(Color::Black);
  return second.nominal_time() > time_control.nominal_time() ? second.category()
                                                             : time_control.category();
}

}  // namespace arbiter::competition
