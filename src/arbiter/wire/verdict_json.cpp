#include "arbiter/wire/verdict_json.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace arbiter::wire {
namespace {

using competition::Color;
using nlohmann::ordered_json;

// Whole points print as integers (1, 0), others as decimals (0.5).
ordered_json points(double p) {
  if (std::floor(p) == p && std::fabs(p) < 1e15) return static_cast<std::int64_t>(p);
  return p;
}

ordered_json side_json(Color c) { return std::string(competition::side_name(c)); }

}  // namespace

std::string verdict_to_json(const competition::Verdict& v, int indent) {
  ordered_json j;
  j["result"] = std::string(competition::result_text(v.result));
  j["termination"] = std::string(competition::termination_name(v.termination));
  j["ended_at_ms"] = v.ended_at ? ordered_json(v.ended_at->count()) : ordered_json(nullptr);
  if (v.clocks) {
    j["clocks_ms"] = {{"white", (*v.clocks)[0].count()}, {"black", (*v.clocks)[1].count()}};
  } else {
    j["clocks_ms"] = {{"white", nullptr}, {"black", nullptr}};
  }
  j["fen"] = v.fen;
  j["moves"] = v.moves;
  j["score"] = {{"white", points(v.score[0])}, {"black", points(v.score[1])}};
  ordered_json penalties = ordered_json::array();
  for (const auto& p : v.penalties) {
    ordered_json e;
    e["t"] = p.t.count();
    e["side"] = side_json(p.side);
    e["article"] = p.article;
    e["action"] = p.action;
    if (p.ms) {
      e["ms"] = p.ms->count();
      e["to"] = side_json(p.to);
    }
    penalties.push_back(std::move(e));
  }
  j["penalties"] = std::move(penalties);
  ordered_json refused = ordered_json::array();
  for (const auto& r : v.refused) {
    ordered_json e;
    e["line"] = r.line;
    e["event"] = r.event;
    e["article"] = r.article.empty() ? ordered_json(nullptr) : ordered_json(r.article);
    e["reason"] = r.reason;
    refused.push_back(std::move(e));
  }
  j["refused"] = std::move(refused);
  j["pgn"] = v.pgn;
  j["scoresheet"] = v.scoresheet;
  if (v.envelope) {
    const auto& env = *v.envelope;
    ordered_json e;
    e["white"] = env.white;
    e["black"] = env.black;
    e["fen"] = env.fen;
    e["clocks_ms"] = {{"white", env.remaining[0].count()}, {"black", env.remaining[1].count()}};
    e["sealed_by"] = side_json(env.sealed_by);
    e["sealed_move_number"] = env.sealed_move_number;
    e["draw_offer_by"] = env.draw_offer_by ? side_json(*env.draw_offer_by) : ordered_json(nullptr);
    j["envelope"] = std::move(e);
  }
  return j.dump(indent, ' ', false, ordered_json::error_handler_t::replace);
}

}  // namespace arbiter::wire
