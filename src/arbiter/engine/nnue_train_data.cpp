#include "arbiter/engine/nnue_train_data.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "arbiter/engine/nnue_network.hpp"
#include "arbiter/engine/training_data.hpp"

namespace arbiter::engine::nnue {

TrainSample make_sample(const core::Position& pos, int white_score, float white_result) {
  TrainSample s;
  core::Bitboard occupied = pos.pieces();
  while (occupied && s.count < s.features.size()) {
    const core::Square sq = core::pop_lsb(occupied);
    s.features[s.count++] =
        static_cast<std::uint16_t>(feature_index(core::Color::White, pos.piece_on(sq), sq));
  }
  s.black_to_move = pos.side_to_move() == core::Color::Black;
  s.pieces = static_cast<std::uint8_t>(core::popcount(pos.pieces()));
  s.score = static_cast<float>(s.black_to_move ? -white_score : white_score);
  s.result = s.black_to_move ? 1.0f - white_result : white_result;
  return s;
}

Result<TrainData> load_train_data(const std::vector<std::string>& paths, int max_score,
                                  std::uint64_t limit) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (const auto& e : fs::directory_iterator(p, ec))
        if (e.path().extension() == ".txt" &&
            !e.path().filename().string().ends_with("-settings.txt"))
          found.push_back(e.path().string());
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else {
      files.push_back(p);
    }
  }
  TrainData data;
  for (const std::string& file : files) {
    std::ifstream in(file);
    if (!in) return make_error(ErrorCode::kIo, "cannot open training data '" + file + "'");
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      if (line.empty()) continue;
      auto parsed = parse_training_line(line, file + ":" + std::to_string(n));
      if (!parsed) return tl::unexpected(parsed.error());
      if (parsed->score > max_score || parsed->score < -max_score) {
        ++data.skipped;
        continue;
      }
      data.samples.push_back(make_sample(parsed->pos, parsed->score, parsed->result));
      if (limit && data.samples.size() >= limit) return data;
    }
  }
  return data;
}

}  // namespace arbiter::engine::nnue
