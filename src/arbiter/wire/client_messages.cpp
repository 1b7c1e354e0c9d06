#include "arbiter/wire/client_messages.hpp"

#include <limits>
#include <nlohmann/json.hpp>

namespace arbiter::wire {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

std::string dump(const ordered_json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

tl::unexpected<Error> malformed(std::string message, std::string field) {
  return make_error(ErrorCode::kProtocolSyntax, std::move(message),
                    Location{0, 0, std::move(field)});
}

Result<json> parse_object(std::string_view text, std::string_view what) {
  json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    return make_error(ErrorCode::kProtocolSyntax, std::string(what) + " is not a JSON object");
  }
  return j;
}

// The string at `key`, or an error naming it.
Result<std::string> string_at(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_string()) {
    return malformed(std::string(key) + " must be a string", key);
  }
  return it->get<std::string>();
}

std::optional<std::int64_t> integer_at(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<std::int64_t>();
}

Result<Dests> read_dests(const json& j) {
  Dests out;
  if (j.is_null()) return out;
  if (!j.is_object()) return malformed("dests must be an object", "dests");
  for (const auto& [from, tos] : j.items()) {
    if (!tos.is_array()) return malformed("dests." + from + " must be an array", "dests");
    std::vector<std::string> squares;
    for (const auto& to : tos) {
      if (!to.is_string()) return malformed("dests." + from + " must hold squares", "dests");
      squares.push_back(to.get<std::string>());
    }
    out.emplace_back(from, std::move(squares));
  }
  return out;
}

// The position fields of a `move` event's d or of a GameState.
Result<void> read_position(const json& d, ServerMessage& m) {
  if (auto it = d.find("fen"); it != d.end() && it->is_string()) m.fen = it->get<std::string>();
  if (auto it = d.find("dests"); it != d.end()) {
    auto dests = read_dests(*it);
    if (!dests) return tl::unexpected(dests.error());
    m.dests = std::move(*dests);
  }
  m.has_position = true;
  return {};
}

}  // namespace

std::string write_hello(std::optional<std::string_view> token, std::int64_t last_seq) {
  ordered_json j{{"t", "hello"}, {"v", 1}};
  j["token"] = token ? ordered_json(std::string(*token)) : ordered_json(nullptr);
  j["last_seq"] = last_seq;
  return dump(j);
}

std::string write_move(std::int64_t id, std::string_view uci, int ply) {
  return dump(ordered_json{
      {"t", "move"}, {"id", id}, {"d", ordered_json{{"uci", std::string(uci)}, {"ply", ply}}}});
}

std::string write_event_ack(std::int64_t seq) {
  return dump(ordered_json{{"t", "ack"}, {"seq", seq}});
}

std::string write_pong(std::int64_t n) { return dump(ordered_json{{"t", "pong"}, {"n", n}}); }

std::string write_create_request(const CreateGameRequest& r) {
  ordered_json j{{"time_control", r.time_control},
                 {"variant", r.chess960 ? "chess960" : "standard"}};
  if (r.chess960 && r.chess960_number) j["chess960"] = *r.chess960_number;
  j["color"] = !r.color ? "random" : *r.color == Color::White ? "white" : "black";
  j["opponent"] = r.computer ? ordered_json{{"type", "computer"}, {"level", r.level}}
                             : ordered_json{{"type", "friend"}};
  j["name"] = r.name;
  return dump(j);
}

std::string write_join_request(const JoinGameRequest& r) {
  ordered_json j{{"name", r.name}};
  if (r.token) j["token"] = *r.token;
  if (r.invite) j["invite"] = *r.invite;
  return dump(j);
}

Result<SeatGrant> read_seat_grant(std::string_view body) {
  auto j = parse_object(body, "the answer");
  if (!j) return tl::unexpected(j.error());
  SeatGrant g;
  auto seat = string_at(*j, "seat");
  if (!seat) return tl::unexpected(seat.error());
  if (*seat != "white" && *seat != "black") return malformed("seat must be white or black", "seat");
  g.seat = *seat == "white" ? Color::White : Color::Black;
  auto token = string_at(*j, "token");
  if (!token) return tl::unexpected(token.error());
  g.token = std::move(*token);
  if (auto it = j->find("id"); it != j->end() && it->is_string()) {
    g.id = it->get<std::string>();
  } else if (auto game = j->find("game"); game != j->end() && game->is_object()) {
    auto id = string_at(*game, "id");
    if (!id) return tl::unexpected(id.error());
    g.id = std::move(*id);
  } else {
    return malformed("the answer names no game", "id");
  }
  if (auto it = j->find("invite"); it != j->end() && it->is_string()) {
    const std::string link = it->get<std::string>();
    constexpr std::string_view kKey = "#invite=";
    const auto at = link.find(kKey);
    if (at == std::string::npos) return malformed("invite has no #invite= secret", "invite");
    g.invite = link.substr(at + kKey.size());
  }
  return g;
}

Result<ServerMessage> read_server_message(std::string_view text) {
  auto parsed = parse_object(text, "the message");
  if (!parsed) return tl::unexpected(parsed.error());
  const json& j = *parsed;
  ServerMessage m;
  auto t = string_at(j, "t");
  if (!t) return tl::unexpected(t.error());
  m.t = std::move(*t);
  m.seq = integer_at(j, "seq");
  m.id = integer_at(j, "id");
  m.n = integer_at(j, "n").value_or(0);
  if (auto role = j.find("role"); role != j.end() && role->is_string()) {
    m.role = role->get<std::string>();
  }
  const auto d = j.find("d");
  const bool has_d = d != j.end() && d->is_object();
  if (m.t == "error" && has_d) {
    if (auto code = d->find("code"); code != d->end() && code->is_string()) {
      m.code = code->get<std::string>();
    }
    if (auto fatal = d->find("fatal"); fatal != d->end() && fatal->is_boolean()) {
      m.fatal = fatal->get<bool>();
    }
  } else if (m.t == "move" && has_d) {
    m.ply = static_cast<int>(integer_at(*d, "ply").value_or(0));
    if (auto uci = d->find("uci"); uci != d->end() && uci->is_string()) {
      m.uci = uci->get<std::string>();
    }
    if (auto ok = read_position(*d, m); !ok) return tl::unexpected(ok.error());
    m.over = m.dests.empty();
  } else if (m.t == "state" && has_d) {
    if (auto moves = d->find("moves"); moves != d->end() && moves->is_array()) {
      m.ply = static_cast<int>(moves->size());
      if (!moves->empty() && moves->back().is_object()) {
        if (auto uci = moves->back().find("uci"); uci != moves->back().end() && uci->is_string()) {
          m.uci = uci->get<std::string>();
        }
      }
    }
    if (auto ok = read_position(*d, m); !ok) return tl::unexpected(ok.error());
    if (auto status = d->find("status"); status != d->end() && status->is_string()) {
      m.over = *status == "ended" || *status == "aborted";
    }
  } else if (m.t == "end") {
    m.over = true;
  }
  return m;
}

namespace {

// SAX events of nlohmann's parser: remembers "t" and "seq" of the top object and "ply" of
// its "d", and stops the parse (returns false) once all three are known, or once "d" is
// over for a message that is not a move.
class HeadReader final : public nlohmann::json_sax<json> {
 public:
  ServerMessageHead head;
  bool done = false;  // stopped on purpose, not by an error
  bool error = false;

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t v) override { return integer(v); }
  bool number_unsigned(number_unsigned_t v) override {
    if (v > static_cast<number_unsigned_t>(std::numeric_limits<std::int64_t>::max())) {
      return value();
    }
    return integer(static_cast<std::int64_t>(v));
  }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t& v) override {
    if (depth_ == 1 && key_ == "t") head.t = v;
    return value();
  }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    in_d_ = in_d_ || (depth_ == 1 && key_ == "d");
    ++depth_;
    key_.clear();
    return true;
  }
  bool end_object() override {
    --depth_;
    if (depth_ == 1 && in_d_) {
      in_d_ = false;
      d_over_ = true;
    }
    key_.clear();
    return !finished();
  }
  bool start_array(std::size_t) override {
    if (depth_ == 0) return fail();  // a message is an object
    ++depth_;
    return true;
  }
  bool end_array() override {
    --depth_;
    return true;
  }
  bool key(string_t& k) override {
    key_ = k;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    error = true;
    return false;
  }

 private:
  bool fail() {
    error = true;
    return false;
  }
  bool value() {
    if (depth_ == 0) return fail();  // a message is an object
    return !finished();
  }
  bool integer(std::int64_t v) {
    if (depth_ == 1 && key_ == "seq") head.seq = v;
    if (depth_ == 2 && in_d_ && key_ == "ply") head.ply = v;
    return value();
  }
  // What a client reads of the head is known: the type, the seq (events have one), and for
  // a move its ply. Messages without "d" are read to their end (they are short).
  bool finished() {
    if (head.t.empty() || !head.seq) return false;
    if (head.t == "move" ? head.ply.has_value() : d_over_) return done = true;
    return false;
  }

  int depth_ = 0;
  bool in_d_ = false;
  bool d_over_ = false;
  std::string key_;
};

}  // namespace

Result<ServerMessageHead> read_server_head(std::string_view text) {
  HeadReader reader;
  const bool completed = json::sax_parse(text, &reader);
  if (reader.error || (!completed && !reader.done)) {
    return make_error(ErrorCode::kProtocolSyntax, "the message is not a JSON object");
  }
  if (reader.head.t.empty()) return malformed("t must be a string", "t");
  return std::move(reader.head);
}

}  // namespace arbiter::wire
