/* cmd_stack.c - placeholder, replaced by the stack pipeline. */
#include "cmd.h"

int cmd_stack(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	mt_die_msg("stack", "not built yet in this version");
	return MT_EXIT_USAGE;
}
