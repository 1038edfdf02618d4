/* fuzz_stages.c - stage discovery and the whole irdiff run over a
 * directory made from the input: "NAME\n" then contents, files separated
 * by "\n@@\n" (names are sanitised to one path component). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "maxtriage/irdiff_output.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void rm_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[512];

	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char dir[64], path[512], name[96];
	const char *p = (const char *)data, *end = p + size;
	const char *paths[1];
	mt_ir_input *in = NULL;
	mt_irdiff_report rep;
	mt_irdiff_opts o;
	mt_buf out = MT_BUF_INIT;
	mt_error err;
	int files = 0;

	snprintf(dir, sizeof(dir), "/tmp/mt-fuzz-stages-%d", (int)getpid());
	rm_dir(dir);
	if (mkdir(dir, 0700) < 0)
		return 0;
	while (p < end && files < 16) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *sep, *body;
		size_t n, i;
		FILE *f;

		if (!nl)
			break;
		n = (size_t)(nl - p) < sizeof(name) - 1 ? (size_t)(nl - p)
		                                        : sizeof(name) - 1;
		for (i = 0; i < n; i++)
			name[i] = (p[i] == '/' || p[i] == '\0') ? '_' : p[i];
		name[n] = '\0';
		if (!n || name[0] == '.')
			snprintf(name, sizeof(name), "g.stage%d.mlir", files);
		body = nl + 1;
		sep = memmem(body, (size_t)(end - body), "\n@@\n", 4);
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		if ((f = fopen(path, "wb"))) {
			fwrite(body, 1, (size_t)((sep ? sep : end) - body), f);
			fclose(f);
		}
		files++;
		p = sep ? sep + 4 : end;
	}
	paths[0] = dir;
	memset(&o, 0, sizeof(o));
	memset(&rep, 0, sizeof(rep));
	if (mt_ir_input_open(&in, paths, 1, &err) == 0) {
		if (mt_irdiff_run(&rep, in, &o, &err) == 0) {
			(void)mt_irdiff_write_json(&out, &rep);
			mt_irdiff_write_text(&out, &rep);
			mt_irdiff_write_markdown(&out, &rep);
		}
		mt_irdiff_report_release(&rep);
		mt_ir_input_free(in);
	}
	mt_buf_release(&out);
	rm_dir(dir);
	return 0;
}
