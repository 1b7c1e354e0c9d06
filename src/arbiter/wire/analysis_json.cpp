#include "arbiter/wire/analysis_json.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

#include "arbiter/analysis/win_chance.hpp"

namespace arbiter::wire {

namespace {

using ordered_json = nlohmann::ordered_json;

// One decimal is what a graph and a percentage need.
double tenth(double v) { return std::round(v * 10.0) / 10.0; }

ordered_json eval_json(const analysis::Evaluation& e) {
  ordered_json j;
  if (e.is_mate()) {
    j["mate"] = e.signed_mate();
    if (e.value == 0) j["mated"] = e.winner == core::Color::White ? "black" : "white";
  } else {
    j["cp"] = e.value;
  }
  j["win"] = tenth(analysis::win_chance(e));
  return j;
}

ordered_json side_json(const analysis::SideSummary& s) {
  ordered_json j;
  j["accuracy"] = s.accuracy ? ordered_json(tenth(*s.accuracy)) : ordered_json(nullptr);
  j["inaccuracies"] = s.inaccuracies;
  j["mistakes"] = s.mistakes;
  j["blunders"] = s.blunders;
  j["acpl"] =
      s.average_centipawn_loss ? ordered_json(*s.average_centipawn_loss) : ordered_json(nullptr);
  return j;
}

}  // namespace

std::string write_live_line(const LiveLine& line) {
  ordered_json j;
  j["depth"] = line.depth;
  j["multipv"] = line.multipv;
  j["eval"] = eval_json(line.eval);
  j["nodes"] = line.nodes;
  j["nps"] = line.nps;
  j["pv"] = line.pv;
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string write_analysis_state(const AnalysisStateView& v) {
  ordered_json j;
  j["status"] = v.status;
  j["done"] = v.done;
  j["total"] = v.total;
  j["queued_before"] = v.queued_before;
  if (!v.reason.empty()) j["reason"] = v.reason;
  if (v.analysis != nullptr) {
    const analysis::GameAnalysis& a = *v.analysis;
    ordered_json out;
    out["nodes"] = a.nodes;
    out["start"] = eval_json(a.start_eval);
    ordered_json plies = ordered_json::array();
    for (const analysis::PlyAnalysis& p : a.plies) {
      ordered_json x;
      x["san"] = p.move;
      x["eval"] = eval_json(p.eval);
      x["depth"] = p.depth;
      x["best"] = p.best_line;
      x["judgement"] = p.judgement == analysis::Judgement::None
                           ? ordered_json(nullptr)
                           : ordered_json(std::string(analysis::to_string(p.judgement)));
      plies.push_back(std::move(x));
    }
    out["plies"] = std::move(plies);
    out["white"] = side_json(a.white);
    out["black"] = side_json(a.black);
    j["analysis"] = std::move(out);
  }
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace arbiter::wire
