#include "loadtest_output.hpp"

#include <fmt/core.h>

#include "arbiter/wire/json_text.hpp"

namespace arbiter::app {
namespace {

// Strings in the JSON report: the wire module's escaping (invalid UTF-8 as U+FFFD).
std::string quoted(const std::string& s) { return wire::json_string(s); }

std::string number_or_null(const std::optional<double>& v) {
  return v ? fmt::format("{:.4f}", *v) : "null";
}

std::string latency_json(const server::LatencySummary& s) {
  return fmt::format(
      R"({{"count":{},"p50":{:.3f},"p99":{:.3f},"p999":{:.3f},"max":{:.3f},"mean":{:.3f}}})",
      s.count, s.p50, s.p99, s.p999, s.max, s.mean);
}

std::string sample_json(const std::optional<server::ProcessSample>& s) {
  if (!s) return "null";
  return fmt::format(R"({{"cpu_s":{:.3f},"rss_kb":{},"peak_rss_kb":{},"threads":{}}})", s->cpu_s,
                     s->rss_kb, s->peak_rss_kb, s->threads);
}

std::string latency_text(const char* what, const char* unit, const server::LatencySummary& s) {
  if (s.count == 0) return fmt::format("{}: none\n", what);
  return fmt::format("{}: {} {}, p50 {:.1f} ms, p99 {:.1f} ms, p99.9 {:.1f} ms, max {:.1f} ms\n",
                     what, s.count, unit, s.p50, s.p99, s.p999, s.max);
}

}  // namespace

std::string loadtest_text(const server::LoadReport& r) {
  const auto& o = r.options;
  const auto& s = r.stats;
  std::string out = fmt::format(
      "arbiter loadtest: {} games at {} moves/s each, time control {}, {} s at most, {} "
      "thread(s); descriptors {} (hard {})\n",
      o.games, o.rate, o.time_control, std::chrono::duration<double>(o.duration).count(), o.threads,
      r.descriptors.soft, r.descriptors.hard);
  out += fmt::format(
      "setup: {} started, {} created, {} joined, {} ready in {:.1f} s ({:.1f} games created/s){}\n",
      r.games_started, s.games_created, s.games_joined, s.games_ready, r.setup_s, r.created_per_s,
      r.setup_complete ? "" : " - NOT COMPLETE when play ended");
  out += latency_text("create (POST → 201)", "games", r.create);
  out += fmt::format("moves: {} sent, {} acknowledged, {} unanswered at the end, {} sent late\n",
                     s.moves_sent, s.moves_acked, r.unanswered, s.moves_late);
  out += latency_text("move round trip (sent → ack), all", "moves", r.rtt);
  out += latency_text("move round trip, steady play", "moves", r.steady_rtt);
  out += fmt::format("steady play: {:.1f} s, {} moves acknowledged, {:.1f} moves/s\n", r.steady_s,
                     r.steady_acked, r.steady_moves_per_s);
  out += fmt::format("games over on the board: {}\n", s.games_over);
  out +=
      fmt::format("errors: {}, connection failures: {}\n", s.error_total(), s.connection_failures);
  for (const auto& [kind, count] : s.errors) out += fmt::format("  {}: {}\n", kind, count);
  if (r.options.reconnect) {
    std::uint64_t lost = 0;
    for (const auto& [kind, count] : s.disconnects) lost += count;
    out += fmt::format("reconnections: {} sockets lost, {} moves unconfirmed (their socket went)\n",
                       lost, s.moves_unconfirmed);
    for (const auto& [kind, count] : s.disconnects) out += fmt::format("  {}: {}\n", kind, count);
    out += latency_text("lost → welcomed again", "sockets", r.reconnect);
  }
  if (r.server_end) {
    out += fmt::format(
        "server: CPU per move {} ms (steady play), {} ms (whole run); RSS {} MiB "
        "before, {} MiB set up, {} MiB at the end, peak {} MiB; {} threads\n",
        number_or_null(r.cpu_ms_per_move_steady()), number_or_null(r.cpu_ms_per_move_total()),
        r.server_before ? r.server_before->rss_kb / 1024 : -1,
        r.server_ready ? r.server_ready->rss_kb / 1024 : -1, r.server_end->rss_kb / 1024,
        r.server_end->peak_rss_kb / 1024, r.server_end->threads);
    if (auto per_game = r.rss_kb_per_game()) {
      out += fmt::format("server: {:.1f} KiB of RSS per game set up\n", *per_game);
    }
  }
  if (!r.server_sample_error.empty()) out += "server: " + r.server_sample_error + "\n";
  out += fmt::format("load generator: {:.1f} s of CPU", r.client_cpu_s);
  if (auto per_move = r.client_cpu_ms_per_move_steady()) {
    out += fmt::format(", {:.4f} ms per move (steady play)", *per_move);
  }
  out += '\n';
  if (r.verify) {
    const auto& v = *r.verify;
    out += fmt::format(
        "verified in the database: {} moves of {} games: {} missing, {} different, {} games "
        "unreadable, {} with a gap in their events, {} of {} referee logs disagreeing with the "
        "stored moves or clocks: {}\n",
        v.moves_checked, v.games, v.missing, v.different, v.unreadable, v.event_gaps,
        v.log_disagrees, v.logs_replayed, v.ok() ? "OK" : "FAILED");
    for (const auto& e : v.examples) out += "  " + e + "\n";
  } else if (!r.verify_error.empty()) {
    out += "verification failed: " + r.verify_error + "\n";
  } else {
    out += "not verified (no --db)\n";
  }
  out += r.clean() ? "result: clean\n" : "result: NOT CLEAN\n";
  return out;
}

std::string loadtest_json(const server::LoadReport& r) {
  const auto& o = r.options;
  const auto& s = r.stats;
  std::string errors = "{";
  for (const auto& [kind, count] : s.errors) {
    if (errors.size() > 1) errors += ",";
    errors += quoted(kind) + ":" + std::to_string(count);
  }
  errors += "}";
  std::string verify = "null";
  if (r.verify) {
    const auto& v = *r.verify;
    verify = fmt::format(
        R"({{"ok":{},"games":{},"moves_checked":{},"missing":{},"different":{},"unreadable":{},)"
        R"("event_gaps":{},"logs_replayed":{},"log_disagrees":{}}})",
        v.ok(), v.games, v.moves_checked, v.missing, v.different, v.unreadable, v.event_gaps,
        v.logs_replayed, v.log_disagrees);
  }
  std::string out = "{";
  out += fmt::format(
      R"("options":{{"url":{},"games":{},"rate":{},"duration_s":{},"time_control":{},"create_rate":{},"threads":{},"spread_addresses":{}}},)",
      quoted(o.url), o.games, o.rate, std::chrono::duration<double>(o.duration).count(),
      quoted(o.time_control), o.create_rate, o.threads, o.spread_addresses);
  out += fmt::format(R"("descriptors":{{"soft":{},"hard":{}}},)", r.descriptors.soft,
                     r.descriptors.hard);
  out += fmt::format(
      R"("setup":{{"started":{},"created":{},"joined":{},"ready":{},"seconds":{:.3f},"complete":{},"created_per_s":{:.2f},"create_ms":{}}},)",
      r.games_started, s.games_created, s.games_joined, s.games_ready, r.setup_s, r.setup_complete,
      r.created_per_s, latency_json(r.create));
  out += fmt::format(
      R"("moves":{{"sent":{},"acked":{},"unanswered":{},"late":{},"rtt_ms":{},"steady_rtt_ms":{}}},)",
      s.moves_sent, s.moves_acked, r.unanswered, s.moves_late, latency_json(r.rtt),
      latency_json(r.steady_rtt));
  out += fmt::format(R"("steady":{{"seconds":{:.3f},"acked":{},"moves_per_s":{:.2f}}},)",
                     r.steady_s, r.steady_acked, r.steady_moves_per_s);
  out += fmt::format(R"("games_over":{},"errors":{},"error_total":{},"connection_failures":{},)",
                     s.games_over, errors, s.error_total(), s.connection_failures);
  std::string disconnects = "{";
  for (const auto& [kind, count] : s.disconnects) {
    if (disconnects.size() > 1) disconnects += ",";
    disconnects += quoted(kind) + ":" + std::to_string(count);
  }
  disconnects += "}";
  out += fmt::format(R"("reconnect":{{"disconnects":{},"unconfirmed":{},"ms":{}}},)", disconnects,
                     s.moves_unconfirmed, latency_json(r.reconnect));
  out += fmt::format(
      R"("server":{{"before":{},"ready":{},"end":{},"cpu_ms_per_move_steady":{},"cpu_ms_per_move_total":{},"rss_kb_per_game":{},"error":{}}},)",
      sample_json(r.server_before), sample_json(r.server_ready), sample_json(r.server_end),
      number_or_null(r.cpu_ms_per_move_steady()), number_or_null(r.cpu_ms_per_move_total()),
      number_or_null(r.rss_kb_per_game()),
      r.server_sample_error.empty() ? "null" : quoted(r.server_sample_error));
  out += fmt::format(
      R"("client_cpu_s":{:.3f},"client_cpu_ms_per_move_steady":{},"verify":{},"verify_error":{},"clean":{}}})",
      r.client_cpu_s, number_or_null(r.client_cpu_ms_per_move_steady()), verify,
      r.verify_error.empty() ? "null" : quoted(r.verify_error), r.clean());
  return out + "\n";
}

}  // namespace arbiter::app
