#include "arbiter/engine/nnue_trainer.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <ostream>
#include <thread>

#include "arbiter/engine/strength.hpp"

namespace arbiter::engine::nnue {

namespace {

constexpr float kClip = 1.98f;  // keeps QB·w within ±127 (nnue_network.hpp)
constexpr float kBeta1 = 0.9f;
constexpr float kBeta2 = 0.999f;
constexpr float kEpsilon = 1e-8f;

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

std::array<std::vector<float>*, 4> params(FloatNetwork& n) {
  return {&n.feature_weights, &n.feature_bias, &n.output_weights, &n.output_bias};
}

FloatNetwork zeros_like(const FloatNetwork& n) {
  FloatNetwork z;
  z.hidden = n.hidden;
  z.buckets = n.buckets;
  z.feature_weights.assign(n.feature_weights.size(), 0.0f);
  z.feature_bias.assign(n.feature_bias.size(), 0.0f);
  z.output_weights.assign(n.output_weights.size(), 0.0f);
  z.output_bias.assign(n.output_bias.size(), 0.0f);
  return z;
}

// The hidden layer of one perspective: bias plus the rows of the active inputs.
void accumulate(const FloatNetwork& net, const TrainSample& s, bool black_view, float* acc) {
  const int h = net.hidden;
  std::copy(net.feature_bias.begin(), net.feature_bias.end(), acc);
  for (int k = 0; k < s.count; ++k) {
    const int f = black_view ? black_view_of(s.features[static_cast<std::size_t>(k)])
                             : s.features[static_cast<std::size_t>(k)];
    const float* row = net.feature_weights.data() + static_cast<std::ptrdiff_t>(f) * h;
    for (int i = 0; i < h; ++i) acc[i] += row[i];
  }
}

// Loss summed over [begin, end); with `grad`, the gradient of that sum is added to it.
// Compiled for AVX2 and for plain x86-64, chosen by the CPU when the program starts.
[[gnu::target_clones("avx2", "default")]] double process(const FloatNetwork& net,
                                                         const TrainSample* begin,
                                                         const TrainSample* end, float lambda,
                                                         FloatNetwork* grad) {
  const int h = net.hidden;
  std::vector<float> acc(static_cast<std::size_t>(2 * h));
  std::vector<float> act(static_cast<std::size_t>(2 * h));
  double total = 0;
  for (const TrainSample* s = begin; s != end; ++s) {
    const bool black = s->black_to_move != 0;
    accumulate(net, *s, black, acc.data());       // side to move
    accumulate(net, *s, !black, acc.data() + h);  // the other side
    const int bucket = output_bucket(s->pieces, net.buckets);
    const float* w = net.output_weights.data() + static_cast<std::ptrdiff_t>(bucket) * 2 * h;
    float out = net.output_bias[static_cast<std::size_t>(bucket)];
    for (int i = 0; i < 2 * h; ++i) {
      const float c = std::clamp(acc[static_cast<std::size_t>(i)], 0.0f, 1.0f);
      act[static_cast<std::size_t>(i)] = c * c;
      out += c * c * w[i];
    }
    const float p = sigmoid(out);
    const float target = lambda * sigmoid(s->score / kScale) + (1.0f - lambda) * s->result;
    const float err = p - target;
    total += static_cast<double>(err) * err;
    if (!grad) continue;
    const float d = 2.0f * err * p * (1.0f - p);
    grad->output_bias[static_cast<std::size_t>(bucket)] += d;
    float* gw = grad->output_weights.data() + static_cast<std::ptrdiff_t>(bucket) * 2 * h;
    for (int i = 0; i < 2 * h; ++i) {
      const auto u = static_cast<std::size_t>(i);
      gw[i] += d * act[u];
      const float x = acc[u];
      acc[u] = x > 0.0f && x < 1.0f ? d * w[i] * 2.0f * x : 0.0f;  // now d loss / d acc
    }
    for (int side = 0; side < 2; ++side) {
      const float* da = acc.data() + side * h;
      const bool view = side == 0 ? black : !black;
      for (int i = 0; i < h; ++i) grad->feature_bias[static_cast<std::size_t>(i)] += da[i];
      for (int k = 0; k < s->count; ++k) {
        const int f = view ? black_view_of(s->features[static_cast<std::size_t>(k)])
                           : s->features[static_cast<std::size_t>(k)];
        float* row = grad->feature_weights.data() + static_cast<std::ptrdiff_t>(f) * h;
        for (int i = 0; i < h; ++i) row[i] += da[i];
      }
    }
  }
  return total;
}

// Runs `process` over `data` split across `threads`, each into its own gradient.
double run_parallel(const FloatNetwork& net, const TrainSample* data, std::size_t n, float lambda,
                    std::vector<FloatNetwork>* grads, int threads) {
  threads = std::max(1, std::min<int>(threads, static_cast<int>(n / 64) + 1));
  std::vector<double> losses(static_cast<std::size_t>(threads));
  std::vector<std::thread> pool;
  const std::size_t step =
      (n + static_cast<std::size_t>(threads) - 1) / static_cast<std::size_t>(threads);
  for (int t = 0; t < threads; ++t) {
    const std::size_t from = std::min(n, step * static_cast<std::size_t>(t));
    const std::size_t to = std::min(n, from + step);
    FloatNetwork* g = grads ? &(*grads)[static_cast<std::size_t>(t)] : nullptr;
    double* l = &losses[static_cast<std::size_t>(t)];
    const auto job = [&net, data, from, to, lambda, g, l] {
      *l = process(net, data + from, data + to, lambda, g);
    };
    if (t + 1 == threads)
      job();
    else
      pool.emplace_back(job);
  }
  for (auto& th : pool) th.join();
  double total = 0;
  for (double l : losses) total += l;
  return total;
}

}  // namespace

FloatNetwork init_network(int hidden, int buckets, std::uint64_t seed) {
  Rng rng(seed);
  const auto uniform = [&](float bound) {
    return (static_cast<float>(rng.next() >> 40) / static_cast<float>(1 << 24) * 2.0f - 1.0f) *
           bound;
  };
  FloatNetwork n;
  n.hidden = hidden;
  n.buckets = buckets;
  n.feature_weights.resize(static_cast<std::size_t>(kInputs * hidden));
  for (float& w : n.feature_weights) w = uniform(1.0f / std::sqrt(static_cast<float>(kInputs)));
  n.feature_bias.assign(static_cast<std::size_t>(hidden), 0.0f);
  n.output_weights.resize(static_cast<std::size_t>(2 * hidden * buckets));
  for (float& w : n.output_weights) w = uniform(1.0f / std::sqrt(static_cast<float>(2 * hidden)));
  n.output_bias.assign(static_cast<std::size_t>(buckets), 0.0f);
  return n;
}

float forward(const FloatNetwork& net, const TrainSample& s) {
  const int h = net.hidden;
  std::vector<float> acc(static_cast<std::size_t>(2 * h));
  accumulate(net, s, s.black_to_move != 0, acc.data());
  accumulate(net, s, s.black_to_move == 0, acc.data() + h);
  const int bucket = output_bucket(s.pieces, net.buckets);
  const float* w = net.output_weights.data() + static_cast<std::ptrdiff_t>(bucket) * 2 * h;
  float out = net.output_bias[static_cast<std::size_t>(bucket)];
  for (int i = 0; i < 2 * h; ++i) {
    const float c = std::clamp(acc[static_cast<std::size_t>(i)], 0.0f, 1.0f);
    out += c * c * w[i];
  }
  return out;
}

float evaluate_cp(const FloatNetwork& net, const core::Position& pos) {
  return forward(net, make_sample(pos, 0, 0.5f)) * kScale;
}

double loss(const FloatNetwork& net, const std::vector<TrainSample>& data, float lambda,
            int threads) {
  if (data.empty()) return 0;
  return run_parallel(net, data.data(), data.size(), lambda, nullptr, threads) /
         static_cast<double>(data.size());
}

FloatNetwork gradient(const FloatNetwork& net, const std::vector<TrainSample>& data, float lambda) {
  FloatNetwork g = zeros_like(net);
  (void)process(net, data.data(), data.data() + data.size(), lambda, &g);
  return g;
}

std::vector<EpochReport> train(FloatNetwork& net, std::vector<TrainSample>& data,
                               const std::vector<TrainSample>& validation,
                               const TrainOptions& options, std::ostream* log,
                               const EpochCallback& on_epoch) {
  std::vector<EpochReport> reports;
  const int threads = std::max(1, options.threads);
  std::vector<FloatNetwork> grads(static_cast<std::size_t>(threads), zeros_like(net));
  FloatNetwork m = zeros_like(net);
  FloatNetwork v = zeros_like(net);
  auto p = params(net);
  auto pm = params(m);
  auto pv = params(v);
  Rng rng(options.seed);
  const std::size_t batch = static_cast<std::size_t>(std::max(1, options.batch));
  std::uint64_t step = 0;
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = data.size(); i > 1; --i)  // Fisher-Yates, seeded
      std::swap(data[i - 1], data[static_cast<std::size_t>(rng.below(i))]);
    const float lr =
        static_cast<float>(epoch - 1) >= options.lr_drop_at * static_cast<float>(options.epochs)
            ? options.learning_rate * 0.1f
            : options.learning_rate;
    double total = 0;
    for (std::size_t from = 0; from < data.size(); from += batch) {
      const std::size_t n = std::min(batch, data.size() - from);
      for (auto& g : grads)
        for (auto* vec : params(g)) std::fill(vec->begin(), vec->end(), 0.0f);
      total += run_parallel(net, data.data() + from, n, options.lambda, &grads, threads);
      ++step;
      const float scale = 1.0f / static_cast<float>(n);
      const float c1 = 1.0f - std::pow(kBeta1, static_cast<float>(step));
      const float c2 = 1.0f - std::pow(kBeta2, static_cast<float>(step));
      for (std::size_t a = 0; a < p.size(); ++a) {
        std::vector<float>& w = *p[a];
        std::vector<float>& sum = *params(grads[0])[a];
        for (std::size_t t = 1; t < grads.size(); ++t) {
          const std::vector<float>& part = *params(grads[t])[a];
          for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += part[i];
        }
        for (std::size_t i = 0; i < w.size(); ++i) {
          const float g = sum[i] * scale;
          float& mi = (*pm[a])[i];
          float& vi = (*pv[a])[i];
          mi = kBeta1 * mi + (1 - kBeta1) * g;
          vi = kBeta2 * vi + (1 - kBeta2) * g * g;
          w[i] -= lr * ((mi / c1) / (std::sqrt(vi / c2) + kEpsilon) + options.weight_decay * w[i]);
          w[i] = std::clamp(w[i], -kClip, kClip);
        }
      }
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EpochReport r;
    r.epoch = epoch;
    r.train_loss = data.empty() ? 0 : total / static_cast<double>(data.size());
    r.validation_loss = loss(net, validation, options.lambda, threads);
    r.positions_per_second = secs > 0 ? static_cast<double>(data.size()) / secs : 0;
    reports.push_back(r);
    if (log)
      *log << "epoch " << epoch << " lr " << lr << " train " << r.train_loss << " validation "
           << r.validation_loss << " " << static_cast<long long>(r.positions_per_second) << " pos/s"
           << std::endl;
    if (on_epoch) on_epoch(net, r);
  }
  return reports;
}

Network quantise(const FloatNetwork& net) {
  const auto q16 = [](float w, float scale, int bound) {
    const long v = std::lround(static_cast<double>(w) * scale);
    return static_cast<std::int16_t>(std::clamp<long>(v, -bound, bound));
  };
  Network q;
  q.hidden = net.hidden;
  q.buckets = net.buckets;
  for (float w : net.feature_weights) q.feature_weights.push_back(q16(w, kQa, 32767));
  for (float b : net.feature_bias) q.feature_bias.push_back(q16(b, kQa, 32767));
  for (float w : net.output_weights) q.output_weights.push_back(q16(w, kQb, kMaxOutputWeight));
  for (float b : net.output_bias)
    q.output_bias.push_back(
        static_cast<std::int32_t>(std::lround(static_cast<double>(b) * kQa * kQb)));
  q.hash = fnv1a64(serialize(q));
  return q;
}

FloatNetwork dequantise(const Network& net) {
  FloatNetwork f;
  f.hidden = net.hidden;
  f.buckets = net.buckets;
  for (auto w : net.feature_weights) f.feature_weights.push_back(static_cast<float>(w) / kQa);
  for (auto b : net.feature_bias) f.feature_bias.push_back(static_cast<float>(b) / kQa);
  for (auto w : net.output_weights) f.output_weights.push_back(static_cast<float>(w) / kQb);
  for (auto b : net.output_bias)
    f.output_bias.push_back(static_cast<float>(static_cast<double>(b) / (kQa * kQb)));
  return f;
}

}  // namespace arbiter::engine::nnue
