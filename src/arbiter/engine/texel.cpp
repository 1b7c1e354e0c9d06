#include "arbiter/engine/texel.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <ostream>
#include <sstream>

#include "arbiter/engine/eval.hpp"
#include "arbiter/engine/eval_trace.hpp"

namespace arbiter::engine {

namespace {

constexpr double kLn10 = 2.302585092994046;

double predicted(double eval, double k) { return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0)); }

std::string_view trim(std::string_view v) {
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t' || v.back() == '\r'))
    v.remove_suffix(1);
  return v;
}

bool parse_result(std::string_view v, float& result) {
  v = trim(v);
  if (v == "1.0" || v == "1-0" || v == "1")
    result = 1.0F;
  else if (v == "0.5" || v == "1/2-1/2")
    result = 0.5F;
  else if (v == "0.0" || v == "0-1" || v == "0")
    result = 0.0F;
  else
    return false;
  return true;
}

}  // namespace

Weights to_weights(const EvalParams& p) {
  Weights w(2 * param::kCount);
  for (int i = 0; i < param::kCount; ++i) {
    w[static_cast<std::size_t>(2 * i)] = p[i].mg;
    w[static_cast<std::size_t>(2 * i + 1)] = p[i].eg;
  }
  return w;
}

EvalParams to_params(const Weights& w) {
  EvalParams p;
  for (int i = 0; i < param::kCount; ++i)
    p[i] = {static_cast<int>(std::lround(w[static_cast<std::size_t>(2 * i)])),
            static_cast<int>(std::lround(w[static_cast<std::size_t>(2 * i + 1)]))};
  return p;
}

bool add_position(TexelData& data, const core::Position& pos, float result) {
  EvalTrace trace;
  (void)evaluate_traced(pos, trace);
  if (trace.insufficient || (trace.scale == 0 && trace.phase == 0)) return false;
  const EvalParams& p = eval_params();
  TexelPosition tp;
  tp.first = static_cast<std::uint32_t>(data.entries.size());
  double mg = trace.total.mg;
  double eg = trace.total.eg;
  for (int i = 0; i < param::kCount; ++i) {
    const int cm = trace.mg[static_cast<std::size_t>(i)];
    const int ce = trace.eg[static_cast<std::size_t>(i)];
    if (cm == 0 && ce == 0) continue;
    data.entries.push_back({static_cast<std::uint16_t>(i), static_cast<std::int16_t>(cm),
                            static_cast<std::int16_t>(ce)});
    mg -= static_cast<double>(cm) * p[i].mg;
    eg -= static_cast<double>(ce) * p[i].eg;
  }
  tp.count = static_cast<std::uint16_t>(data.entries.size() - tp.first);
  tp.phase = static_cast<std::uint8_t>(trace.phase);
  tp.scale = static_cast<std::uint8_t>(trace.scale);
  tp.constant_mg = static_cast<float>(mg);
  tp.constant_eg = static_cast<float>(eg);
  tp.result = result;
  tp.white_to_move = trace.white_to_move;
  data.positions.push_back(tp);
  return true;
}

Result<TexelData> load_texel_data(const std::string& path, bool keep_fens) {
  std::ifstream in(path);
  if (!in) return make_error(ErrorCode::kIo, "cannot open '" + path + "'");
  TexelData data;
  std::string line;
  while (std::getline(in, line)) {
    const auto bar = line.find('|');
    float result = 0;
    if (bar == std::string::npos || !parse_result(std::string_view(line).substr(bar + 1), result)) {
      if (!trim(line).empty()) ++data.rejected;
      continue;
    }
    const std::string_view fen = trim(std::string_view(line).substr(0, bar));
    auto pos = core::Position::from_fen(fen);
    if (!pos || !add_position(data, *pos, result)) {
      ++data.rejected;
      continue;
    }
    if (keep_fens) data.fens.emplace_back(fen);
  }
  return data;
}

TexelData split_tail(TexelData& data, std::size_t from) {
  TexelData tail;
  from = std::min(from, data.positions.size());
  if (from == data.positions.size()) return tail;
  const std::uint32_t base = data.positions[from].first;
  for (std::size_t i = from; i < data.positions.size(); ++i) {
    TexelPosition p = data.positions[i];
    p.first -= base;
    tail.positions.push_back(p);
  }
  tail.entries.assign(data.entries.begin() + base, data.entries.end());
  data.entries.resize(base);
  data.positions.resize(from);
  if (data.fens.size() > from) {
    tail.fens.assign(data.fens.begin() + static_cast<std::ptrdiff_t>(from), data.fens.end());
    data.fens.resize(from);
  }
  return tail;
}

double linear_eval(const TexelData& data, const TexelPosition& p, const Weights& w) {
  double mg = p.constant_mg;
  double eg = p.constant_eg;
  for (std::uint32_t e = p.first; e < p.first + p.count; ++e) {
    const TexelEntry& t = data.entries[e];
    mg += t.mg * w[2u * t.index];
    eg += t.eg * w[2u * t.index + 1];
  }
  const double phase = p.phase;
  const double v =
      (mg * phase + eg * p.scale / 64.0 * (params::kMaxPhase - phase)) / params::kMaxPhase;
  return v + (p.white_to_move ? params::kTempo : -params::kTempo);
}

double texel_error(const TexelData& data, const Weights& w, double k) {
  if (data.positions.empty()) return 0;
  double sum = 0;
  for (const TexelPosition& p : data.positions) {
    const double d = p.result - predicted(linear_eval(data, p, w), k);
    sum += d * d;
  }
  return sum / static_cast<double>(data.positions.size());
}

double engine_error(const TexelData& data, double k) {
  if (data.fens.empty()) return 0;
  PawnTable pawns;
  double sum = 0;
  for (std::size_t i = 0; i < data.fens.size(); ++i) {
    const auto pos = core::Position::from_fen(data.fens[i]);
    if (!pos) continue;
    const Value v = evaluate(*pos, pawns);
    const double white = pos->side_to_move() == core::Color::White ? v : -v;
    const double d = data.positions[i].result - predicted(white, k);
    sum += d * d;
  }
  return sum / static_cast<double>(data.fens.size());
}

double fit_k(const TexelData& data, const Weights& w) {
  // The error is smooth and unimodal in K: golden-section search on [0.05, 4].
  double lo = 0.05;
  double hi = 4.0;
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = hi - g * (hi - lo);
  double b = lo + g * (hi - lo);
  double fa = texel_error(data, w, a);
  double fb = texel_error(data, w, b);
  for (int i = 0; i < 40; ++i) {
    if (fa < fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - g * (hi - lo);
      fa = texel_error(data, w, a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + g * (hi - lo);
      fb = texel_error(data, w, b);
    }
  }
  return (lo + hi) / 2;
}

void tune_weights(const TexelData& train, const TexelData& validation, Weights& w, double k,
                  const TuneOptions& options, std::ostream* log) {
  const Weights start = w;
  const std::size_t n = w.size();
  Weights m(n, 0.0);
  Weights v(n, 0.0);
  Weights grad(n, 0.0);
  constexpr double kBeta1 = 0.9;
  constexpr double kBeta2 = 0.999;
  constexpr double kEpsilon = 1e-8;
  const double count = static_cast<double>(train.positions.size());
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    std::fill(grad.begin(), grad.end(), 0.0);
    for (const TexelPosition& p : train.positions) {
      const double s = predicted(linear_eval(train, p, w), k);
      // d(error)/d(eval) for this position.
      const double de = 2.0 * (s - p.result) * s * (1.0 - s) * kLn10 * k / 400.0 / count;
      const double mg_factor = de * p.phase / params::kMaxPhase;
      const double eg_factor =
          de * p.scale / 64.0 * (params::kMaxPhase - p.phase) / params::kMaxPhase;
      for (std::uint32_t e = p.first; e < p.first + p.count; ++e) {
        const TexelEntry& t = train.entries[e];
        grad[2u * t.index] += mg_factor * t.mg;
        grad[2u * t.index + 1] += eg_factor * t.eg;
      }
    }
    const double c1 = 1.0 - std::pow(kBeta1, epoch);
    const double c2 = 1.0 - std::pow(kBeta2, epoch);
    for (std::size_t i = 0; i < n; ++i) {
      if (!options.frozen.empty() && options.frozen[i / 2]) continue;
      const double g = grad[i] + options.l2 * (w[i] - start[i]);
      if (g == 0.0) continue;  // a weight no position uses stays as it is
      m[i] = kBeta1 * m[i] + (1 - kBeta1) * g;
      v[i] = kBeta2 * v[i] + (1 - kBeta2) * g * g;
      w[i] -= options.learning_rate * (m[i] / c1) / (std::sqrt(v[i] / c2) + kEpsilon);
    }
    if (log && (epoch % 50 == 0 || epoch == options.epochs))
      *log << "epoch " << epoch << " train " << texel_error(train, w, k) << " validation "
           << texel_error(validation, w, k) << std::endl;
  }
}

bool freeze_groups(const std::string& names, TuneOptions& options) {
  struct Group {
    const char* name;
    int first;
    int end;
  };
  static constexpr Group kGroups[] = {{"material", param::kPieceValue, param::kPst},
                                      {"pst", param::kPst, param::kMobility},
                                      {"mobility", param::kMobility, param::kDoubled},
                                      {"pawns", param::kDoubled, param::kPassed},
                                      {"passed", param::kPassed, param::kBishopPair},
                                      {"pieces", param::kBishopPair, param::kShieldNear},
                                      {"king", param::kShieldNear, param::kCount}};
  options.frozen.assign(param::kCount, false);
  std::istringstream in(names);
  std::string name;
  while (std::getline(in, name, ',')) {
    if (name.empty()) continue;
    const auto* g = std::find_if(std::begin(kGroups), std::end(kGroups),
                                 [&](const Group& x) { return name == x.name; });
    if (g == std::end(kGroups)) return false;
    for (int i = g->first; i < g->end; ++i) options.frozen[static_cast<std::size_t>(i)] = true;
  }
  return true;
}

std::string weights_source(const EvalParams& p, const std::string& header_comment) {
  std::ostringstream out;
  out << header_comment;
  out << "#include \"arbiter/engine/eval_params.hpp\"\n\nnamespace arbiter::engine {\n\n"
         "EvalParams default_eval_params() noexcept {\n  EvalParams p;\n"
         "  // One {mg, eg} pair per weight, in the order of namespace param.\n"
         "  constexpr Score kWeights[param::kCount] = {\n";
  for (int i = 0; i < param::kCount; ++i)
    out << "      {" << p[i].mg << ", " << p[i].eg << "},  // " << param_name(i) << '\n';
  out << "  };\n  for (int i = 0; i < param::kCount; ++i) p[i] = kWeights[i];\n  return p;\n}\n\n"
         "}  // namespace arbiter::engine\n";
  return out.str();
}

}  // namespace arbiter::engine
