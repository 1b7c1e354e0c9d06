// arbiter tournament berger N [--double]   the Berger tables (C.05 Annex 1)
// arbiter tournament standings IN.trf [--tiebreaks LIST] [--json|--csv] [--seed N]
//                                          the ranking with the C.07 tie-breaks
// arbiter tournament rating-report IN.trf [--k ID=K]... [--rapid-blitz] [--json]
//                                          the FIDE rating change of each player (B.02)
// arbiter trf check IN.trf [--write OUT]   read and validate a TRF; write it back
// arbiter trf cut IN.trf K [-o OUT]        the event as it stood before round K+1
#include <fmt/core.h>

#include <memory>
#include <string>

#include "arbiter/tournament/berger.hpp"
#include "arbiter/tournament/standing.hpp"
#include "arbiter/tournament/trf.hpp"
#include "commands.hpp"
#include "rating_report_output.hpp"
#include "standings_output.hpp"
#include "trf_arg.hpp"

namespace arbiter::app {

namespace {

void run_berger_table(int players, bool twice) {
  auto table = twice ? tournament::double_berger_table(players) : tournament::berger_table(players);
  if (!table) throw ExitError{3, table.error().message};
  const int n = tournament::berger_size(players);
  fmt::print("{} round robin of {} players by the Berger tables (FIDE C.05 Annex 1): {} rounds{}\n",
             twice ? "Double" : "Single", players, table->size(),
             players % 2 == 1 ? fmt::format(", number {} is the bye", n) : "");
  int round = 0;
  for (const auto& boards : *table) {
    std::string line = fmt::format("Round {:>2}:", ++round);
    tournament::PlayerId bye = 0;
    for (const auto& b : boards) {
      if (b.white > players) {
        bye = b.black;
      } else if (b.black > players) {
        bye = b.white;
      } else {
        line += fmt::format(" {:>2}-{:<2}", b.white, b.black);
      }
    }
    if (bye != 0) line += fmt::format("  bye {}", bye);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    fmt::print("{}\n", line);
  }
}

void run_trf_check(const std::string& input, const std::string& write) {
  const tournament::Tournament t = load_trf(input);
  const int played = tournament::rounds_played(t);
  const auto& ps = t.settings.points;
  fmt::print("{}: ok: {} players, {} rounds played{}, system {}, points win {} draw {} loss {}\n",
             input, t.players.size(), played,
             t.settings.rounds ? fmt::format(" of {}", *t.settings.rounds) : "",
             t.settings.system.empty() ? "not given" : t.settings.system,
             tournament::format_points(ps.win), tournament::format_points(ps.draw),
             tournament::format_points(ps.loss));
  if (!write.empty()) write_output(write, tournament::write_trf(t));
}

void run_trf_cut(const std::string& input, int rounds, const std::string& output) {
  const tournament::Tournament t = load_trf(input);
  auto cut = tournament::cut_to_rounds(t, rounds);
  if (!cut) throw ExitError{3, input + ": " + cut.error().message};
  write_output(output, tournament::write_trf(*cut));
}

}  // namespace

void register_tournament(CLI::App& app) {
  auto* tour = app.add_subcommand("tournament", "Tournament tables");
  tour->require_subcommand(1);
  struct Options {
    int players = 0;
    bool twice = false;
    std::string input;
    std::string tiebreaks;
    bool json = false;
    bool csv = false;
    std::uint64_t seed = 0;
  };
  auto opts = std::make_shared<Options>();
  auto* berger =
      tour->add_subcommand("berger", "Print the Berger tables for N players (C.05 Annex 1)");
  berger->add_option("players", opts->players, "Number of players")->required();
  berger->add_flag("--double", opts->twice, "Double round robin");
  berger->callback([opts] { run_berger_table(opts->players, opts->twice); });
  auto* standings = tour->add_subcommand(
      "standings", "The standings with the FIDE C.07 tie-breaks (rank, name, points, tie-breaks)");
  standings->add_option("input", opts->input, "TRF file ('-' for standard input)")->required();
  standings->add_option("--tiebreaks", opts->tiebreaks,
                        "Tie-breaks in order, e.g. \"BH/C1,BH,SB,DE\" (default: the file's 202 "
                        "line, else BH/C1,BH,SB,DE for a Swiss and DE,SB,WIN,KS for a round "
                        "robin)");
  auto* json = standings->add_flag("--json", opts->json, "Print JSON");
  standings->add_flag("--csv", opts->csv, "Print CSV")->excludes(json);
  standings->add_option("--seed", opts->seed, "Seed of the drawing of lots (default 0)");
  standings->callback([opts] {
    run_standings(opts->input, opts->tiebreaks, opts->seed,
                  opts->json  ? StandingsFormat::Json
                  : opts->csv ? StandingsFormat::Csv
                              : StandingsFormat::Text);
  });
  auto report = std::make_shared<RatingReportArgs>();
  auto ks = std::make_shared<std::vector<std::string>>();
  auto* rating = tour->add_subcommand(
      "rating-report",
      "The FIDE rating change of each rated player (B.02 Article 8: table 8.1b, the 400-point "
      "rule, K)");
  rating->add_option("input", report->input, "TRF file ('-' for standard input)")->required();
  rating->add_option("--k", *ks,
                     "K of a player, as ID=K (repeatable); otherwise from the rating and, "
                     "with a 042 start date, the birth date (juniors under 2300: 40)");
  rating->add_flag("--rapid-blitz", report->rapid_or_blitz,
                   "The rapid and blitz lists (K 20 for every player)");
  rating->add_flag("--json", report->json, "Print JSON");
  rating->callback([report, ks] {
    for (const std::string& k : *ks) {
      const auto [id, value] = parse_k_assignment(k);
      report->k[id] = value;
    }
    run_rating_report(*report);
  });
}

void register_trf(CLI::App& app) {
  auto* trf = app.add_subcommand("trf", "FIDE Tournament Report Files (TRF-16, TRF-2026)");
  trf->require_subcommand(1);
  struct Options {
    std::string input;
    std::string output;
    int rounds = 0;
  };
  auto opts = std::make_shared<Options>();
  auto* check = trf->add_subcommand("check", "Read and validate a TRF; errors as file:line:column");
  check->add_option("input", opts->input, "TRF file ('-' for standard input)")->required();
  check->add_option("--write", opts->output,
                    "Write the file back (as read: a lossless round trip)");
  check->callback([opts] { run_trf_check(opts->input, opts->output); });
  auto* cut = trf->add_subcommand(
      "cut", "Keep rounds 1..K (points recomputed, next round's requested byes kept)");
  cut->add_option("input", opts->input, "TRF file ('-' for standard input)")->required();
  cut->add_option("rounds", opts->rounds, "K, the rounds to keep")->required();
  cut->add_option("-o", opts->output, "Output file (default standard output)");
  cut->callback([opts] { run_trf_cut(opts->input, opts->rounds, opts->output); });
}

}  // namespace arbiter::app
