#include "arbiter/uci/uci_loop.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <new>

#include "arbiter/core/uci_move.hpp"
#include "arbiter/engine/bench.hpp"
#include "arbiter/engine/nnue_network.hpp"
#include "arbiter/uci/uci_command.hpp"

namespace arbiter::uci {

namespace {

std::string hex64(std::uint64_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[static_cast<std::size_t>(i)] = kDigits[v & 15];
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool parse_int(const std::string& text, long long min, long long max, long long& out) {
  long long v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || ptr != text.data() + text.size() || v < min || v > max) return false;
  out = v;
  return true;
}

bool parse_bool(const std::string& text, bool& out) {
  const std::string v = lower(text);
  if (v == "true")
    out = true;
  else if (v == "false")
    out = false;
  else
    return false;
  return true;
}

}  // namespace

UciLoop::UciLoop(std::istream& in, std::ostream& out) : in_(in), out_(out) {
  options_ = engine_.options();
}

UciLoop::~UciLoop() { stop_search(); }

void UciLoop::send(const std::string& line) {
  const std::lock_guard<std::mutex> lock(out_mutex_);
  out_ << line << '\n';
  out_.flush();
}

void UciLoop::error(const std::string& message) { send("info string error: " + message); }

void UciLoop::stop_search() {
  engine_.stop();
  engine_.wait();
}

void UciLoop::run() {
  std::string line;
  while (std::getline(in_, line))
    if (!handle(line)) break;
  stop_search();
}

bool UciLoop::handle(std::string_view line) {
  const auto tokens = tokenize(line);
  if (tokens.empty()) return true;
  const std::string_view cmd = tokens[0];
  if (cmd == "uci") {
    cmd_uci();
  } else if (cmd == "isready") {
    send("readyok");
  } else if (cmd == "ucinewgame") {
    stop_search();
    engine_.new_game();
  } else if (cmd == "setoption") {
    cmd_setoption(tokens);
  } else if (cmd == "position") {
    cmd_position(tokens);
  } else if (cmd == "go") {
    cmd_go(tokens);
  } else if (cmd == "stop") {
    engine_.stop();
  } else if (cmd == "ponderhit") {
    engine_.ponderhit();
  } else if (cmd == "quit") {
    stop_search();
    return false;
  } else if (cmd == "debug" || cmd == "register") {
    // Accepted and ignored.
  } else if (cmd == "d") {
    send("info string fen " + engine_.position().fen());
  } else {
    error("unknown command '" + std::string(cmd) + "'");
  }
  return true;
}

void UciLoop::cmd_uci() {
  send(std::string("id name ") + kEngineName);
  send(std::string("id author ") + kEngineAuthor);
  send("option name Hash type spin default 16 min 1 max 4096");
  send("option name Threads type spin default 1 min 1 max 64");
  send("option name MultiPV type spin default 1 min 1 max 64");
  send("option name Ponder type check default false");
  send("option name UCI_Chess960 type check default false");
  send("option name UCI_LimitStrength type check default false");
  send("option name UCI_Elo type spin default " + std::to_string(engine::kMaxElo) + " min " +
       std::to_string(engine::kMinElo) + " max " + std::to_string(engine::kMaxElo));
  send("option name Move Overhead type spin default 30 min 0 max 5000");
  send("option name Seed type spin default 0 min 0 max 2147483647");
  send("option name EvalFile type string default <empty>");
  send("uciok");
}

void UciLoop::cmd_setoption(const std::vector<std::string_view>& tokens) {
  auto opt = parse_setoption(tokens);
  if (!opt) return error(opt.error().message);
  stop_search();
  const std::string name = lower(opt->name);
  engine::EngineOptions o = options_;
  long long n = 0;
  bool b = false;
  const auto bad_value = [&] {
    error("setoption: bad value '" + opt->value + "' for '" + opt->name + "'");
  };
  if (name == "hash") {
    if (!parse_int(opt->value, 1, 4096, n)) return bad_value();
    o.hash_mb = static_cast<std::size_t>(n);
  } else if (name == "threads") {
    if (!parse_int(opt->value, 1, 64, n)) return bad_value();
    o.threads = static_cast<int>(n);
  } else if (name == "multipv") {
    if (!parse_int(opt->value, 1, 64, n)) return bad_value();
    o.multipv = static_cast<int>(n);
  } else if (name == "move overhead") {
    if (!parse_int(opt->value, 0, 5000, n)) return bad_value();
    o.move_overhead_ms = static_cast<int>(n);
  } else if (name == "uci_elo") {
    if (!parse_int(opt->value, engine::kMinElo, engine::kMaxElo, n)) return bad_value();
    o.elo = static_cast<int>(n);
  } else if (name == "seed") {
    if (!parse_int(opt->value, 0, 2147483647, n)) return bad_value();
    o.seed = static_cast<std::uint64_t>(n);
  } else if (name == "evalfile") {
    auto net = engine::nnue::network_for_option(opt->value);
    if (!net) return error("setoption: EvalFile: " + net.error().message);
    o.network = *net;
    if (o.network)
      send("info string NNUE evaluation from " + opt->value + ": 768->" +
           std::to_string(o.network->hidden) + "x2->" + std::to_string(o.network->buckets) +
           ", hash " + hex64(o.network->hash) + ", " + engine::nnue::best_kernels().name);
    else
      send("info string hand-written evaluation");
  } else if (name == "uci_limitstrength") {
    if (!parse_bool(opt->value, b)) return bad_value();
    o.limit_strength = b;
  } else if (name == "ponder") {
    if (!parse_bool(opt->value, b)) return bad_value();
    ponder_ = b;
  } else if (name == "uci_chess960") {
    if (!parse_bool(opt->value, b)) return bad_value();
    chess960_ = b;
    core::Position pos = engine_.position();
    pos.set_chess960(b);
    engine_.set_position(pos);
  } else {
    return error("setoption: unknown option '" + opt->name + "'");
  }
  try {
    engine_.set_options(o);
    options_ = o;
  } catch (const std::bad_alloc&) {
    error("setoption: cannot allocate " + std::to_string(o.hash_mb) + " MB of hash");
  }
}

void UciLoop::cmd_position(const std::vector<std::string_view>& tokens) {
  auto cmd = parse_position(tokens, chess960_);
  if (!cmd) return error(cmd.error().message);
  stop_search();
  engine_.set_position(cmd->position, std::move(cmd->history));
}

void UciLoop::cmd_go(const std::vector<std::string_view>& tokens) {
  stop_search();
  GoCommand go = parse_go(tokens, engine_.position());
  for (const std::string& w : go.warnings) error(w);
  const bool chess960 = engine_.position().is_chess960();
  engine_.start(
      go.limits,
      [this, chess960](const engine::SearchInfo& info) { send(format_info(info, chess960)); },
      [this, chess960](const engine::SearchResult& r) {
        if (r.best == core::Move::none()) {
          send("bestmove 0000");
          return;
        }
        std::string line = "bestmove " + core::to_uci(r.best, chess960);
        if (r.ponder != core::Move::none()) line += " ponder " + core::to_uci(r.ponder, chess960);
        send(line);
      });
}

}  // namespace arbiter::uci
