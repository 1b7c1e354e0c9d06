#include "perft_records.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace arbiter::testing {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// "<word> <depth> <count>" with <word> being e.g. "D" glued to the depth ("D5 4865609")
// or a separate "perft": returns false unless the whole text is of that form.
bool read_depth_count(const std::string& text, bool glued, int& depth, std::uint64_t& count) {
  std::istringstream in(text);
  std::string word;
  if (!(in >> word)) return false;
  if (glued) {
    if (word.size() < 2 || word[0] != 'D') return false;
    try {
      std::size_t used = 0;
      depth = std::stoi(word.substr(1), &used);
      if (used != word.size() - 1) return false;
    } catch (const std::exception&) {
      return false;
    }
  } else if (word != "perft" || !(in >> depth)) {
    return false;
  }
  if (!(in >> count)) return false;
  std::string rest;
  return !(in >> rest);
}

bool is_chess960_file(const std::string& name) {
  return name == "fischer.epd" || name == "frc_perftsuite.epd";
}

}  // namespace

std::vector<std::string> perft_file_names() {
  return {"perftsuite.epd", "tricky.perft",       "random.perft",
          "fischer.epd",    "frc_perftsuite.epd", "perftsuite2-sedlak.epd"};
}

std::vector<PerftRecord> read_perft_file(const std::string& dir, const std::string& name) {
  std::ifstream in(dir + "/" + name);
  if (!in) throw std::runtime_error("cannot open " + dir + "/" + name);
  std::vector<PerftRecord> out;
  const bool blocks = name.size() > 6 && name.substr(name.size() - 6) == ".perft";
  std::string line;
  int line_no = 0;
  std::string pending_id;
  while (std::getline(in, line)) {
    ++line_no;
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    int depth = 0;
    std::uint64_t count = 0;
    if (blocks) {
      if (t.rfind("id ", 0) == 0) {
        pending_id = trim(t.substr(3));
      } else if (t.rfind("epd ", 0) == 0) {
        PerftRecord r;
        r.file = name;
        r.line = line_no;
        r.id = pending_id;
        r.fen = trim(t.substr(4));
        r.chess960 = pending_id.rfind("xfen", 0) == 0;
        out.push_back(r);
      } else if (read_depth_count(t, false, depth, count) && !out.empty()) {
        out.back().depths.emplace_back(depth, count);
      }
      continue;
    }
    // EPD: FEN ;Dn count ;Dn count ...
    std::size_t semi = t.find(';');
    PerftRecord r;
    r.file = name;
    r.line = line_no;
    r.fen = trim(t.substr(0, semi));
    r.chess960 = is_chess960_file(name);
    while (semi != std::string::npos) {
      const std::size_t next = t.find(';', semi + 1);
      const std::string part =
          t.substr(semi + 1, next == std::string::npos ? next : next - semi - 1);
      if (read_depth_count(part, true, depth, count)) r.depths.emplace_back(depth, count);
      semi = next;
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace arbiter::testing
