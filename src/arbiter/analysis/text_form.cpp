#include "arbiter/analysis/text_form.hpp"

#include <algorithm>

#include <charconv>
#include <cstdio>
#include <optional>
#include <vector>

#include <fmt/core.h>

#include "arbiter/notation/notation.hpp"

namespace arbiter::analysis {

namespace {

constexpr std::string_view kMagic = "arbiter-analysis";

// --- writing

std::string eval_text(const Evaluation& e) {
  if (e.is_mate()) return fmt::format("#{}{}", e.winner == core::Color::White ? '+' : '-', e.value);
  return std::to_string(e.value);
}

std::string accuracy_text(const std::optional<double>& a) {
  return a ? fmt::format("{:.1f}", *a) : std::string("-");
}

std::string loss_text(const std::optional<int>& l) { return l ? std::to_string(*l) : "-"; }

std::string line_text(const std::vector<std::string>& line) {
  if (line.empty()) return "-";
  std::string out;
  for (const std::string& san : line) {
    if (!out.empty()) out += ' ';
    out += san;
  }
  return out;
}

std::string side_text(std::string_view name, const SideSummary& s) {
  return fmt::format("side\t{}\taccuracy={}\tinaccuracies={}\tmistakes={}\tblunders={}\tacpl={}\n",
                     name, accuracy_text(s.accuracy), s.inaccuracies, s.mistakes, s.blunders,
                     loss_text(s.average_centipawn_loss));
}

// --- reading

struct Field {
  std::string_view text;
  int column = 1;  // 1-based byte column of the field in its line
};

struct Line {
  int number = 0;
  std::vector<Field> fields;
};

tl::unexpected<Error> fail(const Line& line, const Field& field, std::string name,
                           std::string message, ErrorCode code = ErrorCode::kInvalidArgument) {
  return make_error(code, std::move(message), Location{line.number, field.column, std::move(name)});
}

std::vector<Field> split_fields(std::string_view text) {
  std::vector<Field> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t tab = text.find('\t', start);
    const std::size_t end = tab == std::string_view::npos ? text.size() : tab;
    out.push_back(Field{text.substr(start, end - start), static_cast<int>(start) + 1});
    if (tab == std::string_view::npos) break;
    start = tab + 1;
  }
  return out;
}

// The lines of the text, numbered from 1, without their "\n" or "\r\n".
class Lines {
 public:
  explicit Lines(std::string_view text) : text_(text) {}

  // The next line, or nullopt at the end of the text.
  std::optional<Line> next() {
    if (pos_ >= text_.size()) return std::nullopt;
    const std::size_t nl = text_.find('\n', pos_);
    const std::size_t end = nl == std::string_view::npos ? text_.size() : nl;
    std::string_view body = text_.substr(pos_, end - pos_);
    if (!body.empty() && body.back() == '\r') body.remove_suffix(1);
    pos_ = nl == std::string_view::npos ? text_.size() : nl + 1;
    return Line{++number_, split_fields(body)};
  }
  [[nodiscard]] int number() const noexcept { return number_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int number_ = 0;
};

template <typename T>
bool parse_number(std::string_view s, T& out) {
  if (s.empty()) return false;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

std::optional<Evaluation> parse_eval_text(std::string_view s) {
  if (!s.empty() && s.front() == '#') {
    if (s.size() < 3 || (s[1] != '+' && s[1] != '-')) return std::nullopt;
    int moves = 0;
    if (!parse_number(s.substr(2), moves) || moves < 0) return std::nullopt;
    return Evaluation::mate(s[1] == '+' ? core::Color::White : core::Color::Black, moves);
  }
  int cp = 0;
  if (!parse_number(s, cp)) return std::nullopt;
  return Evaluation::centipawns(cp);
}

// The value of field `index` of `line`, which must be written "name=value".
Result<std::string_view> named(const Line& line, std::size_t index, std::string_view name) {
  if (index >= line.fields.size()) {
    const Field end{{}, line.fields.empty() ? 1 : line.fields.back().column};
    return fail(line, end, std::string(name), fmt::format("missing field {}=", name));
  }
  const Field& f = line.fields[index];
  if (f.text.size() <= name.size() || f.text.substr(0, name.size()) != name ||
      f.text[name.size()] != '=')
    return fail(line, f, std::string(name),
                fmt::format("expected {}=..., found \"{}\"", name, f.text));
  return f.text.substr(name.size() + 1);
}

Result<void> no_more_fields(const Line& line, std::size_t count) {
  if (line.fields.size() <= count) return {};
  const Field& extra = line.fields[count];
  return fail(line, extra, "line", fmt::format("unexpected field \"{}\"", extra.text));
}

Result<Evaluation> eval_field(const Line& line, std::size_t index) {
  auto text = named(line, index, "eval");
  if (!text) return tl::unexpected(text.error());
  if (auto e = parse_eval_text(*text)) return *e;
  return fail(
      line, line.fields[index], "eval",
      fmt::format("\"{}\" is not an evaluation (centipawns like -35, or a mate like #+3)", *text));
}

Result<int> int_field(const Line& line, std::size_t index, std::string_view name) {
  auto text = named(line, index, name);
  if (!text) return tl::unexpected(text.error());
  int v = 0;
  if (!parse_number(*text, v) || v < 0)
    return fail(line, line.fields[index], std::string(name),
                fmt::format("\"{}\" is not a number of 0 or more", *text));
  return v;
}

// Plays `text`, one SAN move, from `pos`; the error names `field`.
Result<core::Move> play(const Line& line, const Field& at, std::string_view field,
                        const core::Position& pos, std::string_view text) {
  notation::ParseOptions strict;
  strict.strict = true;  // English SAN only, as written
  auto m = notation::parse_move(pos, text, strict);
  if (!m)
    return fail(line, at, std::string(field), fmt::format("\"{}\": {}", text, m.error().message),
                m.error().code);
  return *m;
}

Result<std::vector<std::string>> best_line(const Line& line, std::size_t index,
                                           core::Position pos) {
  auto text = named(line, index, "best");
  if (!text) return tl::unexpected(text.error());
  std::vector<std::string> out;
  if (*text == "-") return out;
  std::string_view rest = *text;
  while (!rest.empty()) {
    const std::size_t space = rest.find(' ');
    const std::string_view word = rest.substr(0, space);
    auto m = play(line, line.fields[index], "best", pos, word);
    if (!m) return tl::unexpected(m.error());
    out.push_back(notation::san(pos, *m));
    core::Undo undo;
    pos.do_move(*m, undo);
    rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
  }
  return out;
}

Result<void> check_side(const Line& line, std::string_view name, const SideSummary& computed) {
  if (line.fields.size() < 2 || line.fields[0].text != "side" || line.fields[1].text != name)
    return fail(line, line.fields[0], "side", fmt::format("expected the line \"side\t{}\"", name));
  const std::pair<std::string_view, std::string> expected[] = {
      {"accuracy", accuracy_text(computed.accuracy)},
      {"inaccuracies", std::to_string(computed.inaccuracies)},
      {"mistakes", std::to_string(computed.mistakes)},
      {"blunders", std::to_string(computed.blunders)},
      {"acpl", loss_text(computed.average_centipawn_loss)},
  };
  std::size_t index = 2;
  for (const auto& [field, value] : expected) {
    auto text = named(line, index, field);
    if (!text) return tl::unexpected(text.error());
    if (*text != value)
      return fail(line, line.fields[index], std::string(field),
                  fmt::format("says {} but the evaluations give {}", *text, value));
    ++index;
  }
  return no_more_fields(line, index);
}

}  // namespace

std::string to_text(const GameAnalysis& a) {
  std::string out = fmt::format("{} {}\n", kMagic, kTextFormVersion);
  out += fmt::format("nodes\t{}\n", a.nodes);
  out += fmt::format("start\tfen={}\tchess960={}\teval={}\tdepth={}\n", a.start.fen(),
                     a.start.is_chess960() ? "yes" : "no", eval_text(a.start_eval), a.start_depth);
  for (std::size_t i = 0; i < a.plies.size(); ++i) {
    const PlyAnalysis& p = a.plies[i];
    out +=
        fmt::format("ply\t{}\tmove={}\teval={}\tdepth={}\tjudgement={}\tbest={}\n", i + 1, p.move,
                    eval_text(p.eval), p.depth, to_string(p.judgement), line_text(p.best_line));
  }
  out += side_text("white", a.white);
  out += side_text("black", a.black);
  out += "end\n";
  return out;
}

Result<GameAnalysis> parse_analysis(std::string_view text) {
  Lines lines(text);
  // The text's last line (the one after its last newline, maybe empty): where it ends.
  const int last_line = 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  const auto missing = [&](std::string_view what) {
    return make_error(ErrorCode::kInvalidArgument, fmt::format("the text ends before {}", what),
                      Location{std::min(lines.number() + 1, last_line), 1, std::string(what)});
  };

  // Line 1: the format and its version.
  auto line = lines.next();
  if (!line) return missing("the first line");
  {
    const std::string_view first = line->fields[0].text;
    if (line->fields.size() != 1 ||
        first.substr(0, kMagic.size() + 1) != fmt::format("{} ", kMagic))
      return fail(*line, line->fields[0], "format",
                  fmt::format("expected \"{} {}\"", kMagic, kTextFormVersion));
    int version = 0;
    if (!parse_number(first.substr(kMagic.size() + 1), version))
      return fail(*line, line->fields[0], "version", "the version is not a number");
    if (version != kTextFormVersion)
      return fail(*line, line->fields[0], "version",
                  fmt::format("version {} is not supported (this reader knows {})", version,
                              kTextFormVersion),
                  ErrorCode::kUnsupported);
  }

  GameAnalysis a;
  // nodes N
  if (!(line = lines.next())) return missing("the nodes line");
  if (line->fields[0].text != "nodes" || line->fields.size() < 2)
    return fail(*line, line->fields[0], "nodes", "expected \"nodes\" and the node limit");
  if (!parse_number(line->fields[1].text, a.nodes))
    return fail(*line, line->fields[1], "nodes",
                fmt::format("\"{}\" is not a node count", line->fields[1].text));
  if (auto r = no_more_fields(*line, 2); !r) return tl::unexpected(r.error());

  // start fen= chess960= eval= depth=
  if (!(line = lines.next())) return missing("the start line");
  if (line->fields[0].text != "start")
    return fail(*line, line->fields[0], "start", "expected the start line");
  {
    auto fen = named(*line, 1, "fen");
    if (!fen) return tl::unexpected(fen.error());
    auto chess960 = named(*line, 2, "chess960");
    if (!chess960) return tl::unexpected(chess960.error());
    if (*chess960 != "yes" && *chess960 != "no")
      return fail(*line, line->fields[2], "chess960", "expected yes or no");
    core::FenOptions options;
    options.chess960 = *chess960 == "yes";
    auto pos = core::Position::from_fen(*fen, options);
    if (!pos) return fail(*line, line->fields[1], "fen", pos.error().message, pos.error().code);
    // A king or castling rook off its classical square switches Chess960 rules on by
    // itself (docs/fen.md), which "chess960=no" cannot undo.
    if (pos->is_chess960() != options.chess960)
      return fail(*line, line->fields[2], "chess960",
                  "the position's castling rights need Chess960 rules");
    a.start = *pos;
    auto eval = eval_field(*line, 3);
    if (!eval) return tl::unexpected(eval.error());
    a.start_eval = *eval;
    auto depth = int_field(*line, 4, "depth");
    if (!depth) return tl::unexpected(depth.error());
    a.start_depth = *depth;
    if (auto r = no_more_fields(*line, 5); !r) return tl::unexpected(r.error());
  }

  // ply N move= eval= depth= judgement= best=, until the side lines.
  core::Position pos = a.start;
  std::vector<Judgement> written;  // the judgements as written, checked below
  std::vector<Line> ply_lines;
  while (true) {
    if (!(line = lines.next())) return missing("the side lines");
    if (line->fields[0].text != "ply") break;
    const std::size_t number = a.plies.size() + 1;
    if (line->fields.size() < 2 || line->fields[1].text != std::to_string(number))
      return fail(*line, line->fields[line->fields.size() < 2 ? 0 : 1], "ply",
                  fmt::format("expected ply {}", number));
    PlyAnalysis ply;
    auto move_text = named(*line, 2, "move");
    if (!move_text) return tl::unexpected(move_text.error());
    auto move = play(*line, line->fields[2], "move", pos, *move_text);
    if (!move) return tl::unexpected(move.error());
    ply.move = notation::san(pos, *move);
    auto eval = eval_field(*line, 3);
    if (!eval) return tl::unexpected(eval.error());
    ply.eval = *eval;
    auto depth = int_field(*line, 4, "depth");
    if (!depth) return tl::unexpected(depth.error());
    ply.depth = *depth;
    auto judgement = named(*line, 5, "judgement");
    if (!judgement) return tl::unexpected(judgement.error());
    Judgement j = Judgement::None;
    if (!parse_judgement(*judgement, j))
      return fail(*line, line->fields[5], "judgement",
                  fmt::format("\"{}\" is not one of -, inaccuracy, mistake, blunder", *judgement));
    written.push_back(j);
    auto best = best_line(*line, 6, pos);
    if (!best) return tl::unexpected(best.error());
    ply.best_line = std::move(*best);
    if (auto r = no_more_fields(*line, 7); !r) return tl::unexpected(r.error());
    a.plies.push_back(std::move(ply));
    ply_lines.push_back(*line);
    core::Undo undo;
    pos.do_move(*move, undo);
  }

  summarise(a);
  for (std::size_t i = 0; i < a.plies.size(); ++i) {
    if (written[i] != a.plies[i].judgement)
      return fail(ply_lines[i], ply_lines[i].fields[5], "judgement",
                  fmt::format("says {} but the evaluations give {}", to_string(written[i]),
                              to_string(a.plies[i].judgement)));
  }
  if (auto r = check_side(*line, "white", a.white); !r) return tl::unexpected(r.error());
  if (!(line = lines.next())) return missing("the black side line");
  if (auto r = check_side(*line, "black", a.black); !r) return tl::unexpected(r.error());
  if (!(line = lines.next())) return missing("the end line");
  if (line->fields.size() != 1 || line->fields[0].text != "end")
    return fail(*line, line->fields[0], "end", "expected \"end\"");
  while ((line = lines.next())) {
    if (line->fields.size() != 1 || !line->fields[0].text.empty())
      return fail(*line, line->fields[0], "end", "text after the end line");
  }
  return a;
}

}  // namespace arbiter::analysis
