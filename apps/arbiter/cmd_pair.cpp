// arbiter pair --berger IN.trf -p [OUT] | -c ; arbiter pair --dutch ... (spec/tournaments.md,
// "The command line": the JaVaFo / bbpPairings contract). Exit statuses: 0 paired (or no
// difference), 1 no valid pairing or a round differs, 2 unexpected, 3 invalid request or
// file, 4 size limit, 5 file access.
#include <fmt/core.h>

#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/tournament/consistency.hpp"
#include "arbiter/tournament/round_robin.hpp"
#include "arbiter/tournament/trf.hpp"
#include "commands.hpp"
#include "trf_arg.hpp"

namespace arbiter::app {

namespace {

struct PairOptions {
  bool dutch = false;
  bool berger = false;
  std::string input;
  std::vector<std::string> pair_output;  // -p [OUT]
  bool check = false;                    // -c
  std::string config;                    // -g [CONFIG]
  bool generate = false;
  std::string output;  // -o OUT
  long long seed = 0;  // -s SEED
};

tournament::RoundRobinPlan plan_of(const tournament::Tournament& t, const std::string& input) {
  auto plan = tournament::round_robin_plan(t);
  if (!plan) {
    const Error& e = plan.error();
    throw ExitError{3, fmt::format("{}:{}:{}: {}: {}", input, e.where.line, e.where.column,
                                   e.where.field, e.message)};
  }
  return std::move(*plan);
}

std::string describe(const tournament::RoundDifference& d) {
  const auto side = [](tournament::PlayerId id) {
    return id == 0 ? std::string("bye") : std::to_string(id);
  };
  return fmt::format("round {}: player {} meets {} by the Berger table, {} in the file", d.round,
                     d.player, side(d.table_opponent), side(d.file_opponent));
}

void run_berger(const PairOptions& o) {
  const tournament::Tournament t = load_trf(o.input);
  const tournament::RoundRobinPlan plan = plan_of(t, o.input);
  const auto diffs = tournament::round_robin_differences(t, plan);
  if (o.check) {
    for (const auto& d : diffs) fmt::print("{}\n", describe(d));
    if (!diffs.empty())
      throw ExitError{1, fmt::format("{} rounds differ from the Berger table", diffs.size())};
    return;
  }
  if (!diffs.empty()) {
    const auto& d = diffs.front();
    int index = 0;
    while (t.players[static_cast<std::size_t>(index)].id != d.player) ++index;
    throw ExitError{
        3, fmt::format("{}:{}:{}: opponent: {}", o.input, tournament::line_of_player(t, index),
                       tournament::opponent_column(d.round), describe(d))};
  }
  const auto next = tournament::next_round(t, plan);
  if (!next) {
    throw ExitError{1,
                    fmt::format("no round to pair: all {} rounds of the {} round robin are played",
                                plan.rounds.size(), plan.double_round_robin ? "double" : "single")};
  }
  std::string out = fmt::format("{}\n", next->boards.size() + (next->bye != 0 ? 1 : 0));
  for (const auto& b : next->boards) out += fmt::format("{} {}\n", b.white, b.black);
  if (next->bye != 0) out += fmt::format("{} 0\n", next->bye);
  write_output(o.pair_output.empty() ? "" : o.pair_output.front(), out);
}

void run_pair(const PairOptions& o) {
  if (o.dutch == o.berger) throw ExitError{3, "name one pairing system: --dutch or --berger"};
  if (o.dutch) {
    // No pairings are invented: the Dutch engine (C.04.3) is the next part of issue #15.
    throw ExitError{2,
                    "the Dutch engine is not built yet (issue #15); --berger pairs round robins"};
  }
  if (o.generate) throw ExitError{3, "-g (random tournament generator) needs the Dutch engine"};
  if (o.input.empty()) throw ExitError{3, "no input file"};
  run_berger(o);
}

}  // namespace

void register_pair(CLI::App& app) {
  auto opts = std::make_shared<PairOptions>();
  auto* pair = app.add_subcommand(
      "pair",
      "Pair the next round of a TRF (drop-in for JaVaFo / bbpPairings): --berger or --dutch");
  pair->add_flag("--dutch", opts->dutch, "FIDE (Dutch) System, C.04.3 (not built yet)");
  pair->add_flag("--berger", opts->berger, "Round robin by the Berger tables, C.05 Annex 1");
  pair->add_option("input", opts->input, "TRF file ('-' for standard input)");
  auto* p = pair->add_option("-p", opts->pair_output,
                             "Pair the next round; write to OUT (default stdout)")
                ->expected(0, 1);
  auto* c = pair->add_flag("-c", opts->check, "Check every round of the file against the rules");
  p->excludes(c);
  pair->add_option("-g", opts->config, "Random tournament generator config (Dutch only)")
      ->expected(0, 1);
  pair->add_option("-o", opts->output, "Output TRF of the generator");
  pair->add_option("-s", opts->seed, "Seed of the generator");
  pair->callback([opts, pair] {
    opts->generate = pair->count("-g") > 0;
    if (!opts->dutch && !opts->generate && pair->count("-p") == 0 && !opts->check) {
      throw ExitError{3, "say what to do: -p [OUT] to pair the next round, -c to check"};
    }
    try {
      run_pair(*opts);
    } catch (const ExitError&) {
      throw;
    } catch (const std::exception& e) {
      throw ExitError{2, std::string("unexpected: ") + e.what()};
    }
  });
}

}  // namespace arbiter::app
