"""Writes the deeply nested units of resource-limits.test into a directory.

Each file also holds a kernel with a finding (launch bounds and __maxnreg__),
so that a unit that was analysed shows it.
"""
import os
import sys

out = sys.argv[1]
kernel = "__global__ void __launch_bounds__(64) __maxnreg__(32) k() {}\n"
files = {
    # Nesting clang accepts but that overflowed an 8 MiB thread stack (issue 18).
    "parens.cu": "int f() { return " + "(" * 1200 + "1" + ")" * 1200 + "; }\n" + kernel,
    "templates.cu": "template <class T> struct A {};\n" + "A<" * 3000 + "int" + ">" * 3000
    + " *p;\n" + kernel,
    "pp-parens.cu": "#if " + "(" * 20000 + "1" + ")" * 20000 + "\n#endif\n" + kernel,
    # Past clang's bracket limit: a compiler error, nothing worse.
    "braces.cu": "int a[1] = " + "{" * 100000 + "1" + "}" * 100000 + ";\n" + kernel,
    # The preprocessor's #if evaluation has no nesting limit: 2,000,000 levels
    # overflow even the side's 512 MiB stack.
    "overflow.cu": "#if " + "(" * 2000000 + "1" + ")" * 2000000 + "\n#endif\n" + kernel,
}
# A macro bomb: 2^39 tokens, memory without bound.
bomb = ["#define A0 xxxxxxxxxxxxxxxx yyyyyyyyyyyyyyyyy zzzzzzzzzzzzzzzzz"]
bomb += ["#define A%d A%d A%d" % (i, i - 1, i - 1) for i in range(1, 40)]
files["bomb.cu"] = "\n".join(bomb) + '\nconst char *v = "" A39;\n'
os.makedirs(out, exist_ok=True)
for name, text in files.items():
    with open(os.path.join(out, name), "w") as f:
        f.write(text)
