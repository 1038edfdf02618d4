// The NULL dereference of segv_user.c in a program that installs LLVM's
// crash handler, as mojo and mlir-opt do: the same crash printed by
// llvm::sys::PrintStackTrace instead of a debugger.
#include <cstdio>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/PrettyStackTrace.h>
#include <llvm/Support/Signals.h>

struct node {
	int value;
	struct node *next;
};

extern "C" __attribute__((noinline)) int sum_list(const struct node *n)
{
	int total = 0;
	for (int i = 0; i < 3; i++) {
		total += n->value; // the third node is NULL
		n = n->next;
	}
	return total;
}

extern "C" __attribute__((noinline)) int walk(const struct node *head)
{
	return sum_list(head);
}

int main(int argc, char **argv)
{
	llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
	llvm::PrettyStackTraceProgram stack_program(argc, argv);
	struct node b = { 2, nullptr };
	struct node a = { 1, &b };
	std::printf("%d\n", walk(&a));
	return 0;
}
