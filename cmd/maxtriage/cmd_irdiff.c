/* cmd_irdiff.c - placeholder until the irdiff engine lands; says so plainly. */
#include "cmd.h"

int cmd_irdiff(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	mt_die_msg("irdiff", "not built yet in this version");
	return MT_EXIT_USAGE;
}
