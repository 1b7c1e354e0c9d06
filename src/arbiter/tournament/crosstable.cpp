#include "arbiter/tournament/crosstable.hpp"

#include <algorithm>

#include "arbiter/tournament/standing.hpp"

namespace arbiter::tournament {

namespace {

std::string right(std::string s, std::size_t width) {
  if (s.size() < width) s.insert(0, width - s.size(), ' ');
  return s;
}

std::string left(std::string s, std::size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

}  // namespace

std::string crosstable_cell(const RoundEntry& e, int width) {
  std::string cell = e.has_opponent() ? std::to_string(e.opponent) : "-";
  cell += e.colour == Colour::None ? ' ' : static_cast<char>(e.colour);
  cell += static_cast<char>(e.result);
  return right(std::move(cell), static_cast<std::size_t>(std::max(width, 0)));
}

std::string crosstable_text(const Tournament& t, const Standings& standings) {
  const int rounds = rounds_played(t);
  std::size_t name_width = 4;
  for (const Player& p : t.players) name_width = std::max(name_width, p.name.size());
  // A cell holds the widest starting rank, a colour and a result.
  const int cell_width =
      static_cast<int>(std::to_string(std::max<std::size_t>(t.players.size(), 1)).size()) + 3;
  std::string out = right("Rank", 4) + "  " + right("SNo", 4) + "  " + left("Name", name_width) +
                    "  " + right("Pts", 5);
  for (int r = 1; r <= rounds; ++r) out += right("R" + std::to_string(r), cell_width + 1);
  out += '\n';
  for (const StandingRow& row : standings.rows) {
    const Player* p = t.find(row.id);
    if (p == nullptr) continue;
    out += right(std::to_string(row.rank), 4) + "  " + right(std::to_string(p->id), 4) + "  " +
           left(p->name, name_width) + "  " + right(format_points(row.points), 5);
    for (int r = 1; r <= rounds; ++r) {
      const auto index = static_cast<std::size_t>(r - 1);
      const RoundEntry e = index < p->rounds.size() ? p->rounds[index] : RoundEntry{};
      out += ' ' + crosstable_cell(e, cell_width);
    }
    out += '\n';
  }
  return out;
}

}  // namespace arbiter::tournament
