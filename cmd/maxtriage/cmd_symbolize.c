/* cmd_symbolize.c - placeholder until the symbolize engine lands; says so plainly. */
#include "cmd.h"

int cmd_symbolize(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	mt_die_msg("symbolize", "not built yet in this version");
	return MT_EXIT_USAGE;
}
