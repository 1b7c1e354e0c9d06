#include "arbiter/wire/event_json.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <variant>

#include "arbiter/wire/json_number.hpp"

namespace arbiter::wire {
namespace {

using competition::Event;
using competition::EventBody;
using competition::StartEvent;
using competition::UnusableEvent;
using nlohmann::json;

// A field problem: which field and why.
struct FieldError {
  std::string field;
  std::string message;
};

template <typename T>
using Field = std::variant<T, FieldError>;

Error field_error(const FieldError& f, int line) {
  return Error{ErrorCode::kEventSyntax, "\"" + f.field + "\": " + f.message,
               Location{line, 0, f.field}};
}

std::optional<std::string> string_field(const json& obj, const char* key, FieldError& err,
                                        bool& ok) {
  const auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) {
    err = FieldError{key, "must be a string"};
    ok = false;
    return std::nullopt;
  }
  return it->get<std::string>();
}

std::optional<std::int64_t> integer_field(const json& obj, const char* key, FieldError& err,
                                          bool& ok) {
  const auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return std::nullopt;
  // Every integer field is within +-2^61, so sums of two (times on a clock) stay in range.
  constexpr std::int64_t kLimit = std::numeric_limits<std::int64_t>::max() / 4;
  if (it->is_number_float()) {
    if (auto v = whole_number(it->get<double>(), 1e15)) return v;
  } else if (auto v = checked_integer(*it, -kLimit, kLimit)) {
    return v;
  }
  err = FieldError{key, "must be an integer (at most 2^61 in size)"};
  ok = false;
  return std::nullopt;
}

std::optional<bool> bool_field(const json& obj, const char* key, FieldError& err, bool& ok) {
  const auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return std::nullopt;
  if (!it->is_boolean()) {
    err = FieldError{key, "must be true or false"};
    ok = false;
    return std::nullopt;
  }
  return it->get<bool>();
}

Result<json> parse_object(std::string_view text, int line) {
  json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) {
    return make_error(ErrorCode::kEventSyntax, "not valid JSON", Location{line, 0, ""});
  }
  if (!j.is_object()) {
    return make_error(ErrorCode::kEventSyntax, "each line must be one JSON object",
                      Location{line, 0, ""});
  }
  return j;
}

Result<competition::Rules> parse_rules(const json& obj, int line) {
  competition::Rules rules;
  const auto it = obj.find("rules");
  if (it == obj.end() || it->is_null()) return rules;
  if (!it->is_object())
    return make_error(ErrorCode::kEventSyntax, "\"rules\" must be an object",
                      Location{line, 0, "rules"});
  const json& r = *it;
  FieldError err;
  bool ok = true;
  const auto bad = [&](const char* field, std::string message) {
    return make_error(ErrorCode::kEventSyntax, "\"rules." + std::string(field) + "\": " + message,
                      Location{line, 0, std::string("rules.") + field});
  };
  if (auto s = string_field(r, "illegal_moves", err, ok)) {
    if (*s == "penalize")
      rules.illegal_moves = competition::IllegalMovePolicy::Penalize;
    else if (*s == "reject")
      rules.illegal_moves = competition::IllegalMovePolicy::Reject;
    else
      return bad("illegal_moves", "must be \"penalize\" or \"reject\"");
  }
  if (auto s = string_field(r, "flag", err, ok)) {
    if (*s == "automatic")
      rules.flag = competition::FlagPolicy::Automatic;
    else if (*s == "claim")
      rules.flag = competition::FlagPolicy::Claim;
    else
      return bad("flag", "must be \"automatic\" or \"claim\"");
  }
  if (auto s = string_field(r, "supervision", err, ok)) {
    if (*s == "adequate")
      rules.supervision = competition::Supervision::Adequate;
    else if (*s == "inadequate")
      rules.supervision = competition::Supervision::Inadequate;
    else
      return bad("supervision", "must be \"adequate\" or \"inadequate\"");
  }
  if (auto n = integer_field(r, "draw_offers_from_move", err, ok)) {
    if (*n < 0 || *n > 10000) return bad("draw_offers_from_move", "must be between 0 and 10000");
    rules.draw_offers_from_move = static_cast<int>(*n);
  }
  if (auto b = bool_field(r, "add_time_on_first_illegal", err, ok)) {
    rules.add_time_on_first_illegal = *b;
  }
  if (auto b = bool_field(r, "quickplay_finish", err, ok)) rules.quickplay_finish = *b;
  if (!ok) return bad(err.field.c_str(), err.message);
  if (const auto s = r.find("scoring"); s != r.end() && !s->is_null()) {
    if (!s->is_array() || s->size() != 3) return bad("scoring", "must be [win, draw, loss]");
    for (std::size_t i = 0; i < 3; ++i) {
      if (!(*s)[i].is_number()) return bad("scoring", "must hold three numbers");
      const double points = (*s)[i].get<double>();
      if (!std::isfinite(points) || std::abs(points) > 1e6)
        return bad("scoring", "points must be between -1000000 and 1000000");
      rules.scoring[i] = points;
    }
  }
  return rules;
}

// Reads "side"; an error message when it is missing or unknown.
Field<competition::Color> side_of(const json& obj) {
  const auto it = obj.find("side");
  if (it == obj.end() || !it->is_string())
    return FieldError{"side", "missing \"side\" (\"white\" or \"black\")"};
  const std::string s = it->get<std::string>();
  if (auto c = competition::parse_side(s)) return *c;
  return FieldError{"side", "unknown side \"" + s + "\" (\"white\" or \"black\")"};
}

Field<std::string> required_string(const json& obj, const char* key) {
  const auto it = obj.find(key);
  if (it == obj.end() || !it->is_string())
    return FieldError{key, std::string("missing string \"") + key + "\""};
  return it->get<std::string>();
}

core::Square parse_square(const std::string& s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
    return core::Square::None;
  return core::make_square(static_cast<core::File>(s[0] - 'a'),
                           static_cast<core::Rank>(s[1] - '1'));
}

// The body of a known event type, or the reason it is unusable.
Field<EventBody> body_of(const std::string& type, const json& obj) {
  using namespace competition;
  const auto with_side = [&](auto make) -> Field<EventBody> {
    auto side = side_of(obj);
    if (auto* f = std::get_if<FieldError>(&side)) return *f;
    return make(std::get<Color>(side));
  };
  FieldError err;
  bool ok = true;
  if (type == "move") {
    return with_side([&](Color c) -> Field<EventBody> {
      auto mv = required_string(obj, "move");
      if (auto* f = std::get_if<FieldError>(&mv)) return *f;
      const auto offer = bool_field(obj, "offer_draw", err, ok);
      if (!ok) return err;
      return EventBody{MoveEvent{c, std::get<std::string>(mv), offer.value_or(false)}};
    });
  }
  if (type == "touch") {
    return with_side([&](Color c) -> Field<EventBody> {
      auto sq = required_string(obj, "square");
      if (auto* f = std::get_if<FieldError>(&sq)) return *f;
      const core::Square s = parse_square(std::get<std::string>(sq));
      if (s == core::Square::None)
        return FieldError{"square", "not a square: \"" + std::get<std::string>(sq) + "\""};
      return EventBody{TouchEvent{c, s}};
    });
  }
  if (type == "offer_draw")
    return with_side([](Color c) { return Field<EventBody>{EventBody{OfferDrawEvent{c}}}; });
  if (type == "accept_draw")
    return with_side([](Color c) { return Field<EventBody>{EventBody{AcceptDrawEvent{c}}}; });
  if (type == "decline_draw")
    return with_side([](Color c) { return Field<EventBody>{EventBody{DeclineDrawEvent{c}}}; });
  if (type == "resign")
    return with_side([](Color c) { return Field<EventBody>{EventBody{ResignEvent{c}}}; });
  if (type == "claim") {
    return with_side([&](Color c) -> Field<EventBody> {
      auto kind = required_string(obj, "kind");
      if (auto* f = std::get_if<FieldError>(&kind)) return *f;
      const auto k = parse_claim_kind(std::get<std::string>(kind));
      if (!k)
        return FieldError{"kind", "unknown claim kind \"" + std::get<std::string>(kind) + "\""};
      auto move = string_field(obj, "move", err, ok);
      if (!ok) return err;
      return EventBody{ClaimEvent{c, *k, move}};
    });
  }
  if (type == "adjourn") {
    auto sealed = required_string(obj, "sealed_move");
    if (auto* f = std::get_if<FieldError>(&sealed)) return *f;
    return EventBody{AdjournEvent{std::get<std::string>(sealed)}};
  }
  if (type == "resume") return EventBody{ResumeEvent{}};
  if (type == "arbiter") {
    auto action_text = required_string(obj, "action");
    if (auto* f = std::get_if<FieldError>(&action_text)) return *f;
    const auto action = parse_arbiter_action(std::get<std::string>(action_text));
    if (!action)
      return FieldError{"action",
                        "unknown arbiter action \"" + std::get<std::string>(action_text) + "\""};
    ArbiterEvent a;
    a.action = *action;
    if (obj.contains("side")) {
      auto side = side_of(obj);
      if (auto* f = std::get_if<FieldError>(&side)) return *f;
      a.side = std::get<Color>(side);
    }
    const auto ms = integer_field(obj, "ms", err, ok);
    if (!ok) return err;
    if (*action == ArbiterAction::AddTime || *action == ArbiterAction::SubtractTime) {
      if (!ms || *ms <= 0) return FieldError{"ms", "a positive \"ms\" is required"};
      a.ms = Millis{*ms};
    }
    a.result = string_field(obj, "result", err, ok).value_or("");
    a.reason = string_field(obj, "reason", err, ok).value_or("");
    if (!ok) return err;
    return EventBody{a};
  }
  return FieldError{"type", "unknown event type \"" + type + "\""};
}

}  // namespace

Result<StartEvent> parse_start(std::string_view text, int line) {
  auto obj = parse_object(text, line);
  if (!obj) return tl::unexpected(obj.error());
  const auto type = obj->find("type");
  if (type == obj->end() || !type->is_string() || type->get<std::string>() != "start") {
    return make_error(ErrorCode::kEventOrder, "the first event must be {\"type\":\"start\", ...}",
                      Location{line, 0, "type"});
  }
  StartEvent start;
  FieldError err;
  bool ok = true;
  start.white = string_field(*obj, "white", err, ok).value_or("");
  start.black = string_field(*obj, "black", err, ok).value_or("");
  const auto tc = string_field(*obj, "time_control", err, ok);
  // Arbiter extension (docs/competition.md): Black's own time control (time odds).
  const auto tc_black = string_field(*obj, "time_control_black", err, ok);
  const auto category = string_field(*obj, "category", err, ok);
  start.fen = string_field(*obj, "fen", err, ok);
  const auto n960 = integer_field(*obj, "chess960", err, ok);
  if (!ok) return tl::unexpected(field_error(err, line));
  if (tc) {
    auto parsed = clock::TimeControl::parse(*tc);
    if (!parsed) {
      Error e = parsed.error();
      e.where.line = line;
      e.message = "time_control \"" + *tc + "\": " + e.message;
      return tl::unexpected(e);
    }
    start.time_control = *parsed;
  }
  if (tc_black) {
    auto parsed = clock::TimeControl::parse(*tc_black);
    if (!parsed) {
      Error e = parsed.error();
      e.where.line = line;
      e.where.field = "time_control_black";
      e.message = "time_control_black \"" + *tc_black + "\": " + e.message;
      return tl::unexpected(e);
    }
    if (parsed->is_unlimited() != start.time_control.is_unlimited()) {
      return tl::unexpected(field_error(
          FieldError{"time_control_black",
                     "both players need a clock, or neither (\"-\"): time_control is \"" +
                         start.time_control.to_string() + "\""},
          line));
    }
    start.time_control_black = *parsed;
  }
  if (category) {
    auto c = clock::parse_category(*category);
    if (!c) return tl::unexpected(field_error(FieldError{"category", c.error().message}, line));
    start.category = *c;
  }
  if (n960) {
    if (*n960 < 0 || *n960 > 959) {
      return tl::unexpected(field_error(FieldError{"chess960", "must be 0..959"}, line));
    }
    start.chess960 = static_cast<int>(*n960);
  }
  auto rules = parse_rules(*obj, line);
  if (!rules) return tl::unexpected(rules.error());
  start.rules = *rules;
  return start;
}

Result<Event> parse_event(std::string_view text, int line) {
  auto obj = parse_object(text, line);
  if (!obj) return tl::unexpected(obj.error());
  FieldError err;
  bool ok = true;
  const auto t = integer_field(*obj, "t", err, ok);
  if (!ok || !t) {
    return make_error(ErrorCode::kEventSyntax,
                      "\"t\" (milliseconds since the clock was started) must be an integer",
                      Location{line, 0, "t"});
  }
  if (*t < 0) {
    return make_error(ErrorCode::kEventSyntax, "\"t\" must not be negative",
                      Location{line, 0, "t"});
  }
  Event e;
  e.line = line;
  e.t = Millis{*t};
  const auto type = obj->find("type");
  if (type == obj->end() || !type->is_string()) {
    e.body = UnusableEvent{"?", "the event has no \"type\""};
    return e;
  }
  const std::string name = type->get<std::string>();
  if (name == "start") {
    e.body = UnusableEvent{name, "a second \"start\" event"};
    return e;
  }
  auto body = body_of(name, *obj);
  if (auto* f = std::get_if<FieldError>(&body)) {
    e.body = UnusableEvent{name, f->message};
  } else {
    e.body = std::get<EventBody>(std::move(body));
  }
  return e;
}

Result<EventLog> read_event_log(std::istream& in) {
  EventLog log;
  std::string text;
  int line = 0;
  bool have_start = false;
  Millis last{0};
  while (std::getline(in, text)) {
    ++line;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    if (!have_start) {
      auto start = parse_start(text, line);
      if (!start) return tl::unexpected(start.error());
      log.start = std::move(*start);
      have_start = true;
      continue;
    }
    auto event = parse_event(text, line);
    if (!event) return tl::unexpected(event.error());
    if (event->t < last) {
      return make_error(ErrorCode::kEventOrder,
                        "\"t\" goes backwards: " + std::to_string(event->t.count()) + " after " +
                            std::to_string(last.count()),
                        Location{line, 0, "t"});
    }
    last = event->t;
    log.events.push_back(std::move(*event));
  }
  if (!have_start) {
    return make_error(ErrorCode::kEventOrder, "the log is empty: no start event",
                      Location{line + 1, 0, ""});
  }
  return log;
}

}  // namespace arbiter::wire
