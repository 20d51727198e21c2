//===- Explain.h - A rule page for the terminal -----------------*- C++ -*-===//
//
// `cuda-lint --explain RULE` prints the rule's page (docs/rules/RULE.md) for
// a terminal rather than as Markdown source: no front matter, no HTML
// comments, paragraphs and lists wrapped to the width, tables aligned when
// they fit and printed as lists of "header: cell" lines when they do not,
// code blocks indented, and headings in colour when colour is on.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_LINT_DRIVER_EXPLAIN_H
#define CUDA_LINT_DRIVER_EXPLAIN_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace cuda_lint {

/// How renderForTerminal lays a page out.
struct TerminalStyle {
  unsigned Width = 100; ///< columns; no output line is longer, except code lines and long words
  bool Color = false;   ///< ANSI bold / colour for headings and **strong** text
};

/// \p Markdown (a docs/rules page, with or without its `---` front matter)
/// as plain text for a terminal of \p Style.Width columns: front matter and
/// `<!-- ... -->` comments removed; headings kept with their `#` marks
/// (bold and coloured with \p Style.Color); `**strong**` and `[text](url)`
/// reduced to their text (an absolute URL stays, in angle brackets);
/// paragraphs and list items re-wrapped; fenced code indented by 4 and not
/// wrapped; a table printed aligned when its widest row fits, otherwise
/// each row as a list item of "header: cell" lines.
std::string renderForTerminal(llvm::StringRef Markdown, const TerminalStyle &Style);

} // namespace cuda_lint

#endif
