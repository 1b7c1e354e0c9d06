// arbiter pair --berger|--dutch IN.trf -p [OUT] | -c (spec/tournaments.md, "The command
// line": the JaVaFo / bbpPairings contract). Exit statuses: 0 paired (or no
// difference), 1 no valid pairing or a round differs, 2 unexpected, 3 invalid request or
// file, 4 size limit, 5 file access.
#include <fmt/core.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "arbiter/tournament/consistency.hpp"
#include "arbiter/tournament/dutch.hpp"
#include "arbiter/tournament/dutch_check.hpp"
#include "arbiter/tournament/generator.hpp"
#include "arbiter/tournament/round_robin.hpp"
#include "arbiter/tournament/standing.hpp"
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

// `N` then `WHITE BLACK` per board, the bye as `ID 0` (the spec's -p output).
std::string format_pairing(const tournament::SwissPairing& p) {
  std::string out = fmt::format("{}\n", p.boards.size() + (p.bye != 0 ? 1 : 0));
  for (const auto& b : p.boards) out += fmt::format("{} {}\n", b.white, b.black);
  if (p.bye != 0) out += fmt::format("{} 0\n", p.bye);
  return out;
}

// One line: the boards `W-B` in board order, then the bye.
std::string one_line(const tournament::SwissPairing& p) {
  std::string out;
  for (const auto& b : p.boards) out += fmt::format("{}-{} ", b.white, b.black);
  return out + (p.bye != 0 ? fmt::format("bye {}", p.bye) : std::string("no bye"));
}

[[noreturn]] void fail_pairing(const Error& e, const std::string& input) {
  if (e.code == ErrorCode::kNoValidPairing) throw ExitError{1, e.message};
  throw ExitError{3, fmt::format("{}: {}", input, e.message)};
}

// Round r of the file as a pairing: boards of the white players (board order by C.04.3
// A.9 as the engine orders them), the PAB.

void run_dutch(const PairOptions& o) {
  const tournament::Tournament t = load_trf(o.input);
  if (!o.check) {
    if (t.settings.rounds && tournament::rounds_played(t) >= *t.settings.rounds) {
      throw ExitError{
          1, fmt::format("no round to pair: all {} rounds are played", *t.settings.rounds)};
    }
    auto pairing = tournament::pair_dutch(t);
    if (!pairing) fail_pairing(pairing.error(), o.input);
    if (pairing->initial_colour_assumed)
      fmt::print(stderr, "no initial colour (XXC / 152): White assumed for pairing number 1\n");
    write_output(o.pair_output.empty() ? "" : o.pair_output.front(), format_pairing(*pairing));
    return;
  }
  // -c: every round k+1 re-paired from rounds 1..k (the spec's test procedure).
  const int played = tournament::rounds_played(t);
  auto differences = tournament::check_dutch(t);
  if (!differences) fail_pairing(differences.error(), o.input);
  const int differ = static_cast<int>(differences->size());
  for (const tournament::DutchDifference& d : *differences) {
    fmt::print("round {}: checker: {}\n          file:    {}\n", d.round,
               d.paired ? one_line(d.engine) : d.why, one_line(d.recorded));
  }
  if (differ != 0)
    throw ExitError{1, fmt::format("{} of {} rounds differ from the Dutch rules", differ, played)};
}

// -g [CONFIG] -o OUT [-s SEED]: a complete event paired by the engine, written as a TRF.
void run_generator(const PairOptions& o) {
  if (o.output.empty()) throw ExitError{3, "-g needs -o OUT.trf"};
  std::string text;
  if (!o.config.empty()) {
    std::ifstream in(o.config, std::ios::binary);
    if (!in) throw ExitError{5, fmt::format("{}: cannot read", o.config)};
    std::ostringstream s;
    s << in.rdbuf();
    text = s.str();
  }
  auto config = tournament::parse_generator_config(text);
  if (!config) {
    throw ExitError{
        3, fmt::format("{}:{}: {}", o.config, config.error().where.line, config.error().message)};
  }
  auto event = tournament::generate_tournament(*config, static_cast<std::uint64_t>(o.seed));
  if (!event) fail_pairing(event.error(), o.config);
  write_output(o.output, tournament::write_trf(*event));
}

void run_pair(const PairOptions& o) {
  if (o.dutch == o.berger) throw ExitError{3, "name one pairing system: --dutch or --berger"};
  if (o.generate) {
    if (!o.dutch) throw ExitError{3, "-g (random tournament generator) pairs by --dutch"};
    run_generator(o);
    return;
  }
  if (o.input.empty()) throw ExitError{3, "no input file"};
  if (o.dutch) {
    run_dutch(o);
    return;
  }
  run_berger(o);
}

}  // namespace

void register_pair(CLI::App& app) {
  auto opts = std::make_shared<PairOptions>();
  auto* pair = app.add_subcommand(
      "pair",
      "Pair the next round of a TRF (drop-in for JaVaFo / bbpPairings): --berger or --dutch");
  pair->add_flag("--dutch", opts->dutch, "FIDE (Dutch) System, C.04.3 (2026 rules)");
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
    if (!opts->generate && pair->count("-p") == 0 && !opts->check) {
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
