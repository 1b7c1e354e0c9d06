#include "arbiter/wire/protocol.hpp"

#include <limits>
#include <nlohmann/json.hpp>

#include "arbiter/wire/json_number.hpp"
#include "arbiter/wire/json_text.hpp"

namespace arbiter::wire {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr int kMaxDepth = 16;  // the protocol nests at most three levels

std::string_view side_text(Color c) noexcept { return c == Color::White ? "white" : "black"; }

std::optional<Color> side_of(std::string_view s) noexcept {
  if (s == "white") return Color::White;
  if (s == "black") return Color::Black;
  return std::nullopt;
}

ordered_json side_or_null(const std::optional<Color>& c) {
  return c ? ordered_json(std::string(side_text(*c))) : ordered_json(nullptr);
}

ordered_json opt_string(const std::optional<std::string>& s) {
  return s ? ordered_json(*s) : ordered_json(nullptr);
}

// Bracket nesting outside strings: refuses pathological input before the parser builds it.
bool nesting_ok(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '{' || c == '[') {
      if (++depth > kMaxDepth) return false;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return true;
}

std::optional<json> parse_json(std::string_view text) {
  if (!nesting_ok(text)) return std::nullopt;
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return std::nullopt;
  return j;
}

// ------------------------------------------------------------------ client messages

struct Fail {
  std::string message;
};

// Field readers for the client messages: a wrong type is a `bad-json` error.
std::int64_t int_field(const json& o, const char* name, std::int64_t lo, std::int64_t hi) {
  auto it = o.find(name);
  if (it == o.end()) throw Fail{std::string("\"") + name + "\" is missing"};
  if (!it->is_number_integer()) throw Fail{std::string("\"") + name + "\" must be an integer"};
  const auto v = checked_integer(*it, lo, hi);
  if (!v) throw Fail{std::string("\"") + name + "\" is out of range"};
  return *v;
}

std::int64_t opt_int_field(const json& o, const char* name, std::int64_t lo, std::int64_t hi,
                           std::int64_t fallback) {
  auto it = o.find(name);
  if (it == o.end() || it->is_null()) return fallback;
  return int_field(o, name, lo, hi);
}

std::string string_field(const json& o, const char* name, std::size_t max_len) {
  auto it = o.find(name);
  if (it == o.end()) throw Fail{std::string("\"") + name + "\" is missing"};
  if (!it->is_string()) throw Fail{std::string("\"") + name + "\" must be a string"};
  auto s = it->get<std::string>();
  if (s.size() > max_len) throw Fail{std::string("\"") + name + "\" is too long"};
  return s;
}

const json& data_of(const json& o) {
  auto it = o.find("d");
  if (it == o.end() || !it->is_object()) throw Fail{"\"d\" must be an object"};
  return *it;
}

OfferAction offer_action(const json& d) {
  const std::string a = string_field(d, "action", 16);
  if (a == "offer") return OfferAction::Offer;
  if (a == "accept") return OfferAction::Accept;
  if (a == "decline") return OfferAction::Decline;
  throw Fail{"\"action\" must be offer, accept or decline"};
}

constexpr std::int64_t kMaxId = std::int64_t{1} << 53;  // exact in JavaScript numbers

}  // namespace

tl::expected<ClientMessage, ProtocolError> parse_client_message(std::string_view text) {
  auto parsed = parse_json(text);
  if (!parsed) return tl::unexpected(ProtocolError{"bad-json", "the message is not JSON", {}});
  const json& j = *parsed;
  if (!j.is_object()) {
    return tl::unexpected(ProtocolError{"bad-json", "a message is a JSON object", {}});
  }
  auto t_it = j.find("t");
  if (t_it == j.end() || !t_it->is_string()) {
    return tl::unexpected(ProtocolError{"bad-json", "\"t\" (the message type) is missing", {}});
  }
  const std::string t = t_it->get<std::string>();
  std::optional<std::int64_t> id;
  if (auto it = j.find("id");
      it != j.end() && it->is_number_integer() && !it->is_number_unsigned()) {
    id = it->get<std::int64_t>();
  } else if (it != j.end() && it->is_number_unsigned() &&
             it->get<std::uint64_t>() <= static_cast<std::uint64_t>(kMaxId)) {
    id = static_cast<std::int64_t>(it->get<std::uint64_t>());
  }
  try {
    if (t == "hello") {
      HelloMsg m;
      m.v = static_cast<int>(int_field(j, "v", 0, 1'000'000));
      if (auto it = j.find("token"); it != j.end() && !it->is_null()) {
        if (!it->is_string()) throw Fail{"\"token\" must be a string or null"};
        m.token = it->get<std::string>();
        if (m.token->size() > 128) throw Fail{"\"token\" is too long"};
      }
      m.last_seq = opt_int_field(j, "last_seq", 0, kMaxId, 0);
      return m;
    }
    if (t == "ack") return AckMsg{int_field(j, "seq", 0, kMaxId)};
    if (t == "pong") return PongMsg{int_field(j, "n", 0, kMaxId)};
    if (t == "resync") return ResyncMsg{int_field(j, "last_seq", 0, kMaxId)};
    const bool known = t == "move" || t == "draw" || t == "claim" || t == "resign" ||
                       t == "abort" || t == "rematch" || t == "flag";
    if (!known) {
      return tl::unexpected(
          ProtocolError{"unknown-type", "unknown message type '" + t.substr(0, 32) + "'", id});
    }
    const std::int64_t mid = int_field(j, "id", 0, kMaxId);
    if (t == "move") {
      const json& d = data_of(j);
      MoveMsg m;
      m.id = mid;
      m.uci = string_field(d, "uci", 8);
      m.ply = static_cast<int>(int_field(d, "ply", 1, 100'000));
      if (auto it = d.find("offer_draw"); it != d.end() && !it->is_null()) {
        if (!it->is_boolean()) throw Fail{"\"offer_draw\" must be true or false"};
        m.offer_draw = it->get<bool>();
      }
      return m;
    }
    if (t == "draw") return DrawMsg{mid, offer_action(data_of(j))};
    if (t == "rematch") return RematchMsg{mid, offer_action(data_of(j))};
    if (t == "claim") {
      const json& d = data_of(j);
      ClaimMsg m;
      m.id = mid;
      const std::string kind = string_field(d, "kind", 16);
      if (kind != "threefold" && kind != "fifty") throw Fail{"\"kind\" must be threefold or fifty"};
      m.threefold = kind == "threefold";
      if (auto it = d.find("move"); it != d.end() && !it->is_null()) {
        m.move = string_field(d, "move", 8);
      }
      return m;
    }
    if (t == "resign") return ResignMsg{mid};
    if (t == "abort") return AbortMsg{mid};
    return FlagMsg{mid};
  } catch (const Fail& f) {
    return tl::unexpected(ProtocolError{"bad-json", t + ": " + f.message, id});
  } catch (const json::exception& e) {
    return tl::unexpected(ProtocolError{"bad-json", e.what(), id});
  }
}

// ------------------------------------------------------------------ stored events

Result<StoredEvent> read_stored_event(std::string_view text) {
  auto bad = [](std::string why, std::string field) {
    return make_error(ErrorCode::kProtocolSyntax, "stored event: " + why,
                      Location{0, 0, std::move(field)});
  };
  auto parsed = parse_json(text);
  if (!parsed || !parsed->is_object()) return bad("not a JSON object", "json");
  const json& j = *parsed;
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  // Integer fields are range-checked before conversion (json_number.hpp); a missing
  // optional one keeps its default.
  std::string wrong;
  auto integer = [&](const json& o, const char* name, std::int64_t lo, std::int64_t hi,
                     std::int64_t fallback, bool required) {
    const auto it = o.find(name);
    if (it == o.end() && !required) return fallback;
    if (it != o.end()) {
      if (auto v = checked_integer(*it, lo, hi)) return *v;
    }
    if (wrong.empty()) wrong = name;
    return fallback;
  };
  try {
    StoredEvent e;
    e.type = j.at("t").get<std::string>();
    e.seq = integer(j, "seq", 0, kMax, 0, true);
    if (!wrong.empty()) return bad("\"seq\" must be an integer 0..2^63-1", "seq");
    const json& d = j.at("d");
    if (!d.is_object()) return bad("\"d\" is not an object", "d");
    auto side_at = [&](const char* name) -> std::optional<Color> {
      auto it = d.find(name);
      if (it == d.end() || !it->is_string()) return std::nullopt;
      return side_of(it->get<std::string>());
    };
    e.t = integer(d, "t", 0, kMax, 0, false);
    if (e.type == "move") {
      e.side = side_at("side");
      e.ply = static_cast<int>(integer(d, "ply", 0, std::numeric_limits<int>::max(), 0, true));
      e.uci = d.at("uci").get<std::string>();
      if (auto it = d.find("intended"); it != d.end() && it->is_boolean())
        e.intended = it->get<bool>();
    } else if (e.type == "draw" || e.type == "rematch") {
      e.side = side_at("side");
      e.action = d.at("action").get<std::string>();
      if (auto it = d.find("game_id"); it != d.end() && it->is_string()) {
        e.game_id = it->get<std::string>();
      }
    } else if (e.type == "claim") {
      e.side = side_at("side");
      e.threefold = d.at("kind").get<std::string>() == "threefold";
      if (auto it = d.find("move"); it != d.end() && it->is_string())
        e.move = it->get<std::string>();
      e.upheld = d.at("upheld").get<bool>();
    } else if (e.type == "end") {
      e.side = side_at("by");
      e.result = d.at("result").get<std::string>();
      e.termination = d.at("termination").get<std::string>();
    } else if (e.type == "join") {
      e.side = side_at("side");
      e.name = d.at("name").get<std::string>();
    } else if (e.type == "penalty") {
      e.side = side_at("side");
      e.ms = integer(d, "ms", -kMax, kMax, 0, true);
    }
    if (!wrong.empty()) return bad("\"" + wrong + "\" must be an integer in range", wrong);
    return e;
  } catch (const json::exception& ex) {
    return bad(ex.what(), "d");
  }
}

// ------------------------------------------------------------------ REST

namespace {

std::string dump(const ordered_json& j) {
  // Invalid UTF-8 in a name is replaced rather than thrown on.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

Result<json> parse_body(std::string_view body) {
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return json::object();
  auto parsed = parse_json(body);
  if (!parsed) return make_error(ErrorCode::kProtocolSyntax, "the body is not JSON");
  if (!parsed->is_object()) {
    return make_error(ErrorCode::kProtocolSyntax, "the body must be a JSON object");
  }
  return std::move(*parsed);
}

tl::unexpected<Error> invalid(std::string message, std::string field) {
  return make_error(ErrorCode::kInvalidArgument, std::move(message),
                    Location{0, 0, std::move(field)});
}

// A display name: 1..40 characters (UTF-8 code points), no control characters.
std::optional<std::string> check_name(const json& o, std::string& out) {
  auto it = o.find("name");
  if (it == o.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) return "name must be a string";
  std::string s = it->get<std::string>();
  std::size_t points = 0;
  for (unsigned char c : s) {
    if (c < 0x20 || c == 0x7f) return "name must not contain control characters";
    if ((c & 0xC0) != 0x80) ++points;
  }
  const auto first = s.find_first_not_of(' ');
  if (first == std::string::npos) return std::nullopt;  // blank: the default name
  if (points > 40) return "name must have 1 to 40 characters";
  out = s.substr(first, s.find_last_not_of(' ') - first + 1);
  return std::nullopt;
}

}  // namespace

Result<CreateGameRequest> parse_create_request(std::string_view body) {
  auto parsed = parse_body(body);
  if (!parsed) return tl::unexpected(parsed.error());
  const json& j = *parsed;
  CreateGameRequest r;
  if (auto it = j.find("time_control"); it != j.end() && !it->is_null()) {
    if (!it->is_string()) return invalid("time_control must be a string", "time_control");
    r.time_control = it->get<std::string>();
    if (r.time_control.size() > 64) return invalid("time_control is too long", "time_control");
  }
  if (auto it = j.find("variant"); it != j.end() && !it->is_null()) {
    if (!it->is_string()) return invalid("variant must be a string", "variant");
    const auto v = it->get<std::string>();
    if (v != "standard" && v != "chess960") {
      return invalid("variant must be 'standard' or 'chess960'", "variant");
    }
    r.chess960 = v == "chess960";
  }
  if (auto it = j.find("chess960"); it != j.end() && !it->is_null()) {
    if (!it->is_number_integer()) return invalid("chess960 must be an integer", "chess960");
    const auto n = checked_integer(*it, 0, 959);
    if (!n) return invalid("chess960 must be 0..959", "chess960");
    if (r.chess960) r.chess960_number = static_cast<int>(*n);
  }
  if (auto it = j.find("color"); it != j.end() && !it->is_null()) {
    if (!it->is_string()) return invalid("color must be a string", "color");
    const auto c = it->get<std::string>();
    if (c != "random") {
      r.color = side_of(c);
      if (!r.color) return invalid("color must be 'white', 'black' or 'random'", "color");
    }
  }
  if (auto it = j.find("opponent"); it != j.end() && !it->is_null()) {
    if (!it->is_object()) return invalid("opponent must be an object", "opponent");
    auto type = it->find("type");
    if (type == it->end() || !type->is_string()) {
      return invalid("opponent.type must be 'friend' or 'computer'", "opponent");
    }
    const auto ty = type->get<std::string>();
    if (ty == "computer") {
      r.computer = true;
      if (auto lv = it->find("level"); lv != it->end() && !lv->is_null()) {
        if (!lv->is_number_integer()) return invalid("level must be an integer", "level");
        const auto l = checked_integer(*lv, 1, 8);
        if (!l) return invalid("level must be 1..8", "level");
        r.level = static_cast<int>(*l);
      }
    } else if (ty != "friend") {
      return invalid("opponent.type must be 'friend' or 'computer'", "opponent");
    }
  }
  if (auto it = j.find("rated"); it != j.end() && !it->is_null()) {
    if (!it->is_boolean()) return invalid("rated must be true or false", "rated");
    r.rated = it->get<bool>();
  }
  if (auto it = j.find("fen"); it != j.end() && !it->is_null()) {
    if (!it->is_string()) return invalid("fen must be a string", "fen");
    r.fen = it->get<std::string>();
    if (r.fen->size() > 128) return invalid("fen is too long (at most 128 bytes)", "fen");
  }
  if (auto why = check_name(j, r.name)) return invalid(*why, "name");
  return r;
}

Result<JoinGameRequest> parse_join_request(std::string_view body) {
  auto parsed = parse_body(body);
  if (!parsed) return tl::unexpected(parsed.error());
  const json& j = *parsed;
  JoinGameRequest r;
  if (auto why = check_name(j, r.name)) return invalid(*why, "name");
  if (auto it = j.find("token"); it != j.end() && !it->is_null()) {
    if (!it->is_string()) return invalid("token must be a string", "token");
    r.token = it->get<std::string>();
    if (r.token->size() > 128) return invalid("token is too long", "token");
  }
  if (auto it = j.find("invite"); it != j.end() && !it->is_null()) {
    if (!it->is_string()) return invalid("invite must be a string", "invite");
    r.invite = it->get<std::string>();
    if (r.invite->size() > 128) return invalid("invite is too long", "invite");
  }
  return r;
}

namespace {

constexpr std::size_t kMaxAccountNameBytes = 64;
constexpr std::size_t kMaxPasswordBytes = 1024;

// A required string field of at most `limit` bytes, kept as sent.
Result<std::string> required_string(const json& o, const char* field, std::size_t limit) {
  auto it = o.find(field);
  if (it == o.end() || it->is_null()) return invalid(std::string(field) + " is required", field);
  if (!it->is_string()) return invalid(std::string(field) + " must be a string", field);
  std::string value = it->get<std::string>();
  if (value.size() > limit) {
    return invalid(
        std::string(field) + " is too long (at most " + std::to_string(limit) + " bytes)", field);
  }
  return value;
}

}  // namespace

Result<Credentials> parse_credentials(std::string_view body) {
  auto parsed = parse_body(body);
  if (!parsed) return tl::unexpected(parsed.error());
  auto name = required_string(*parsed, "name", kMaxAccountNameBytes);
  if (!name) return tl::unexpected(name.error());
  auto password = required_string(*parsed, "password", kMaxPasswordBytes);
  if (!password) return tl::unexpected(password.error());
  return Credentials{std::move(*name), std::move(*password)};
}

Result<PasswordChange> parse_password_change(std::string_view body) {
  auto parsed = parse_body(body);
  if (!parsed) return tl::unexpected(parsed.error());
  auto current = required_string(*parsed, "current", kMaxPasswordBytes);
  if (!current) return tl::unexpected(current.error());
  auto next = required_string(*parsed, "next", kMaxPasswordBytes);
  if (!next) return tl::unexpected(next.error());
  return PasswordChange{std::move(*current), std::move(*next)};
}

Result<std::string> parse_password_confirmation(std::string_view body) {
  auto parsed = parse_body(body);
  if (!parsed) return tl::unexpected(parsed.error());
  return required_string(*parsed, "password", kMaxPasswordBytes);
}

Result<SeekRequest> parse_seek_request(std::string_view body) {
  auto game = parse_create_request(body);
  if (!game) return tl::unexpected(game.error());
  if (game->computer) return invalid("a seek is taken by a player, not the computer", "opponent");
  const json j = *parse_body(body);  // parsed once already: it is valid
  SeekRequest r;
  r.game = std::move(*game);
  for (const auto& [name, out] :
       {std::pair{"rating_min", &r.rating_min}, std::pair{"rating_max", &r.rating_max}}) {
    auto it = j.find(name);
    if (it == j.end() || it->is_null()) continue;
    if (!it->is_number_integer()) return invalid(std::string(name) + " must be an integer", name);
    const auto v = checked_integer(*it, 0, 4000);
    if (!v) return invalid(std::string(name) + " must be 0..4000", name);
    *out = static_cast<int>(*v);
  }
  if (r.rating_max == 0 && r.rating_min > 0) r.rating_max = 4000;
  if (r.rating_min > r.rating_max) {
    return invalid("rating_min must not be above rating_max", "rating_min");
  }
  if (auto it = j.find("rating_delta"); it != j.end() && !it->is_null()) {
    if (!it->is_number_integer()) return invalid("rating_delta must be an integer", "rating_delta");
    const auto v = checked_integer(*it, 0, 1000);
    if (!v) return invalid("rating_delta must be 0..1000", "rating_delta");
    r.rating_delta = static_cast<int>(*v);
    if (r.rating_delta != 0 && r.rating_max != 0) {
      return invalid("give rating_delta or rating_min/rating_max, not both", "rating_delta");
    }
  }
  if (auto it = j.find("challenge"); it != j.end() && !it->is_null()) {
    auto name = required_string(j, "challenge", 64);
    if (!name) return tl::unexpected(name.error());
    if (name->empty()) return invalid("challenge must name a player", "challenge");
    r.challenge = std::move(*name);
  }
  return r;
}

Result<std::string> parse_seek_key(std::string_view body) {
  auto parsed = parse_body(body);
  if (!parsed) return tl::unexpected(parsed.error());
  auto key = required_string(*parsed, "key", 128);
  if (!key) return tl::unexpected(key.error());
  if (key->empty()) return invalid("key must not be empty", "key");
  return key;
}

Result<std::string> parse_fen_check(std::string_view body) {
  auto parsed = parse_body(body);
  if (!parsed) return tl::unexpected(parsed.error());
  return required_string(*parsed, "fen", 128);
}

std::string write_fen_check(std::string_view fen) {
  JsonText j;
  j.open().field("fen", fen).close();
  return j.take();
}

Result<std::int64_t> parse_clock_advance(std::string_view body) {
  auto parsed = parse_body(body);
  if (!parsed) return tl::unexpected(parsed.error());
  auto it = parsed->find("advance_ms");
  if (it == parsed->end() || !it->is_number_integer()) {
    return invalid("advance_ms must be an integer", "advance_ms");
  }
  const auto v = checked_integer(*it, 1, 30LL * 24 * 3600 * 1000);
  if (!v) return invalid("advance_ms must be 1 ms .. 30 days", "advance_ms");
  return *v;
}

Result<PoolRequest> parse_pool_request(std::string_view body) {
  auto parsed = parse_body(body);
  if (!parsed) return tl::unexpected(parsed.error());
  PoolRequest r;
  auto preset = required_string(*parsed, "preset", 32);
  if (!preset) return tl::unexpected(preset.error());
  if (preset->empty()) return invalid("preset must name a preset", "preset");
  r.preset = std::move(*preset);
  if (auto why = check_name(*parsed, r.name)) return invalid(*why, "name");
  return r;
}

std::string write_account(std::string_view name, std::int64_t created_ms, std::string_view csrf) {
  JsonText j;
  j.open().field("name", name).field("created_ms", created_ms).field("csrf", csrf).close();
  return j.take();
}

std::string write_presets(const std::vector<Preset>& presets) {
  ordered_json list = ordered_json::array();
  for (const auto& p : presets) {
    list.push_back(ordered_json{{"id", p.id},
                                {"name", p.name},
                                {"time_control", p.time_control},
                                {"category", p.category}});
  }
  return dump(ordered_json{{"presets", std::move(list)}});
}

std::string write_game_list(const std::vector<GameListItem>& games) {
  ordered_json list = ordered_json::array();
  for (const auto& g : games) {
    ordered_json e;
    e["id"] = g.id;
    e["white"] = g.white;
    e["black"] = g.black;
    e["time_control"] = g.time_control;
    e["variant"] = g.variant;
    e["status"] = g.status;
    e["result"] = g.result;
    e["termination"] = opt_string(g.termination);
    e["plies"] = g.plies;
    e["updated_ms"] = g.updated_ms;
    list.push_back(std::move(e));
  }
  return dump(ordered_json{{"games", std::move(list)}});
}

std::optional<std::string> json_at(std::string_view text, std::string_view pointer) {
  auto parsed = parse_json(text);
  if (!parsed) return std::nullopt;
  try {
    const json::json_pointer ptr{std::string(pointer)};
    if (!parsed->contains(ptr)) return std::nullopt;
    const json& v = parsed->at(ptr);
    if (v.is_string()) return v.get<std::string>();
    return v.dump();
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

std::string write_extra(const GameExtra& extra) {
  ordered_json j;
  j["creator"] = std::string(side_text(extra.creator));
  j["computer"] = side_or_null(extra.computer);
  j["level"] = extra.level;
  j["chess960"] = extra.chess960 ? ordered_json(*extra.chess960) : ordered_json(nullptr);
  j["rematch_of"] = opt_string(extra.rematch_of);
  if (extra.invite) j["invite"] = *extra.invite;
  if (extra.tournament) {
    j["tournament"] = *extra.tournament;
    j["waiting_ms"] = extra.waiting_ms;
  }
  return dump(j);
}

Result<GameExtra> read_extra(std::string_view text) {
  auto parsed = parse_json(text);
  if (!parsed || !parsed->is_object()) {
    return make_error(ErrorCode::kProtocolSyntax, "extra: not a JSON object",
                      Location{0, 0, "extra"});
  }
  const json& j = *parsed;
  GameExtra e;
  try {
    if (auto c = side_of(j.value("creator", std::string("white")))) e.creator = *c;
    if (auto it = j.find("computer"); it != j.end() && it->is_string()) {
      e.computer = side_of(it->get<std::string>());
    }
    // Range-checked before conversion (json_number.hpp): 0 (no engine) or 1..8, and a
    // Chess960 start position 0..959.
    if (auto it = j.find("level"); it != j.end() && !it->is_null()) {
      const auto level = checked_integer(*it, 0, 8);
      if (!level)
        return make_error(ErrorCode::kProtocolSyntax, "extra: \"level\" must be an integer 0..8",
                          Location{0, 0, "level"});
      e.level = static_cast<int>(*level);
    }
    if (auto it = j.find("chess960"); it != j.end() && !it->is_null()) {
      const auto number = checked_integer(*it, 0, 959);
      if (!number)
        return make_error(ErrorCode::kProtocolSyntax,
                          "extra: \"chess960\" must be an integer 0..959",
                          Location{0, 0, "chess960"});
      e.chess960 = static_cast<int>(*number);
    }
    if (auto it = j.find("rematch_of"); it != j.end() && it->is_string()) {
      e.rematch_of = it->get<std::string>();
    }
    if (auto it = j.find("invite"); it != j.end() && it->is_string()) {
      e.invite = it->get<std::string>();
    }
    if (auto it = j.find("tournament"); it != j.end() && it->is_string()) {
      e.tournament = it->get<std::string>();
      const auto waiting =
          checked_integer(j.value("waiting_ms", json(0)), 0, 7LL * 24 * 3600 * 1000);
      if (!waiting)
        return make_error(ErrorCode::kProtocolSyntax,
                          "extra: \"waiting_ms\" must be an integer 0..604800000",
                          Location{0, 0, "waiting_ms"});
      e.waiting_ms = *waiting;
    }
  } catch (const json::exception& ex) {
    return make_error(ErrorCode::kProtocolSyntax, std::string("extra: ") + ex.what(),
                      Location{0, 0, "extra"});
  }
  return e;
}

std::string write_error_body(std::string_view code, std::string_view message,
                             std::string_view field, int column) {
  ordered_json e;
  e["code"] = std::string(code);
  e["message"] = std::string(message);
  if (!field.empty()) e["field"] = std::string(field);
  if (column > 0) e["column"] = column;
  return dump(ordered_json{{"error", std::move(e)}});
}

}  // namespace arbiter::wire
