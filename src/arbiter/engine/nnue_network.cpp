#include "arbiter/engine/nnue_network.hpp"

#include <cstring>
#include <fstream>
#include <iterator>

#include "arbiter/engine/strength.hpp"

namespace arbiter::embedded {  // cmake/embed_file.cmake defines them
extern const unsigned char engine_network[];
extern const std::size_t engine_network_size;
}  // namespace arbiter::embedded

namespace arbiter::engine::nnue {

namespace {

template <typename T>
void put(std::vector<std::uint8_t>& out, T v) {
  const std::size_t at = out.size();
  out.resize(at + sizeof(T));
  std::memcpy(out.data() + at, &v, sizeof(T));  // the file is little-endian, as x86-64 is
}

class Reader {
 public:
  Reader(std::span<const std::uint8_t> bytes, std::string_view name) : bytes_(bytes), name_(name) {}

  template <typename T>
  bool get(T& v) {
    if (bytes_.size() - offset_ < sizeof(T)) return false;
    std::memcpy(&v, bytes_.data() + offset_, sizeof(T));
    offset_ += sizeof(T);
    return true;
  }
  template <typename T>
  bool get(std::vector<T>& v, std::size_t count) {
    if ((bytes_.size() - offset_) / sizeof(T) < count) return false;
    v.resize(count);
    std::memcpy(v.data(), bytes_.data() + offset_, count * sizeof(T));
    offset_ += count * sizeof(T);
    return true;
  }
  [[nodiscard]] std::size_t offset() const noexcept { return offset_; }
  [[nodiscard]] bool at_end() const noexcept { return offset_ == bytes_.size(); }
  tl::unexpected<Error> error(const char* field, const std::string& what) const {
    return make_error(
        ErrorCode::kInvalidArgument,
        std::string(name_) + ": " + field + " at byte " + std::to_string(offset_) + ": " + what,
        Location{0, static_cast<int>(offset_), field});
  }

 private:
  std::span<const std::uint8_t> bytes_;
  std::string_view name_;
  std::size_t offset_ = 0;
};

}  // namespace

std::vector<std::uint8_t> serialize(const Network& net) {
  std::vector<std::uint8_t> out(kMagic.begin(), kMagic.end());
  put<std::uint32_t>(out, kVersion);
  put<std::uint32_t>(out, 0);
  put<std::uint32_t>(out, static_cast<std::uint32_t>(net.hidden));
  put<std::uint32_t>(out, static_cast<std::uint32_t>(net.buckets));
  put<std::int32_t>(out, kQa);
  put<std::int32_t>(out, kQb);
  put<std::int32_t>(out, kScale);
  for (auto v : net.feature_weights) put(out, v);
  for (auto v : net.feature_bias) put(out, v);
  for (auto v : net.output_weights) put(out, v);
  for (auto v : net.output_bias) put(out, v);
  return out;
}

Result<Network> parse_network(std::span<const std::uint8_t> bytes, std::string_view name) {
  Reader r(bytes, name);
  std::vector<std::uint8_t> magic;
  if (!r.get(magic, kMagic.size()) ||
      std::string_view(reinterpret_cast<const char*>(magic.data()), magic.size()) != kMagic)
    return r.error("magic", "not an Arbiter NNUE file");
  std::uint32_t version = 0;
  std::uint32_t features = 0;
  std::uint32_t hidden = 0;
  std::uint32_t buckets = 0;
  std::int32_t qa = 0;
  std::int32_t qb = 0;
  std::int32_t scale = 0;
  if (!r.get(version) || version != kVersion)
    return r.error("version", "expected " + std::to_string(kVersion));
  if (!r.get(features) || features != 0) return r.error("feature set", "expected 0 (768 inputs)");
  if (!r.get(hidden) || hidden < kHiddenStep || hidden > kMaxHidden || hidden % kHiddenStep != 0)
    return r.error("hidden size", "expected a multiple of 16 from 16 to 512");
  if (!r.get(buckets) || buckets < 1 || buckets > kMaxBuckets)
    return r.error("output buckets", "expected 1 to 8");
  if (!r.get(qa) || !r.get(qb) || !r.get(scale) || qa != kQa || qb != kQb || scale != kScale)
    return r.error("quantisation", "expected QA 255, QB 64, scale 400");
  Network net;
  net.hidden = static_cast<int>(hidden);
  net.buckets = static_cast<int>(buckets);
  if (!r.get(net.feature_weights, std::size_t{kInputs} * hidden))
    return r.error("feature weights", "file too short");
  if (!r.get(net.feature_bias, hidden)) return r.error("feature biases", "file too short");
  if (!r.get(net.output_weights, std::size_t{2} * hidden * buckets))
    return r.error("output weights", "file too short");
  for (auto w : net.output_weights)
    if (w > kMaxOutputWeight || w < -kMaxOutputWeight)
      return r.error("output weights", "a weight beyond ±127 (QB·1.98)");
  if (!r.get(net.output_bias, buckets)) return r.error("output biases", "file too short");
  if (!r.at_end()) return r.error("end", "unexpected bytes after the network");
  net.hash = fnv1a64(bytes);
  return net;
}

Result<Network> load_network(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error(ErrorCode::kIo, "cannot open network file '" + path + "'");
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                        std::istreambuf_iterator<char>());
  return parse_network(bytes, path);
}

Result<bool> save_network(const Network& net, const std::string& path) {
  const std::vector<std::uint8_t> bytes = serialize(net);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  if (!out) return make_error(ErrorCode::kIo, "cannot write network file '" + path + "'");
  return true;
}

std::span<const std::uint8_t> embedded_network() noexcept {
  return {embedded::engine_network, embedded::engine_network_size};
}

Result<std::shared_ptr<const Network>> network_for_option(std::string_view value) {
  if (value.empty() || value == "<empty>") return std::shared_ptr<const Network>();
  Result<Network> net = [&]() -> Result<Network> {
    if (value != kEmbeddedName) return load_network(std::string(value));
    if (embedded_network().empty())
      return make_error(ErrorCode::kUnsupported, "this build has no embedded network");
    return parse_network(embedded_network(), kEmbeddedName);
  }();
  if (!net) return tl::unexpected(net.error());
  return std::make_shared<const Network>(std::move(*net));
}

Network random_network(int hidden, int buckets, std::uint64_t seed) {
  Rng rng(seed);
  const auto uniform = [&](int bound) {
    return static_cast<std::int16_t>(
        static_cast<int>(rng.below(2 * static_cast<unsigned>(bound) + 1)) - bound);
  };
  Network net;
  net.hidden = hidden;
  net.buckets = buckets;
  net.feature_weights.resize(static_cast<std::size_t>(kInputs) * static_cast<std::size_t>(hidden));
  for (auto& w : net.feature_weights) w = uniform(40);
  net.feature_bias.resize(static_cast<std::size_t>(hidden));
  for (auto& b : net.feature_bias) b = uniform(80);
  net.output_weights.resize(static_cast<std::size_t>(2 * hidden * buckets));
  for (auto& w : net.output_weights) w = uniform(kMaxOutputWeight);
  net.output_bias.resize(static_cast<std::size_t>(buckets));
  for (auto& b : net.output_bias) b = static_cast<std::int32_t>(rng.below(40001)) - 20000;
  net.hash = fnv1a64(serialize(net));
  return net;
}

}  // namespace arbiter::engine::nnue
