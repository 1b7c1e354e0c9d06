#include "arbiter/notation/openings.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "arbiter/notation/notation.hpp"

namespace arbiter::notation {
namespace {

Error at_line(ErrorCode code, std::string_view source, int line, int column, std::string what) {
  return Error{code, std::string(source) + ":" + std::to_string(line) + ": " + std::move(what),
               Location{line, column, {}}};
}

bool is_eco(std::string_view eco) {
  return eco.size() == 3 && eco[0] >= 'A' && eco[0] <= 'E' &&
         std::isdigit(static_cast<unsigned char>(eco[1])) != 0 &&
         std::isdigit(static_cast<unsigned char>(eco[2])) != 0;
}

// A move number ("1.", "12.", "3...") rather than a move.
bool is_move_number(std::string_view token) {
  const auto digits = token.find_first_not_of("0123456789");
  return digits != 0 && digits != std::string_view::npos &&
         token.find_first_not_of('.', digits) == std::string_view::npos;
}

}  // namespace

Result<void> OpeningBook::add(std::string_view text, std::string_view source) {
  int line_no = 0;
  while (!text.empty()) {
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    const auto tab1 = line.find('\t');
    const auto tab2 = tab1 == std::string_view::npos ? tab1 : line.find('\t', tab1 + 1);
    if (tab2 == std::string_view::npos || line.find('\t', tab2 + 1) != std::string_view::npos) {
      return tl::unexpected(at_line(ErrorCode::kInvalidArgument, source, line_no, 1,
                                    "expected three fields: eco, name, pgn"));
    }
    const std::string_view eco = line.substr(0, tab1);
    const std::string_view name = line.substr(tab1 + 1, tab2 - tab1 - 1);
    const std::string_view moves = line.substr(tab2 + 1);
    if (line_no == 1 && eco == "eco") continue;  // the header
    if (!is_eco(eco)) {
      return tl::unexpected(at_line(ErrorCode::kInvalidArgument, source, line_no, 1,
                                    "not an ECO code: '" + std::string(eco) + "'"));
    }
    if (name.empty()) {
      return tl::unexpected(at_line(ErrorCode::kInvalidArgument, source, line_no,
                                    static_cast<int>(tab1) + 2, "an opening without a name"));
    }
    core::Position pos = core::Position::startpos();
    int plies = 0;
    std::size_t at = 0;
    while (at < moves.size()) {
      if (moves[at] == ' ') {
        ++at;
        continue;
      }
      const auto stop = std::min(moves.find(' ', at), moves.size());
      const std::string_view token = moves.substr(at, stop - at);
      const int column = static_cast<int>(tab2 + 2 + at);
      at = stop;
      if (is_move_number(token)) continue;
      auto move = parse_move(pos, token);
      if (!move) {
        return tl::unexpected(at_line(move.error().code, source, line_no, column,
                                      "'" + std::string(token) + "': " + move.error().message));
      }
      pos = pos.after(*move);
      ++plies;
    }
    if (plies == 0) {
      return tl::unexpected(at_line(ErrorCode::kInvalidArgument, source, line_no,
                                    static_cast<int>(tab2) + 2, "an opening without moves"));
    }
    by_position_.try_emplace(pos.key(), Opening{std::string(eco), std::string(name), plies});
  }
  return {};
}

Result<OpeningBook> OpeningBook::load_directory(const std::string& dir) {
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".tsv") files.push_back(entry.path());
  }
  if (ec)
    return make_error(ErrorCode::kIo, "cannot read the directory " + dir + ": " + ec.message());
  if (files.empty()) return make_error(ErrorCode::kIo, "no .tsv file of openings in " + dir);
  std::sort(files.begin(), files.end());
  OpeningBook book;
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && !in.eof()) return make_error(ErrorCode::kIo, "cannot read " + file.string());
    if (auto added = book.add(text.str(), file.string()); !added) {
      return tl::unexpected(added.error());
    }
  }
  return book;
}

const Opening* OpeningBook::at(const core::Position& pos) const {
  const auto it = by_position_.find(pos.key());
  return it == by_position_.end() ? nullptr : &it->second;
}

const Opening* OpeningBook::of_game(const core::Position& start,
                                    std::span<const core::Move> moves) const {
  const Opening* named = nullptr;
  core::Position pos = start;
  for (const core::Move m : moves) {
    pos = pos.after(m);
    if (const Opening* o = at(pos)) named = o;
  }
  return named;
}

}  // namespace arbiter::notation
