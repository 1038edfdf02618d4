/*
 * mtcrash.cpp - host program of the crash fixtures.
 *
 *   mtcrash MODE     MODE is segv, trap, fpe, assert, exception or thread
 *
 * Installs LLVM's crash handler exactly as the mojo driver and the MAX
 * runtime do (llvm::sys::PrintStackTraceOnErrorSignal) plus the pretty
 * stack entry that prints "Program arguments:", then crashes inside
 * libmtmodel / libmtkernels. Everything interesting is on stderr.
 */
#include "model.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/PrettyStackTrace.h>
#include <llvm/Support/Signals.h>

#include <cstdio>
#include <cstdlib>
#include <optional>

int main(int argc, char **argv)
{
	// By default the order of llvm::InitLLVM (which the mojo driver uses):
	// the pretty stack entry first, so "Stack dump: 0. Program arguments"
	// comes out ahead of the frames, as in Modular's dumps. With
	// MTCRASH_HANDLER_FIRST set, the order of a tool that installs the
	// handler first: the "Stack dump:" block then follows the frames.
	const bool handler_first = std::getenv("MTCRASH_HANDLER_FIRST") != nullptr;
	std::optional<llvm::PrettyStackTraceProgram> program;
	if (handler_first)
		llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
	program.emplace(argc, argv);
	if (!handler_first)
		llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
	if (argc != 2) {
		std::fprintf(stderr,
			     "usage: mtcrash segv|trap|fpe|assert|exception|thread\n");
		return 2;
	}
	int rc = mtmodel::run_scenario(argv[1]);
	std::fprintf(stderr, "mtcrash: scenario '%s' did not crash (%d)\n",
		     argv[1], rc);
	return 1;
}
