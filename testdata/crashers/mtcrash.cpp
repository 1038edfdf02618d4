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

int main(int argc, char **argv)
{
	// Same order as llvm::InitLLVM (which the mojo driver uses): the pretty
	// stack entry first, so "Stack dump: 0. Program arguments" comes out
	// ahead of the frames, as in Modular's dumps.
	llvm::PrettyStackTraceProgram program(argc, argv);
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
