// The movetext half of the reader: comments, NAGs, variations, moves, results, and the
// fast skim pass (PGN standard 8.2).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "arbiter/pgn/lexer.hpp"
#include "arbiter/pgn/reader.hpp"

namespace arbiter::pgn {

using namespace lex;

std::size_t Reader::read_comment(Visitor& v, std::size_t start, bool deliver) {
  // PGN standard 8.2.5: "{" to the next "}", no nesting.
  std::size_t from = start + 1;
  for (;;) {
    const void* close = std::memchr(buf_.data() + from, '}', end_ - from);
    const std::size_t stop =
        close ? static_cast<std::size_t>(static_cast<const char*>(close) - buf_.data()) : end_;
    // A line that looks like a tag pair means the comment was never closed.
    const char* b = buf_.data();
    if (const char* tag = find_tag_line(b + from, b + stop)) {
      const auto end = static_cast<std::size_t>(tag - b);
      report(v, ErrorCode::kPgnSyntax, "comment is not closed with '}' before the next game",
             start);
      if (deliver && keep_comment(v, end - start - 1, start))
        v.comment(utf8(v, std::string_view(b + start + 1, end - start - 1), start));
      return end;
    }
    if (close != nullptr) {
      if (deliver && keep_comment(v, stop - start - 1, start))
        v.comment(utf8(v, std::string_view(b + start + 1, stop - start - 1), start));
      return stop + 1;
    }
    if (end_ - start > options_.max_token_bytes) {
      report_limit(v, "comment longer than ", options_.max_token_bytes,
                   " bytes (limit); it is skipped", start);
      return skip_comment(v, end_, Location{});
    }
    from = end_;
    const bool more = fill(start, from);
    if (more && from > start + 1 && buf_[from - 1] == '\n') --from;  // recheck that line
    if (!more) {
      report(v, ErrorCode::kPgnSyntax, "comment is not closed with '}' before the end of input",
             start);
      if (deliver && keep_comment(v, end_ - start - 1, start))
        v.comment(utf8(v, std::string_view(buf_.data() + start + 1, end_ - start - 1), start));
      return end_;
    }
  }
}

std::size_t Reader::skip_comment(Visitor& v, std::size_t from, const Location& open) {
  // The rest of a "{" comment, without keeping it in the buffer. `open` (if set) is where
  // the comment began, for the error when a tag line shows it was never closed.
  for (;;) {
    const void* close = std::memchr(buf_.data() + from, '}', end_ - from);
    const char* b = buf_.data();
    const char* stop = close ? static_cast<const char*>(close) : b + end_;
    if (const char* tag = find_tag_line(b + from, stop)) {
      if (open.line > 0 && !muted(true))
        report_error(v, Error{ErrorCode::kPgnSyntax,
                              "comment is not closed with '}' before the next game", open});
      return static_cast<std::size_t>(tag - b);
    }
    if (close != nullptr) return static_cast<std::size_t>(stop - b) + 1;
    from = end_;
    const bool more = fill_from(from);
    if (more && from > 0 && buf_[from - 1] == '\n') --from;  // recheck that line
    if (!more) return end_;
  }
}

std::size_t Reader::read_line_comment(Visitor& v, std::size_t start) {
  // PGN standard 5: ";" to the end of the line.
  std::size_t from = start + 1;
  for (;;) {
    if (end_ - start > options_.max_token_bytes) {
      report_limit(v, "comment longer than ", options_.max_token_bytes,
                   " bytes (limit); it is skipped", start);
      return skip_line(start);
    }
    const void* nl = std::memchr(buf_.data() + from, '\n', end_ - from);
    if (nl != nullptr || !fill(start, from = end_)) {
      const std::size_t stop =
          nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - buf_.data()) : end_;
      std::string_view text(buf_.data() + start + 1, stop - start - 1);
      if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
      if (keep_comment(v, text.size(), start)) v.comment(utf8(v, text, start));
      return stop;
    }
  }
}

std::size_t Reader::read_nag(Visitor& v, std::size_t start) {
  std::size_t digits = start + 1;
  const std::size_t len = scan_symbol(digits);
  start = digits - 1;
  const std::string_view text(buf_.data() + digits, len);
  if (!all_digits(text) || len > 3 || std::stoi(std::string(text)) > 255) {
    if (muted(true)) return digits + len;
    report(v, ErrorCode::kPgnSyntax,
           "'$' must be followed by a number 0-255 (NAG, PGN 8.2.4), got \"$" + std::string(text) +
               "\"",
           start);
  } else {
    deliver_nag(v, std::stoi(std::string(text)), start);
  }
  return digits + len;
}

void Reader::deliver_nag(Visitor& v, int nag, std::size_t at) {
  // PGN 8.2.4 sets no number of NAGs per move; a bound keeps a game's memory proportional to
  // its moves rather than to its bytes (`e4 $1 $1 $1 ...`).
  if (++nags_after_move_ <= options_.max_nags_per_move) {
    v.nag(nag);
    return;
  }
  if (nags_after_move_ == options_.max_nags_per_move + 1)
    report_limit(v, "more than ", static_cast<std::size_t>(options_.max_nags_per_move),
                 " NAGs after one move (limit); the rest are dropped", at);
}

std::size_t Reader::skip_reserved(Visitor& v, std::size_t start) {
  // PGN standard 7: '<' and '>' are reserved for future expansion. Without '>' on the
  // line, the rest of the line is skipped (each byte is looked at once).
  bool cut = false;
  const std::size_t eol = buffer_line(start, options_.max_line_bytes, cut);
  const void* close = std::memchr(buf_.data() + start, '>', eol - start);
  const std::size_t stop =
      close ? static_cast<std::size_t>(static_cast<const char*>(close) - buf_.data()) + 1 : eol;
  if (!muted(true))
    report(v, ErrorCode::kPgnSyntax,
           "'" + std::string(buf_.data() + start, std::min<std::size_t>(stop - start, 16)) +
               "': '<' and '>' are reserved tokens in PGN (standard 7)",
           start);
  return close == nullptr && cut ? skip_line(eol) : stop;
}

std::size_t Reader::skip_bad_bracket(Visitor& v, std::size_t start) {
  bool cut = false;
  const std::size_t eol = buffer_line(start, options_.max_line_bytes, cut);
  report(v, ErrorCode::kPgnSyntax, "'[' inside movetext (tag pairs come before the moves)", start);
  const void* close = std::memchr(buf_.data() + start, ']', eol - start);
  if (close != nullptr)
    return static_cast<std::size_t>(static_cast<const char*>(close) - buf_.data()) + 1;
  if (cut) return skip_line(eol);
  return std::max(eol, start + 1);  // no ']' on the line: skip the rest of it
}

namespace {
// A byte that begins no movetext token: reported once for a run of them.
bool is_stray(char c) noexcept {
  return kClass[static_cast<unsigned char>(c)] == kOther &&
         std::string_view("{;()$!?*[%.<").find(c) == std::string_view::npos;
}
}  // namespace

void Reader::read_movetext(Visitor& v) {
  int depth = 0;
  std::size_t i = pos_;
  auto close_variations = [&](std::size_t at, std::string_view why) {
    if (depth == 0) return;
    report(v, ErrorCode::kPgnSyntax, "variation not closed with ')' " + std::string(why), at);
    while (depth > 0) {
      --depth;
      v.end_variation();
    }
  };
  for (;;) {
    if (options_.strict && game_failed_) {
      pos_ = i;
      close_variations(i, "");
      skim_movetext(v, false);
      return;
    }
    i = skip_space(i);
    if (i >= end_) {
      close_variations(i, "before the end of input");
      warn(v, ErrorCode::kPgnBadResult, "game has no termination marker (PGN 8.2.6)", i);
      v.result({});
      pos_ = i;
      return;
    }
    const char c = buf_[i];
    if (is_symbol(c)) {
      std::size_t start = i;
      const std::size_t len = scan_symbol(start);
      i = start + len;
      if (len > options_.max_line_bytes) {
        report_limit(v, "symbol longer than ", options_.max_line_bytes,
                     " bytes (limit); it is skipped", start);
        i = skip_symbols(i);
        continue;
      }
      const std::string_view tok(buf_.data() + start, len);
      if (all_digits(tok) && (buf_[i] == '.' || len < 4)) continue;  // move number (8.2.2)
      if (match_result(tok.data(), tok.data() + tok.size()) == tok.size()) {
        close_variations(start, "before the game termination marker");
        check_result_tag(v, tok, start);
        v.result(tok);
        pos_ = i;
        return;
      }
      pending_.reset();
      nags_after_move_ = 0;
      v.move(tok, pending_);
      if (pending_) {
        Error e = std::move(*pending_);
        pending_.reset();
        e.where = locate(start);
        report_error(v, std::move(e));
      }
      continue;
    }
    switch (c) {
      case '{': i = read_comment(v, i, true); break;
      case ';': i = read_line_comment(v, i); break;
      case '(':
        if (depth >= options_.max_depth) {
          // Bounded nesting (the builder keeps a board per open variation): the rest of
          // the game is skipped, its end still found by the skimmer.
          report_limit(v, "variations nested deeper than ", options_.max_depth,
                       " (limit); the rest of the game is skipped", i);
          const int open = depth + 1;
          for (; depth > 0; --depth) v.end_variation();
          pos_ = i + 1;
          skim_movetext(v, false, open);
          return;
        }
        ++depth;
        v.begin_variation();
        ++i;
        break;
      case ')':
        if (depth == 0) {
          if (!muted(true)) report(v, ErrorCode::kPgnSyntax, "')' without a variation to close", i);
        } else {
          --depth;
          v.end_variation();
        }
        ++i;
        break;
      case '$': i = read_nag(v, i); break;
      case '!':
      case '?': {
        if (end_ - i < 3 && !eof_) fill_from(i);
        std::size_t n = 1;
        while (n < 3 && (buf_[i + n] == '!' || buf_[i + n] == '?')) ++n;
        const int nag = suffix_nag(std::string_view(buf_.data() + i, n));
        if (nag == 0 && !muted(true))
          report(v, ErrorCode::kPgnSyntax,
                 "unknown move suffix \"" + std::string(buf_.data() + i, n) + "\"", i);
        else if (nag != 0)
          deliver_nag(v, nag, i);
        i += n;
        break;
      }
      case '*':
        close_variations(i, "before the game termination marker");
        check_result_tag(v, "*", i);
        v.result("*");
        pos_ = i + 1;
        return;
      case '[':
        if (at_line_start(i)) {  // the next game's tags: this one had no marker
          close_variations(i, "before the next game");
          warn(v, ErrorCode::kPgnBadResult, "game has no termination marker (PGN 8.2.6)", i);
          v.result({});
          pos_ = i;
          return;
        }
        i = skip_bad_bracket(v, i);
        break;
      case '%':
        if (at_line_start(i)) {
          i = skip_line(i);
        } else {
          if (!muted(true))
            report(v, ErrorCode::kPgnSyntax, "'%' escape is only allowed at the start of a line",
                   i);
          ++i;
        }
        break;
      case '.': ++i; break;  // the dots of "12." and "12..." (PGN 8.2.2)
      case '<': i = skip_reserved(v, i); break;
      default: {
        // One error for a run of bad bytes (a file of NUL bytes is one error, not one
        // per byte).
        const bool show = !muted(true);
        const Location at = show ? locate(i) : Location{};
        const std::uint64_t first = base_ + i;
        std::size_t j = i + 1;
        for (;;) {
          while (j < end_ && is_stray(buf_[j])) ++j;
          if (j < end_ || !fill_from(j)) break;
        }
        i = j;
        if (!show) break;
        const auto u = static_cast<unsigned char>(c);
        std::string message =
            "unexpected character '" +
            (u >= 0x20 && u < 0x7F ? std::string(1, c) : "byte " + std::to_string(u)) +
            "' in movetext";
        if (const std::uint64_t more = base_ + j - first - 1; more > 0)
          message += " (and " + std::to_string(more) + " more such bytes, skipped)";
        report_error(v, Error{ErrorCode::kPgnSyntax, std::move(message), at});
        break;
      }
    }
  }
}

void Reader::skim_movetext(Visitor& v, bool deliver, int open) {
  // A fast pass that only finds where the movetext ends: comments, escape lines and
  // variations are stepped over, the termination marker or the next tag section stops.
  // `open`: variations already open where it starts.
  std::size_t start = pos_;
  std::size_t i = pos_;
  std::int64_t depth = open;
  std::size_t result_at = 0, result_len = 0;
  // Past max_movetext_bytes the movetext is no longer kept: an empty one is handed over.
  bool raw_cut = false;
  const auto check_size = [&]() {
    if (!deliver || end_ - start <= options_.max_movetext_bytes) return;
    report_limit(v, "movetext longer than ", options_.max_movetext_bytes,
                 " bytes (limit); it is not handed over", start);
    deliver = false;
    raw_cut = true;
  };
  const auto more = [&]() {
    check_size();
    return deliver ? fill(start, i) : fill_from(i);
  };
  for (;;) {
    while (!kSkimStop[static_cast<unsigned char>(buf_[i])]) ++i;
    if (i >= end_) {
      if (more()) continue;
      break;
    }
    const char c = buf_[i];
    if (!deliver && (c == '{' || c == ';' || (c == '%' && at_line_start(i)))) {
      // Nothing is kept: the buffer does not grow with a long comment or line.
      i = c == '{' ? skip_comment(v, i + 1, locate(i)) : skip_line(i);
      continue;
    }
    if (c == '{' || c == ';' || (c == '%' && at_line_start(i))) {
      const char close = c == '{' ? '}' : '\n';
      std::size_t from = i + 1;
      for (;;) {
        const void* q = std::memchr(buf_.data() + from, close, end_ - from);
        const char* stop = q ? static_cast<const char*>(q) : buf_.data() + end_;
        if (c == '{') {
          // As in read_comment: a tag-pair line ends a comment that was never closed.
          if (const char* tag = find_tag_line(buf_.data() + from, stop)) {
            report(v, ErrorCode::kPgnSyntax, "comment is not closed with '}' before the next game",
                   i);  // i: the '{'

            i = static_cast<std::size_t>(tag - buf_.data());
            break;
          }
        }
        if (q != nullptr) {
          i = static_cast<std::size_t>(static_cast<const char*>(q) - buf_.data()) + 1;
          break;
        }
        check_size();
        if (!deliver) {  // the rest of this comment or line without keeping it
          i = c == '{' ? skip_comment(v, std::max(i + 1, end_ - 1), locate(i)) : skip_line(end_);
          break;
        }
        from = end_;
        const std::size_t before = start;
        if (!fill(start, from)) {
          i = end_;
          break;
        }
        i -= before - start;
      }
      continue;
    }
    if (c == '(') {
      ++depth;
    } else if (c == ')') {
      if (depth > 0) --depth;
    } else if (c == '[') {
      if (at_line_start(i)) break;
    } else if (c == '*') {
      if (depth == 0) {
        result_at = i;
        result_len = 1;
        break;
      }
    } else if (c == '0' || c == '1') {
      if (end_ - i < 8 && !eof_) {  // a marker may straddle the buffer end
        if (more()) continue;
      }
      if ((i == 0 || !is_symbol(buf_[i - 1])) && depth == 0) {
        result_len = match_result(buf_.data() + i, buf_.data() + end_);
        if (result_len > 0) {
          result_at = i;
          break;
        }
      }
    }
    ++i;
  }
  const std::size_t text_end = result_len > 0 ? result_at : std::min(i, end_);
  if (deliver || raw_cut) {
    std::size_t e = text_end;
    while (deliver && e > start && is_space(buf_[e - 1])) --e;
    v.raw_movetext(deliver ? std::string_view(buf_.data() + start, e - start) : std::string_view());
    if (result_len == 0)
      warn(v, ErrorCode::kPgnBadResult, "game has no termination marker (PGN 8.2.6)", text_end);
    else
      check_result_tag(v, std::string_view(buf_.data() + result_at, result_len), result_at);
    v.result(std::string_view(buf_.data() + result_at, result_len));
  }
  pos_ = result_len > 0 ? result_at + result_len : text_end;
}

}  // namespace arbiter::pgn
