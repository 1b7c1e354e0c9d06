#include "arbiter/tournament/model.hpp"

#include <ostream>
#include <string>

#include "arbiter/tournament/trf.hpp"

namespace arbiter::tournament {

Colour opposite(Colour c) noexcept {
  switch (c) {
    case Colour::White: return Colour::Black;
    case Colour::Black: return Colour::White;
    case Colour::None: return Colour::None;
  }
  return Colour::None;
}

bool operator==(const Player& a, const Player& b) {
  return a.id == b.id && a.sex == b.sex && a.title == b.title && a.name == b.name &&
         a.rating == b.rating && a.federation == b.federation && a.fide_id == b.fide_id &&
         a.birth_date == b.birth_date && a.points == b.points && a.rank == b.rank &&
         a.rounds == b.rounds;
}

void PrintTo(const RoundEntry& e, std::ostream* os) {
  *os << e.opponent << ' ' << static_cast<char>(e.colour) << ' ' << static_cast<char>(e.result);
}

void PrintTo(const Player& p, std::ostream* os) { *os << '"' << format_player_line(p) << '"'; }

const Player* Tournament::find(PlayerId id) const {
  for (const Player& p : players) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

Player* Tournament::find(PlayerId id) {
  return const_cast<Player*>(static_cast<const Tournament&>(*this).find(id));
}

std::string Tournament::header(std::string_view code) const {
  for (const Record& r : records) {
    if (r.player < 0 && r.text.size() >= 3 && std::string_view(r.text).substr(0, 3) == code) {
      return r.text.size() > 4 ? r.text.substr(4) : std::string();
    }
  }
  return {};
}

void Tournament::set_rounds(int rounds) {
  bool written = false;
  for (Record& r : records) {
    if (r.player >= 0 || r.text.size() < 3) continue;
    const std::string_view code = std::string_view(r.text).substr(0, 3);
    if (code != "142" && code != "XXR") continue;
    const std::string fresh = std::string(code) + " " + std::to_string(rounds);
    // Keep the line's own spelling when it already says this number.
    if (!settings.rounds || *settings.rounds != rounds) r.text = fresh;
    written = true;
  }
  if (!written) records.push_back({-1, "142 " + std::to_string(rounds)});
  settings.rounds = rounds;
}

}  // namespace arbiter::tournament
