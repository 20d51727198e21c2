#include "driver/Explain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <vector>

namespace cuda_lint {
namespace {

constexpr const char *Bold = "\033[1m";
constexpr const char *HeadingColor = "\033[1;36m";
constexpr const char *Reset = "\033[0m";

/// The page without front matter and HTML comments.
std::string stripMeta(llvm::StringRef Md) {
  if (Md.starts_with("---\n")) {
    size_t End = Md.find("\n---", 3);
    if (End != llvm::StringRef::npos) {
      Md = Md.drop_front(End + 4);
      Md = Md.drop_until([](char C) { return C == '\n'; }).drop_front();
    }
  }
  std::string Out;
  while (!Md.empty()) {
    size_t Open = Md.find("<!--");
    if (Open == llvm::StringRef::npos) {
      Out += Md.str();
      break;
    }
    Out += Md.take_front(Open).str();
    size_t Close = Md.find("-->", Open + 4);
    Md = Close == llvm::StringRef::npos ? llvm::StringRef() : Md.drop_front(Close + 3);
    // A comment alone on its line leaves no blank line behind.
    if (llvm::StringRef(Out).ends_with("\n") && Md.starts_with("\n"))
      Md = Md.drop_front();
  }
  return Out;
}

/// Inline markup for the terminal: **strong** (bold with colour, else plain),
/// [text](url) as "text" or "text <url>" for an absolute URL. Code spans are
/// kept with their backticks and not looked into.
std::string inlineText(llvm::StringRef S, bool Color) {
  std::string Out;
  for (size_t I = 0; I < S.size();) {
    if (S[I] == '`') {
      size_t End = S.find('`', I + 1);
      if (End == llvm::StringRef::npos)
        End = S.size() - 1;
      Out += S.slice(I, End + 1).str();
      I = End + 1;
      continue;
    }
    if (S.substr(I).starts_with("**")) {
      size_t End = S.find("**", I + 2);
      if (End != llvm::StringRef::npos) {
        std::string Inner = inlineText(S.slice(I + 2, End), Color);
        Out += Color ? Bold + Inner + Reset : Inner;
        I = End + 2;
        continue;
      }
    }
    if (S[I] == '[') {
      size_t Mid = S.find("](", I);
      size_t End = Mid == llvm::StringRef::npos ? Mid : S.find(')', Mid);
      if (Mid != llvm::StringRef::npos && End != llvm::StringRef::npos &&
          !S.slice(I + 1, Mid).contains('\n')) {
        std::string Text = inlineText(S.slice(I + 1, Mid), Color);
        llvm::StringRef Url = S.slice(Mid + 2, End);
        Out += Text;
        if (Url.starts_with("http://") || Url.starts_with("https://"))
          if (!llvm::StringRef(Text).contains(Url))
            Out += " <" + Url.str() + ">";
        I = End + 1;
        continue;
      }
    }
    if (S[I] == '<' && (S.substr(I).starts_with("<http://") || S.substr(I).starts_with("<https://"))) {
      size_t End = S.find('>', I);
      if (End != llvm::StringRef::npos) {
        Out += S.slice(I, End + 1).str();
        I = End + 1;
        continue;
      }
    }
    Out += S[I++];
  }
  return Out;
}

/// Display width of \p S: bytes that are neither ANSI escapes nor UTF-8
/// continuation bytes.
size_t displayWidth(llvm::StringRef S) {
  size_t W = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '\033') {
      while (I < S.size() && S[I] != 'm')
        ++I;
      continue;
    }
    if ((static_cast<unsigned char>(S[I]) & 0xC0) != 0x80)
      ++W;
  }
  return W;
}

/// \p Text wrapped to \p Width: the first line starts with \p First, the
/// others with \p Rest (both counted in the width).
void wrap(std::string &Out, llvm::StringRef Text, llvm::StringRef First, llvm::StringRef Rest,
          unsigned Width) {
  llvm::SmallVector<llvm::StringRef, 64> Words;
  llvm::SplitString(Text, Words);
  std::string Line = First.str();
  size_t LineWidth = displayWidth(First);
  bool Empty = true;
  for (llvm::StringRef W : Words) {
    size_t WW = displayWidth(W);
    if (!Empty && LineWidth + 1 + WW > Width) {
      Out += Line + "\n";
      Line = Rest.str();
      LineWidth = displayWidth(Rest);
      Empty = true;
    }
    if (!Empty) {
      Line += ' ';
      ++LineWidth;
    }
    Line += W.str();
    LineWidth += WW;
    Empty = false;
  }
  Out += Line + "\n";
}

/// The cells of a table row "| a | b |" (a `|` inside a code span or
/// escaped as `\|` does not split).
std::vector<std::string> cellsOf(llvm::StringRef Row) {
  Row = Row.trim();
  Row.consume_front("|");
  Row.consume_back("|");
  std::vector<std::string> Cells;
  std::string Cur;
  bool InCode = false;
  for (size_t I = 0; I < Row.size(); ++I) {
    char C = Row[I];
    if (C == '\\' && I + 1 < Row.size() && Row[I + 1] == '|') {
      Cur += '|';
      ++I;
      continue;
    }
    if (C == '`')
      InCode = !InCode;
    if (C == '|' && !InCode) {
      Cells.push_back(llvm::StringRef(Cur).trim().str());
      Cur.clear();
      continue;
    }
    Cur += C;
  }
  Cells.push_back(llvm::StringRef(Cur).trim().str());
  return Cells;
}

bool isSeparatorRow(const std::vector<std::string> &Cells) {
  return llvm::all_of(Cells, [](const std::string &C) {
    return !C.empty() && llvm::all_of(C, [](char Ch) { return Ch == '-' || Ch == ':' || Ch == ' '; });
  });
}

void renderTable(std::string &Out, llvm::ArrayRef<llvm::StringRef> Rows, const TerminalStyle &Style) {
  std::vector<std::vector<std::string>> Table;
  for (llvm::StringRef R : Rows) {
    std::vector<std::string> Cells = cellsOf(R);
    if (isSeparatorRow(Cells))
      continue;
    for (std::string &C : Cells)
      C = inlineText(C, Style.Color);
    Table.push_back(std::move(Cells));
  }
  if (Table.empty())
    return;
  size_t Columns = 0;
  for (auto &R : Table)
    Columns = std::max(Columns, R.size());
  for (auto &R : Table)
    R.resize(Columns);
  std::vector<size_t> Widths(Columns, 0);
  for (auto &R : Table)
    for (size_t C = 0; C < Columns; ++C)
      Widths[C] = std::max(Widths[C], displayWidth(R[C]));
  size_t Total = 0;
  for (size_t W : Widths)
    Total += W + 2;
  if (Total <= Style.Width) {
    // Aligned: two spaces between columns, a rule under the header.
    auto Line = [&](const std::vector<std::string> &R, bool Header) {
      std::string L;
      for (size_t C = 0; C < Columns; ++C) {
        std::string Cell = R[C];
        if (Header && Style.Color)
          Cell = Bold + Cell + Reset;
        L += Cell;
        if (C + 1 < Columns)
          L += std::string(Widths[C] - displayWidth(R[C]) + 2, ' ');
      }
      Out += llvm::StringRef(L).rtrim().str() + "\n";
    };
    Line(Table[0], true);
    std::string Rule;
    for (size_t C = 0; C < Columns; ++C)
      Rule += std::string(Widths[C], '-') + (C + 1 < Columns ? "  " : "");
    Out += Rule + "\n";
    for (size_t I = 1; I < Table.size(); ++I)
      Line(Table[I], false);
    return;
  }
  // Too wide: each row as a list item, one "header: cell" line per column.
  for (size_t I = 1; I < Table.size(); ++I) {
    for (size_t C = 0; C < Columns; ++C) {
      std::string Head = Table[0][C].empty() ? "" : Table[0][C] + ": ";
      wrap(Out, Table[I][C], (C == 0 ? "- " : "  ") + Head, "    ", Style.Width);
    }
  }
}

bool isListItem(llvm::StringRef L, size_t &MarkerLength) {
  llvm::StringRef T = L.ltrim();
  size_t Indent = L.size() - T.size();
  if (T.starts_with("- ") || T.starts_with("* ")) {
    MarkerLength = Indent + 2;
    return true;
  }
  size_t Digits = 0;
  while (Digits < T.size() && llvm::isDigit(T[Digits]))
    ++Digits;
  if (Digits && Digits + 1 < T.size() && T[Digits] == '.' && T[Digits + 1] == ' ') {
    MarkerLength = Indent + Digits + 2;
    return true;
  }
  return false;
}

} // namespace

std::string renderForTerminal(llvm::StringRef Markdown, const TerminalStyle &Style) {
  std::string Text = stripMeta(Markdown);
  llvm::SmallVector<llvm::StringRef, 256> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  std::string Out;
  // The paragraph or list item being collected: its first-line prefix, the
  // prefix of its continuation lines, and its words.
  std::string ParaFirst, ParaRest, Para;
  auto Flush = [&] {
    if (!Para.empty())
      wrap(Out, inlineText(Para, Style.Color), ParaFirst, ParaRest, Style.Width);
    Para.clear();
  };
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef L = Lines[I].rtrim();
    llvm::StringRef T = L.ltrim();
    if (T.starts_with("```")) { // fenced code: verbatim, indented by 4
      Flush();
      size_t Indent = L.size() - T.size();
      for (++I; I < Lines.size() && !Lines[I].ltrim().starts_with("```"); ++I) {
        llvm::StringRef Code = Lines[I].rtrim();
        Code = Code.drop_front(std::min(Indent, Code.size() - Code.ltrim().size()));
        Out += (Code.empty() ? "" : "    " + Code.str()) + "\n";
      }
      continue;
    }
    if (T.empty()) {
      Flush();
      if (!Out.empty() && !llvm::StringRef(Out).ends_with("\n\n"))
        Out += "\n";
      continue;
    }
    if (T.starts_with("#")) {
      Flush();
      std::string H = inlineText(T, false);
      Out += Style.Color ? HeadingColor + H + Reset + "\n" : H + "\n";
      continue;
    }
    if (T.starts_with("|")) {
      Flush();
      llvm::SmallVector<llvm::StringRef, 16> Rows;
      for (; I < Lines.size() && Lines[I].ltrim().starts_with("|"); ++I)
        Rows.push_back(Lines[I]);
      --I;
      renderTable(Out, Rows, Style);
      continue;
    }
    if (L.starts_with("    ") && Para.empty()) { // indented code block
      Out += L.str() + "\n";
      continue;
    }
    size_t Marker = 0;
    if (isListItem(L, Marker)) {
      Flush();
      ParaFirst = L.take_front(Marker).str();
      ParaRest = std::string(Marker, ' ');
      Para = L.drop_front(Marker).str();
      continue;
    }
    if (Para.empty()) {
      ParaFirst = ParaRest = L.take_front(L.size() - T.size()).str();
      Para = T.str();
    } else {
      Para += " " + T.str();
    }
  }
  Flush();
  while (llvm::StringRef(Out).ends_with("\n\n"))
    Out.pop_back();
  return Out;
}

} // namespace cuda_lint
