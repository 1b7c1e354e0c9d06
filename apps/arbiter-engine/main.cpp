// arbiter-engine: the built-in engine speaking UCI on stdin/stdout.
//   arbiter-engine                      the UCI loop
//   arbiter-engine bench [DEPTH [FILE [EVALFILE]]] fixed-depth node count over the bench positions
//   arbiter-engine datagen KEY=VALUE... self-play positions for tuning (docs/engine.md)
//   arbiter-engine tune KEY=VALUE...    Texel tuning of the evaluation weights on them
//   arbiter-engine train KEY=VALUE...   trains an NNUE on datagen format=nnue output
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/engine/bench.hpp"
#include "arbiter/engine/datagen.hpp"
#include "arbiter/engine/eval_params.hpp"
#include "arbiter/engine/nnue_datagen.hpp"
#include "arbiter/engine/nnue_network.hpp"
#include "arbiter/engine/nnue_trainer.hpp"
#include "arbiter/engine/texel.hpp"
#include "arbiter/uci/uci_loop.hpp"

namespace {

// The bench positions: installed beside the program (share/arbiter), else the source
// tree's copy that a program run from the build directory reads.
std::string default_bench_file() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto installed = (exe.parent_path() / ARB_INSTALLED_BENCH_FILE).lexically_normal();
    if (std::filesystem::exists(installed, ec)) return installed.string();
  }
  return ARB_BENCH_FILE;
}

int bench(int argc, char** argv) {
  int depth = arbiter::engine::kBenchDepth;
  std::string file = default_bench_file();
  if (argc > 2) {
    const std::string_view d = argv[2];
    const auto [ptr, ec] = std::from_chars(d.data(), d.data() + d.size(), depth);
    if (ec != std::errc{} || ptr != d.data() + d.size() || depth < 1 || depth > 60) {
      std::fprintf(stderr, "arbiter-engine: bad bench depth '%s'\n", argv[2]);
      return 2;
    }
  }
  if (argc > 3) file = argv[3];
  std::shared_ptr<const arbiter::engine::nnue::Network> network;
  if (argc > 4) {
    auto net = arbiter::engine::nnue::network_for_option(argv[4]);
    if (!net) {
      std::fprintf(stderr, "arbiter-engine: %s\n", net.error().message.c_str());
      return 2;
    }
    network = *net;
  }
  auto fens = arbiter::engine::read_bench_positions(file);
  if (!fens) {
    std::fprintf(stderr, "arbiter-engine: %s\n", fens.error().message.c_str());
    return 2;
  }
  std::fprintf(stderr, "bench positions from %s\n", file.c_str());
  const auto r = arbiter::engine::run_bench(*fens, depth, &std::cerr, network);
  const long long ms = static_cast<long long>(r.time_ms);
  std::printf("positions %d depth %d\n", r.positions, depth);
  std::printf("time %lld ms, %llu nps\n", ms,
              static_cast<unsigned long long>(
                  ms > 0 ? r.nodes * 1000 / static_cast<unsigned long long>(ms) : 0));
  std::printf("%llu nodes\n", static_cast<unsigned long long>(r.nodes));
  return 0;
}

// KEY=VALUE arguments from argv[first]; false (with a message) on a malformed or unknown key.
bool parse_keys(int argc, char** argv, int first, std::map<std::string, std::string>& keys) {
  for (int i = first; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto eq = arg.find('=');
    const std::string key(arg.substr(0, eq));
    if (eq == std::string_view::npos || !keys.contains(key)) {
      std::fprintf(stderr, "arbiter-engine: bad argument '%s'\n", argv[i]);
      return false;
    }
    keys[key] = std::string(arg.substr(eq + 1));
  }
  return true;
}

template <typename T>
bool parse_number(const std::string& text, T& value) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc{} && ptr == text.data() + text.size()) return true;
  std::fprintf(stderr, "arbiter-engine: bad number '%s'\n", text.c_str());
  return false;
}

// `datagen format=nnue`: chunk files of "FEN | score | result" lines in dir= (resumable).
int datagen_nnue(int argc, char** argv) {
  std::map<std::string, std::string> keys{{"format", "nnue"},
                                          {"book", ARB_BOOK_FILE},
                                          {"dir", ARB_NNUE_DATA_DIR},
                                          {"seed", "1"},
                                          {"first", "0"},
                                          {"chunks", "0"},
                                          {"games", "50"},
                                          {"nodes", "2500"},
                                          {"hard-nodes", "20000"},
                                          {"random-plies", "2"},
                                          {"extra-ply", "0"},
                                          {"opening-nodes", "20000"},
                                          {"max-opening-score", "1000"},
                                          {"skip", "0"},
                                          {"max-plies", "400"},
                                          {"hash", "8"}};
  if (!parse_keys(argc, argv, 2, keys)) return 2;
  arbiter::engine::NnueDatagenOptions o;
  std::uint64_t first = 0;
  std::uint64_t chunks = 0;
  if (!parse_number(keys["seed"], o.seed) || !parse_number(keys["first"], first) ||
      !parse_number(keys["chunks"], chunks) || !parse_number(keys["games"], o.games_per_chunk) ||
      !parse_number(keys["nodes"], o.soft_nodes) ||
      !parse_number(keys["hard-nodes"], o.hard_nodes) ||
      !parse_number(keys["random-plies"], o.random_plies) ||
      !parse_number(keys["extra-ply"], o.extra_ply_percent) ||
      !parse_number(keys["opening-nodes"], o.opening_nodes) ||
      !parse_number(keys["max-opening-score"], o.max_opening_score) ||
      !parse_number(keys["skip"], o.skip_plies) || !parse_number(keys["max-plies"], o.max_plies) ||
      !parse_number(keys["hash"], o.hash_mb))
    return 2;
  auto book = arbiter::engine::read_bench_positions(keys["book"]);
  if (!book) {
    std::fprintf(stderr, "arbiter-engine: %s\n", book.error().message.c_str());
    return 2;
  }
  const auto s =
      arbiter::engine::generate_nnue_directory(o, *book, keys["dir"], first, chunks, &std::cerr);
  if (!s) {
    std::fprintf(stderr, "arbiter-engine: %s\n", s.error().message.c_str());
    return 2;
  }
  std::fprintf(stderr, "chunks written %llu, skipped %llu, games %d, positions %llu\n",
               static_cast<unsigned long long>(s->written),
               static_cast<unsigned long long>(s->skipped), s->totals.games,
               static_cast<unsigned long long>(s->totals.positions));
  return 0;
}

int datagen(int argc, char** argv) {
  for (int i = 2; i < argc; ++i)
    if (std::string_view(argv[i]) == "format=nnue") return datagen_nnue(argc, argv);
  std::map<std::string, std::string> keys{
      {"book", ARB_BOOK_FILE}, {"out", ""},          {"games", "100"},
      {"nodes", "5000"},       {"seed", "1"},        {"skip", "8"},
      {"format", "texel"},     {"max-plies", "400"}, {"hash", "8"}};
  if (!parse_keys(argc, argv, 2, keys)) return 2;
  if (keys["format"] != "texel") {
    std::fprintf(stderr, "arbiter-engine: format must be texel or nnue\n");
    return 2;
  }
  arbiter::engine::DatagenOptions options;
  if (!parse_number(keys["games"], options.games) || !parse_number(keys["nodes"], options.nodes) ||
      !parse_number(keys["seed"], options.seed) ||
      !parse_number(keys["skip"], options.skip_plies) ||
      !parse_number(keys["max-plies"], options.max_plies) ||
      !parse_number(keys["hash"], options.hash_mb))
    return 2;
  auto book = arbiter::engine::read_bench_positions(keys["book"]);
  if (!book) {
    std::fprintf(stderr, "arbiter-engine: %s\n", book.error().message.c_str());
    return 2;
  }
  std::ofstream file;
  if (!keys["out"].empty()) {
    file.open(keys["out"], std::ios::app);
    if (!file) {
      std::fprintf(stderr, "arbiter-engine: cannot write '%s'\n", keys["out"].c_str());
      return 2;
    }
  }
  std::ostream& out = keys["out"].empty() ? std::cout : file;
  const auto s = arbiter::engine::generate_selfplay(options, *book, out, &std::cerr);
  std::fprintf(stderr, "games %d (+%d =%d -%d, %d capped), positions %llu\n", s.games, s.white_wins,
               s.draws, s.black_wins, s.capped, static_cast<unsigned long long>(s.positions));
  return 0;
}

int tune(int argc, char** argv) {
  std::map<std::string, std::string> keys{{"data", ""}, {"out", ""},   {"epochs", "400"},
                                          {"lr", "1"},  {"l2", "0"},   {"validation", "10"},
                                          {"k", "0"},   {"freeze", ""}};
  if (!parse_keys(argc, argv, 2, keys)) return 2;
  arbiter::engine::TuneOptions options;
  int validation_percent = 10;
  double k = 0;
  if (!parse_number(keys["epochs"], options.epochs) ||
      !parse_number(keys["lr"], options.learning_rate) || !parse_number(keys["l2"], options.l2) ||
      !parse_number(keys["validation"], validation_percent) || !parse_number(keys["k"], k))
    return 2;
  if (!arbiter::engine::freeze_groups(keys["freeze"], options)) {
    std::fprintf(stderr, "arbiter-engine: bad freeze groups '%s'\n", keys["freeze"].c_str());
    return 2;
  }
  if (keys["data"].empty()) {
    std::fprintf(stderr, "arbiter-engine: tune needs data=FILE\n");
    return 2;
  }
  auto loaded = arbiter::engine::load_texel_data(keys["data"], true);
  if (!loaded) {
    std::fprintf(stderr, "arbiter-engine: %s\n", loaded.error().message.c_str());
    return 2;
  }
  arbiter::engine::TexelData train = std::move(*loaded);
  const std::size_t total = train.positions.size();
  // The last positions (whole games, as datagen writes them in order) are held out.
  arbiter::engine::TexelData validation = arbiter::engine::split_tail(
      train, total - total * static_cast<std::size_t>(validation_percent) / 100);
  std::printf("positions %zu (train %zu, validation %zu), rejected %d\n", total,
              train.positions.size(), validation.positions.size(), train.rejected);
  arbiter::engine::Weights w = arbiter::engine::to_weights(arbiter::engine::eval_params());
  if (k <= 0) k = arbiter::engine::fit_k(train, w);
  std::printf("K %.4f\n", k);
  std::printf(
      "before: train %.6f validation %.6f (engine eval: %.6f / %.6f)\n",
      arbiter::engine::texel_error(train, w, k), arbiter::engine::texel_error(validation, w, k),
      arbiter::engine::engine_error(train, k), arbiter::engine::engine_error(validation, k));
  std::fflush(stdout);
  arbiter::engine::tune_weights(train, validation, w, k, options, &std::cout);
  const arbiter::engine::EvalParams tuned = arbiter::engine::to_params(w);
  arbiter::engine::set_eval_params(tuned);
  std::printf("after (rounded): train %.6f validation %.6f (engine eval: %.6f / %.6f)\n",
              arbiter::engine::texel_error(train, arbiter::engine::to_weights(tuned), k),
              arbiter::engine::texel_error(validation, arbiter::engine::to_weights(tuned), k),
              arbiter::engine::engine_error(train, k),
              arbiter::engine::engine_error(validation, k));
  if (!keys["out"].empty()) {
    std::ofstream out(keys["out"]);
    out << arbiter::engine::weights_source(
        tuned,
        "// Texel-tuned evaluation weights, written by `arbiter-engine tune` (docs/engine.md).\n");
    if (!out) {
      std::fprintf(stderr, "arbiter-engine: cannot write '%s'\n", keys["out"].c_str());
      return 2;
    }
  }
  return 0;
}

// Comma-separated list.
std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    if (comma > from) out.push_back(text.substr(from, comma - from));
    from = comma + 1;
  }
  return out;
}

int train(int argc, char** argv) {
  namespace nnue = arbiter::engine::nnue;
  std::map<std::string, std::string> keys{
      {"data", ""},     {"out", ""},        {"hidden", "256"},   {"buckets", "1"},
      {"epochs", "10"}, {"batch", "16384"}, {"lr", "0.001"},     {"wdl", "0.3"},
      {"threads", "2"}, {"seed", "1"},      {"validation", "2"}, {"max-score", "10000"},
      {"limit", "0"},   {"drop", "0.67"},   {"decay", "0.01"}};
  if (!parse_keys(argc, argv, 2, keys)) return 2;
  nnue::TrainOptions o;
  double wdl = 0.3;
  int validation_percent = 2;
  int max_score = 10000;
  std::uint64_t limit = 0;
  if (!parse_number(keys["hidden"], o.hidden) || !parse_number(keys["buckets"], o.buckets) ||
      !parse_number(keys["epochs"], o.epochs) || !parse_number(keys["batch"], o.batch) ||
      !parse_number(keys["lr"], o.learning_rate) || !parse_number(keys["wdl"], wdl) ||
      !parse_number(keys["threads"], o.threads) || !parse_number(keys["seed"], o.seed) ||
      !parse_number(keys["validation"], validation_percent) ||
      !parse_number(keys["max-score"], max_score) || !parse_number(keys["limit"], limit) ||
      !parse_number(keys["drop"], o.lr_drop_at) || !parse_number(keys["decay"], o.weight_decay))
    return 2;
  if (o.hidden < nnue::kHiddenStep || o.hidden > nnue::kMaxHidden || o.hidden % nnue::kHiddenStep ||
      o.buckets < 1 || o.buckets > nnue::kMaxBuckets || wdl < 0 || wdl > 1 ||
      validation_percent < 0 || validation_percent > 50) {
    std::fprintf(stderr,
                 "arbiter-engine: hidden must be a multiple of 16 up to 512, buckets 1-8, "
                 "wdl 0-1, validation 0-50\n");
    return 2;
  }
  o.lambda = static_cast<float>(1.0 - wdl);
  if (keys["data"].empty() || keys["out"].empty()) {
    std::fprintf(stderr, "arbiter-engine: train needs data=FILE|DIR[,...] and out=NET\n");
    return 2;
  }
  auto data = nnue::load_train_data(split_list(keys["data"]), max_score, limit);
  if (!data) {
    std::fprintf(stderr, "arbiter-engine: %s\n", data.error().message.c_str());
    return 2;
  }
  // The last files' positions (whole games: datagen writes games whole) are held out.
  std::vector<nnue::TrainSample>& all = data->samples;
  const std::size_t held = all.size() * static_cast<std::size_t>(validation_percent) / 100;
  std::vector<nnue::TrainSample> validation(all.end() - static_cast<std::ptrdiff_t>(held),
                                            all.end());
  all.resize(all.size() - held);
  std::printf("positions %zu (train %zu, validation %zu), skipped %llu\n", all.size() + held,
              all.size(), validation.size(), static_cast<unsigned long long>(data->skipped));
  std::fflush(stdout);
  nnue::FloatNetwork net = nnue::init_network(o.hidden, o.buckets, o.seed);
  // `out` holds the network of the epoch with the lowest validation loss (the last epoch's
  // without validation), written as soon as it is found: a run cut short keeps its best.
  double best = 0;
  bool failed = false;
  nnue::train(net, all, validation, o, &std::cout,
              [&](const nnue::FloatNetwork& n, const nnue::EpochReport& r) {
                if (!validation.empty() && r.epoch > 1 && r.validation_loss >= best) return;
                best = r.validation_loss;
                const nnue::Network q = nnue::quantise(n);
                if (auto saved = nnue::save_network(q, keys["out"]); !saved) {
                  std::fprintf(stderr, "arbiter-engine: %s\n", saved.error().message.c_str());
                  failed = true;
                  return;
                }
                std::printf("wrote %s (epoch %d): 768->%dx2->%d, hash %016llx\n",
                            keys["out"].c_str(), r.epoch, q.hidden, q.buckets,
                            static_cast<unsigned long long>(q.hash));
                std::fflush(stdout);
              });
  return failed ? 2 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (argc > 1 && std::string_view(argv[1]) == "bench") return bench(argc, argv);
    if (argc > 1 && std::string_view(argv[1]) == "datagen") return datagen(argc, argv);
    if (argc > 1 && std::string_view(argv[1]) == "tune") return tune(argc, argv);
    if (argc > 1 && std::string_view(argv[1]) == "train") return train(argc, argv);
    if (argc > 1) {
      std::fprintf(
          stderr,
          "usage: arbiter-engine [bench [DEPTH [FILE [EVALFILE]]] | datagen KEY=VALUE... | tune "
          "KEY=VALUE... | train KEY=VALUE...]\n");
      return 2;
    }
    std::ios::sync_with_stdio(false);
    arbiter::uci::UciLoop loop(std::cin, std::cout);
    loop.run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "arbiter-engine: internal error: %s\n", e.what());
    return 3;
  }
  return 0;
}
