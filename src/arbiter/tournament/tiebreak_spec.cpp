#include "arbiter/tournament/tiebreak_spec.hpp"

#include <array>
#include <cctype>
#include <utility>

#include "arbiter/tournament/point_system.hpp"

namespace arbiter::tournament {

namespace {

constexpr std::array<std::pair<TieBreakKind, std::string_view>, 20> kNames = {{
    {TieBreakKind::DE, "DE"},     {TieBreakKind::WIN, "WIN"},   {TieBreakKind::WON, "WON"},
    {TieBreakKind::BPG, "BPG"},   {TieBreakKind::BWG, "BWG"},   {TieBreakKind::PS, "PS"},
    {TieBreakKind::REP, "REP"},   {TieBreakKind::STD, "STD"},   {TieBreakKind::TPN, "TPN"},
    {TieBreakKind::BH, "BH"},     {TieBreakKind::AOB, "AOB"},   {TieBreakKind::FB, "FB"},
    {TieBreakKind::SB, "SB"},     {TieBreakKind::KS, "KS"},     {TieBreakKind::ARO, "ARO"},
    {TieBreakKind::TPR, "TPR"},   {TieBreakKind::PTP, "PTP"},   {TieBreakKind::APRO, "APRO"},
    {TieBreakKind::APPO, "APPO"}, {TieBreakKind::RTNG, "RTNG"},
}};

// C.07 Article 14 as the TEC's tie-break list allows it: cuts (C1 C2) on BH, FB, SB, PS
// and ARO; medians (M1 M2) on BH, FB and ARO.
bool accepts_cuts(TieBreakKind k) {
  switch (k) {
    case TieBreakKind::BH:
    case TieBreakKind::FB:
    case TieBreakKind::SB:
    case TieBreakKind::PS:
    case TieBreakKind::ARO: return true;
    default: return false;
  }
}

bool accepts_medians(TieBreakKind k) {
  return k == TieBreakKind::BH || k == TieBreakKind::FB || k == TieBreakKind::ARO;
}

// /P (forfeits counted as games against the scheduled opponent): DE, BH, FB, SB.
bool accepts_forfeits_as_played(TieBreakKind k) {
  return k == TieBreakKind::DE || k == TieBreakKind::BH || k == TieBreakKind::FB ||
         k == TieBreakKind::SB;
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

tl::unexpected<Error> bad(std::string_view item, int position, const std::string& why) {
  return make_error(
      ErrorCode::kInvalidArgument,
      "tie-break " + std::to_string(position) + " '" + std::string(item) + "': " + why,
      Location{0, position, "tiebreaks"});
}

// One modifier after a '/' (or '-'): C1 C2 M1 M2 L+n L-n P.
Result<TieBreakSpec> apply_modifier(TieBreakSpec spec, const std::string& mod,
                                    std::string_view item, int position) {
  if (mod == "C1" || mod == "C2" || mod == "M1" || mod == "M2") {
    if (mod[0] == 'C' && !accepts_cuts(spec.kind))
      return bad(item, position, "/" + mod + " applies only to BH, FB, SB, PS and ARO (C.07 14)");
    if (mod[0] == 'M' && !accepts_medians(spec.kind))
      return bad(item, position, "/" + mod + " applies only to BH, FB and ARO (C.07 14)");
    if (spec.cut_low != 0) return bad(item, position, "more than one cut or median modifier");
    spec.cut_low = mod[1] - '0';
    if (mod[0] == 'M') spec.cut_high = spec.cut_low;
    return spec;
  }
  if (mod == "P") {
    if (!accepts_forfeits_as_played(spec.kind))
      return bad(item, position, "/P applies only to DE, BH, FB and SB");
    spec.forfeits_as_played = true;
    return spec;
  }
  if (mod.size() >= 3 && mod[0] == 'L' && (mod[1] == '+' || mod[1] == '-')) {
    if (spec.kind != TieBreakKind::KS) return bad(item, position, "/L±n applies only to KS");
    auto n = parse_points(std::string_view(mod).substr(2));
    if (!n) return bad(item, position, "/L needs a number of points, e.g. /L-1 or /L+0.5");
    spec.limit_shift = mod[1] == '-' ? -*n : *n;
    return spec;
  }
  return bad(item, position, "unknown modifier '" + mod + "' (C1 C2 M1 M2 L±n P)");
}

}  // namespace

std::string_view name(TieBreakKind kind) noexcept {
  for (const auto& [k, n] : kNames)
    if (k == kind) return n;
  return "?";
}

bool higher_is_better(TieBreakKind kind) noexcept { return kind != TieBreakKind::TPN; }

std::string to_string(const TieBreakSpec& spec) {
  std::string out(name(spec.kind));
  if (spec.cut_high != 0) {
    out += "/M" + std::to_string(spec.cut_high);
  } else if (spec.cut_low != 0) {
    out += "/C" + std::to_string(spec.cut_low);
  }
  if (spec.limit_shift != 0) {
    const int n = spec.limit_shift > 0 ? spec.limit_shift : -spec.limit_shift;
    out += std::string("/L") + (spec.limit_shift > 0 ? "+" : "-") +
           (n % 10 == 0 ? std::to_string(n / 10) : format_points(n));
  }
  if (spec.forfeits_as_played) out += "/P";
  return out;
}

Result<TieBreakSpec> parse_tiebreak(std::string_view item, int position) {
  const std::string text = upper(item);
  // "BH/C1" as the 202 line writes it; "BH-C1" as C.07 14.1 prints it.
  std::size_t end = text.find_first_of("/-");
  const std::string acronym = text.substr(0, end);
  TieBreakSpec spec;
  bool known = false;
  for (const auto& [k, n] : kNames) {
    if (n == acronym) {
      spec.kind = k;
      known = true;
    }
  }
  if (acronym.empty()) return bad(item, position, "empty tie-break name");
  if (!known) return bad(item, position, "unknown tie-break '" + acronym + "'");
  while (end != std::string::npos) {
    const std::size_t next = text.find('/', end + 1);
    const std::string mod = text.substr(end + 1, next == std::string::npos ? next : next - end - 1);
    auto applied = apply_modifier(spec, mod, item, position);
    if (!applied) return tl::unexpected(applied.error());
    spec = *applied;
    end = next;
  }
  return spec;
}

Result<std::vector<TieBreakSpec>> parse_tiebreaks(std::string_view list) {
  std::vector<std::string> items;
  std::string current;
  for (char c : list) {
    if (c == ',' || c == ' ' || c == '\t' || c == ';') {
      if (!current.empty()) items.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) items.push_back(current);
  return parse_tiebreaks(items);
}

Result<std::vector<TieBreakSpec>> parse_tiebreaks(const std::vector<std::string>& items) {
  std::vector<TieBreakSpec> specs;
  int position = 0;
  for (const std::string& item : items) {
    auto spec = parse_tiebreak(item, ++position);
    if (!spec) return tl::unexpected(spec.error());
    specs.push_back(*spec);
  }
  return specs;
}

}  // namespace arbiter::tournament
