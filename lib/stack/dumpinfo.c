/* dumpinfo.c - lifetime of mt_dump_info (maxtriage/dumpinfo.h). */
#include "maxtriage/dumpinfo.h"

#include "maxtriage/common.h"
#include "maxtriage/stack.h"

#include <stdlib.h>
#include <string.h>

/* Bounds: a hostile dump must not grow a report without end. */
#define MAX_ANNOTATIONS 256
#define MAX_WARNINGS 64

mt_dump_info *mt_dump_info_new(void)
{
	return mt_calloc(1, sizeof(mt_dump_info));
}

void mt_dump_info_free(mt_dump_info *d)
{
	size_t i;

	if (!d)
		return;
	free(d->cpu);
	free(d->os);
	free(d->os_version);
	free(d->command_line);
	free(d->report_id);
	for (i = 0; i < d->nannotations; i++) {
		free(d->annotations[i].scope);
		free(d->annotations[i].key);
		free(d->annotations[i].value);
	}
	free(d->annotations);
	for (i = 0; i < d->nwarnings; i++)
		free(d->warnings[i]);
	free(d->warnings);
	free(d);
}

void mt_dump_info_annotate(mt_dump_info *d,
                           const char *scope,
                           const char *key,
                           const char *value)
{
	mt_dump_annotation *a;

	if (d->nannotations >= MAX_ANNOTATIONS)
		return;
	d->annotations =
	        mt_realloc(d->annotations, (d->nannotations + 1) * sizeof(*a));
	a = &d->annotations[d->nannotations++];
	a->scope = mt_strdup(scope ? scope : "");
	a->key = mt_strdup(key ? key : "");
	a->value = mt_strdup(value ? value : "");
}

void mt_dump_info_warn(mt_dump_info *d, const char *warning)
{
	if (d->nwarnings >= MAX_WARNINGS || !warning)
		return;
	d->warnings =
	        mt_realloc(d->warnings, (d->nwarnings + 1) * sizeof(char *));
	d->warnings[d->nwarnings++] = mt_strdup(warning);
}

const char *mt_frame_found_name(mt_frame_found f)
{
	switch (f) {
	case MT_FOUND_CONTEXT:
		return "context";
	case MT_FOUND_CFI:
		return "cfi";
	case MT_FOUND_FRAME_POINTER:
		return "frame_pointer";
	case MT_FOUND_SCAN:
		return "scan";
	default:
		return NULL;
	}
}
