# lit configuration for llvm-project's own llvm-symbolizer tests, run
# against maxtriage (or, to find which tests this LLVM release fails,
# against llvm-symbolizer-19 itself) behind the names llvm-symbolizer and
# llvm-addr2line. Debian's LLVM 19 tools (FileCheck, yaml2obj, llvm-mc,
# not, ...) come from /usr/lib/llvm-19/bin. Parameters (lit --param):
#   tool=PATH   the program behind both names (default: llvm-symbolizer-19)
#   out=DIR     where test outputs and the tool links go (required)
#   diff=LOG    with tool: run both llvm-symbolizer-19 and the tool on
#               every call (difftool.sh) and log each difference to LOG
# See testdata/llvm-lit/README.md; tests/e2e/llvm_lit.sh runs it.
import os
import sys

import lit.formats

config.name = "llvm-symbolizer upstream"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".s", ".yaml", ".ll"]
config.excludes = ["Inputs", "lit.cfg.py", "README.md", "SOURCES.md",
                   "EXPECTED-FAILURES.txt", "difftool.sh", "build-inputs.sh"]
config.test_source_root = os.path.dirname(__file__)

out = lit_config.params.get("out")
if not out:
    lit_config.fatal("--param out=DIR is required")
config.test_exec_root = os.path.abspath(out)

llvm_bin = "/usr/lib/llvm-19/bin"
tool = lit_config.params.get("tool", "")
diff = lit_config.params.get("diff", "")
links = os.path.join(config.test_exec_root, "bin")
refs = os.path.join(config.test_exec_root, "ref")
for d in (links, refs):
    os.makedirs(d, exist_ok=True)
for name in ("llvm-symbolizer", "llvm-addr2line"):
    for dest, target in (
            (os.path.join(refs, name), os.path.join(llvm_bin, name)),
            (os.path.join(links, name),
             os.path.join(config.test_source_root, "difftool.sh")
             if tool and diff else os.path.abspath(tool) if tool
             else os.path.join(llvm_bin, name))):
        if os.path.lexists(dest):
            os.unlink(dest)
        os.symlink(target, dest)
if tool and diff:
    config.environment["MT_LIT_TOOL"] = os.path.abspath(tool)
    config.environment["MT_LIT_REF"] = refs
    config.environment["MT_LIT_LOG"] = os.path.abspath(diff)
    config.environment["MT_LIT_COUNT"] = os.path.abspath(diff) + ".count"

config.environment["PATH"] = os.pathsep.join(
    [links, llvm_bin, config.environment.get("PATH", os.environ["PATH"])])
for v in ("HOME", "TMPDIR"):
    if v in os.environ:
        config.environment[v] = os.environ[v]
# llvm-symbolizer asks the servers of DEBUGINFOD_URLS by default.
config.environment.pop("DEBUGINFOD_URLS", None)
config.environment["LC_ALL"] = "C"

config.target_triple = "x86_64-pc-linux-gnu"
config.available_features.update([
    "x86-registered-target", "X86", "aarch64-registered-target",
    "arm-registered-target", "powerpc-registered-target",
    "webassembly-registered-target", "system-linux", "shell",
    "host-byteorder-little-endian", "zlib", "native", "default_triple",
    "target-x86_64", "x86_64-linux",
])
config.substitutions.extend([
    ("%python", sys.executable),
    ("%errc_ENOENT", "'No such file or directory'"),
    ("%errc_EISDIR", "'Is a directory'"),
    ("%errc_EINVAL", "'Invalid argument'"),
    ("%errc_EACCES", "'Permission denied'"),
    ("%llvm_src_root", config.test_source_root),
])
