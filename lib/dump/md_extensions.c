/*
 * md_extensions.c - the streams Crashpad and Breakpad add to the
 * minidump format: Crashpad's info (report and client ids, simple and
 * list annotations, annotation objects), Breakpad's info (the dumping
 * and requesting threads), and Linux's /proc maps and status text.
 */
#include "minidump_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void guid_text(char *out, const uint8_t *g)
{
	snprintf(out, 37, "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
	         u32_at(g), u16_at(g + 4), u16_at(g + 6), g[8], g[9], g[10],
	         g[11], g[12], g[13], g[14], g[15]);
}

static void add_annotation(rd *r, const char *scope, char *key, char *value)
{
	mt_minidump *md = r->md;
	mt_md_annotation *a;

	if (md->nannotations >= MAX_ANNOTATIONS || !key || !value) {
		free(key);
		free(value);
		return;
	}
	md->annotations =
	        mt_realloc(md->annotations,
	                   (md->nannotations + 1) * sizeof(*md->annotations));
	a = &md->annotations[md->nannotations++];
	a->scope = mt_strdup(scope);
	a->key = key;
	a->value = value;
}

/* MinidumpSimpleStringDictionary at a location descriptor. */
static void
read_dictionary(rd *r, const char *scope, uint32_t len, uint32_t rva)
{
	uint32_t count, i;
	uint64_t at;

	if (!len)
		return;
	at = md_counted(r, "annotation dictionary", rva, len, 8,
	                MAX_ANNOTATIONS, &count);
	for (i = 0; at && i < count; i++) {
		const uint8_t *p = r->p + at + 8 * (uint64_t)i;

		add_annotation(
		        r, scope,
		        md_utf8_string(r, u32_at(p), "annotation key"),
		        md_utf8_string(r, u32_at(p + 4), "annotation value"));
	}
}

static void
read_list_annotations(rd *r, const char *scope, uint32_t len, uint32_t rva)
{
	uint32_t count, i;
	uint64_t at;

	if (!len)
		return;
	at = md_counted(r, "annotation list", rva, len, 4, MAX_ANNOTATIONS,
	                &count);
	for (i = 0; at && i < count; i++)
		add_annotation(
		        r, scope, mt_strdup(""),
		        md_utf8_string(r, u32_at(r->p + at + 4 * (uint64_t)i),
		                       "annotation"));
}

/* Crashpad's typed annotation objects: type 1 is a string. */
static void
read_annotation_objects(rd *r, const char *scope, uint32_t len, uint32_t rva)
{
	uint32_t count, i;
	uint64_t at;

	if (!len)
		return;
	at = md_counted(r, "annotation objects", rva, len, 12, MAX_ANNOTATIONS,
	                &count);
	for (i = 0; at && i < count; i++) {
		const uint8_t *p = r->p + at + 12 * (uint64_t)i;
		uint16_t type = u16_at(p + 4);
		uint32_t vlen;
		const uint8_t *v = md_byte_array(r, u32_at(p + 8), &vlen);
		char *value;

		if (!v) {
			md_warn(r,
			        "annotation object %u: value does not fit in the file",
			        i);
			continue;
		}
		if (type == 1) {
			value = mt_strndup((const char *)v, vlen);
		} else {
			mt_buf b = MT_BUF_INIT;

			mt_buf_printf(&b, "<%u bytes of type 0x%x>", vlen,
			              type);
			value = mt_buf_detach(&b);
		}
		add_annotation(r, scope,
		               md_utf8_string(r, u32_at(p), "annotation name"),
		               value);
	}
}

void md_read_crashpad_info(rd *r, uint64_t off, uint32_t len)
{
	mt_minidump *md = r->md;
	const uint8_t *p;
	uint32_t count, i;
	uint64_t at;

	if (len < 52 || !md_fits(r, off, 52)) {
		md_warn(r,
		        "Crashpad info stream (%u bytes at 0x%llx) does not fit in the file",
		        len, (unsigned long long)off);
		return;
	}
	p = r->p + off;
	md->crashpad = 1;
	guid_text(md->report_id, p + 4);
	guid_text(md->client_id, p + 20);
	read_dictionary(r, "process", u32_at(p + 36), u32_at(p + 40));
	if (!u32_at(p + 44))
		return;
	at = md_counted(r, "Crashpad module list", u32_at(p + 48),
	                u32_at(p + 44), 12, MAX_MODULES, &count);
	for (i = 0; at && i < count; i++) {
		const uint8_t *l = r->p + at + 12 * (uint64_t)i;
		uint32_t index = u32_at(l), mlen = u32_at(l + 4),
		         mrva = u32_at(l + 8);
		char scope[64];
		const char *name = scope;

		snprintf(scope, sizeof(scope), "module %u", index);
		if (index < md->nmodules && md->modules[index].name)
			name = md->modules[index].name;
		if (mlen < 28 || !md_fits(r, mrva, 28)) {
			md_warn(r,
			        "Crashpad info of module %u does not fit in the file",
			        index);
			continue;
		}
		read_list_annotations(r, name, u32_at(r->p + mrva + 4),
		                      u32_at(r->p + mrva + 8));
		read_dictionary(r, name, u32_at(r->p + mrva + 12),
		                u32_at(r->p + mrva + 16));
		read_annotation_objects(r, name, u32_at(r->p + mrva + 20),
		                        u32_at(r->p + mrva + 24));
	}
}

void md_read_breakpad_info(rd *r, uint64_t off, uint32_t len)
{
	uint32_t validity;

	if (len < 12 || !md_fits(r, off, 12))
		return;
	validity = u32_at(r->p + off);
	r->md->has_breakpad_info = 1;
	if (validity & 1)
		r->md->dump_tid = u32_at(r->p + off + 4);
	if (validity & 2)
		r->md->requesting_tid = u32_at(r->p + off + 8);
}

#define MAX_MAPS 100000

/* One line of the maps stream: "start-end perms offset dev inode path". */
typedef struct maps_line {
	uint64_t lo, hi;
	int exec;
	const char *path; /* into md->maps, or NULL */
	size_t plen;
} maps_line;

static int maps_next(const char **cur, maps_line *l)
{
	const char *line = *cur, *nl, *sp;
	size_t len;
	char *end;

	if (!line || !*line)
		return 0;
	nl = strchr(line, '\n');
	len = nl ? (size_t)(nl - line) : strlen(line);
	*cur = nl ? nl + 1 : NULL;
	memset(l, 0, sizeof(*l));
	l->lo = strtoull(line, &end, 16);
	if (end == line || *end != '-')
		return 1;
	l->hi = strtoull(end + 1, &end, 16);
	sp = end;
	if ((size_t)(sp - line) + 4 < len && sp[0] == ' ')
		l->exec = sp[3] == 'x';
	l->path = memchr(line, '/', len);
	l->plen = l->path ? len - (size_t)(l->path - line) : 0;
	return 1;
}

/* From the maps stream: each module's last mapped byte (the mappings of
 * the file mapped at its base: writers name a module by another path
 * than maps may, /lib against /usr/lib), and the executable ranges. */
void md_read_maps(mt_minidump *md)
{
	const char *cur = md->maps;
	maps_line l;
	size_t i, n = 0;

	while (n < MAX_MAPS && maps_next(&cur, &l)) {
		n++;
		if (l.exec && l.hi > l.lo) {
			md->code =
			        mt_realloc(md->code, (md->ncode + 1) * 2 *
			                                     sizeof(uint64_t));
			md->code[2 * md->ncode] = l.lo;
			md->code[2 * md->ncode + 1] = l.hi;
			md->ncode++;
		}
	}
	for (i = 0; i < md->nmodules; i++) {
		mt_md_module *m = &md->modules[i];
		const char *path = NULL;
		size_t plen = 0;

		for (cur = md->maps, n = 0;
		     !path && n < MAX_MAPS && maps_next(&cur, &l); n++)
			if (l.lo == m->base && l.path) {
				path = l.path;
				plen = l.plen;
			}
		for (cur = md->maps, n = 0;
		     path && n < MAX_MAPS && maps_next(&cur, &l); n++)
			if (l.path && l.plen == plen &&
			    !memcmp(l.path, path, plen) && l.lo >= m->base &&
			    l.hi > m->mapped_end)
				m->mapped_end = l.hi;
	}
}

long md_pid_from_status(const char *status)
{
	const char *p = status ? strstr(status, "\nPid:") : NULL;

	if (!p && status && !strncmp(status, "Pid:", 4))
		p = status - 1;
	return p ? strtol(p + 5, NULL, 10) : 0;
}
