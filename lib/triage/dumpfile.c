/*
 * dumpfile.c - the stack pipeline over what a crash leaves on disk or a
 * hung process still holds: a minidump (lib/dump/minidump.c) or an ELF
 * core is unwound (lib/symbols/unwind.c) into one report, the crashing
 * thread's frames its own and every other thread a report of its own in
 * mt_report.threads; then each goes through resolve and triage as a
 * text dump's report does, so that one crash gets one fingerprint
 * whichever of its records was read.
 */
#include "maxtriage/buf.h"
#include "maxtriage/dumpinfo.h"
#include "maxtriage/minidump.h"
#include "maxtriage/triage.h"
#include "maxtriage/unwind.h"

#include "maxtriage/crashdb.h"

#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

static const char *signal_name(int sig)
{
	switch (sig) {
	case 4:
		return "SIGILL";
	case 5:
		return "SIGTRAP";
	case 6:
		return "SIGABRT";
	case 7:
		return "SIGBUS";
	case 8:
		return "SIGFPE";
	case 11:
		return "SIGSEGV";
	case 3:
		return "SIGQUIT";
	case 9:
		return "SIGKILL";
	case 15:
		return "SIGTERM";
	case 31:
		return "SIGSYS";
	default:
		return NULL;
	}
}

/* One unwound thread as a report's frames. */
static void thread_frames(mt_report *r,
                          const mt_unwind_result *u,
                          const mt_unwind_thread *t)
{
	size_t i;

	for (i = 0; i < t->nframes; i++) {
		const mt_unwind_frame *uf = &t->frames[i];
		mt_frame f;

		memset(&f, 0, sizeof(f));
		f.index = (int)i;
		f.form = MT_FORM_UNWOUND;
		f.has_address = 1;
		f.address = uf->pc;
		f.found_by = uf->found_by;
		f.lookup = uf->exact ? MT_LOOKUP_PC : MT_LOOKUP_CALL_SITE;
		f.sigtramp = uf->sigtramp;
		if (uf->module >= 0 && (size_t)uf->module < u->nmodules) {
			const mt_unwind_module *m = &u->modules[uf->module];

			f.module = mt_strdup(m->name);
			if (m->build_id)
				f.build_id = mt_strdup(m->build_id);
		}
		f.has_offset = uf->has_offset && f.module;
		f.module_offset = uf->module_offset;
		mt_report_insert_frame(r, r->nframes, &f);
	}
	r->first_line = r->last_line = 0;
}

static char *thread_label(long tid)
{
	mt_buf b = MT_BUF_INIT;

	mt_buf_printf(&b, "TID %ld", tid);
	return mt_buf_detach(&b);
}

/* Resolve and classify a report built from frames (no text to parse). */
static void triage_one(mt_report *r, const mt_pipeline *p, int next_steps)
{
	mt_resolve_report(r, &p->resolve);
	mt_triage_report(r, &p->triage);
	if (next_steps)
		mt_triage_next_steps(r, &p->next);
}

/* The report of an unwound process: the thread at first its own, the
 * others in r->threads. */
static void build_report(mt_report *r,
                         const mt_unwind_result *u,
                         size_t first,
                         const mt_pipeline *p)
{
	size_t i, k = 0;

	r->trampoline = -1;
	r->blame_frame = -1;
	if (u->nthreads) {
		thread_frames(r, u, &u->threads[first]);
		r->thread = thread_label(u->threads[first].tid);
	}
	r->pid = u->pid;
	if (u->nthreads > 1) {
		r->threads = mt_calloc(u->nthreads - 1, sizeof(*r->threads));
		for (i = 0; i < u->nthreads; i++) {
			mt_report *t;

			if (i == first)
				continue;
			t = &r->threads[k++];
			t->trampoline = -1;
			t->blame_frame = -1;
			t->kind = mt_strdup("thread");
			t->thread = thread_label(u->threads[i].tid);
			t->pid = u->pid;
			thread_frames(t, u, &u->threads[i]);
		}
		r->nthreads = k;
	}
	for (i = 0; i < r->nthreads; i++)
		triage_one(&r->threads[i], p, 0);
}

static void unwind_warnings(mt_dump_info *d, const mt_unwind_result *u)
{
	size_t i;
	mt_buf b = MT_BUF_INIT;

	for (i = 0; i < u->nwarnings; i++)
		mt_dump_info_warn(d, u->warnings[i]);
	for (i = 0; i < u->nthreads; i++) {
		if (!u->threads[i].stop)
			continue;
		mt_buf_clear(&b);
		mt_buf_printf(
		        &b,
		        "thread %ld: unwinding stopped after %zu frames: %s",
		        u->threads[i].tid, u->threads[i].nframes,
		        u->threads[i].stop);
		mt_dump_info_warn(d, b.ptr);
	}
	for (i = 0; i < u->nmodules; i++)
		if (u->modules[i].has_elf)
			d->modules_found++;
	d->nmodules = u->nmodules;
	d->nthreads = u->nthreads;
	mt_buf_release(&b);
}

static void set_signal(mt_report *r, mt_dump_info *d, int sig)
{
	const char *name = signal_name(sig);

	d->signal_number = sig;
	if (name && !r->signal)
		r->signal = mt_strdup(name);
}

/* ---- minidumps ------------------------------------------------------- */

static size_t md_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	return mt_minidump_read(ctx, addr, buf, len);
}

static void minidump_info(mt_dump_info *d, const mt_minidump *md)
{
	size_t i;

	d->format = "minidump";
	d->writer = md->crashpad            ? "crashpad"
	            : md->has_breakpad_info ? "breakpad"
	                                    : NULL;
	if (mt_cpu_name(md->cpu))
		d->cpu = mt_strdup(mt_cpu_name(md->cpu));
	if (md->os)
		d->os = mt_strdup(md->os);
	if (md->os_version)
		d->os_version = mt_strdup(md->os_version);
	if (md->cmdline && *md->cmdline)
		d->command_line = mt_strdup(md->cmdline);
	if (md->has_exception) {
		d->crashed_tid = md->exception_tid;
		d->has_si_code = 1;
		d->si_code = (int)md->exception_flags;
		d->has_fault_address = 1;
		d->fault_address = md->exception_address;
	}
	if (md->crashpad)
		d->report_id = mt_strdup(md->report_id);
	for (i = 0; i < md->nannotations; i++)
		mt_dump_info_annotate(d, md->annotations[i].scope,
		                      md->annotations[i].key,
		                      md->annotations[i].value);
	for (i = 0; i < md->nwarnings; i++)
		mt_dump_info_warn(d, md->warnings[i]);
}

static int triage_minidump(mt_report_set *set,
                           const void *data,
                           size_t len,
                           const mt_pipeline *p,
                           mt_error *err)
{
	mt_minidump md;
	mt_unwind_image img;
	mt_unwind_module_in *mods = NULL;
	mt_unwind_thread_in *threads = NULL;
	mt_unwind_result u;
	const mt_md_thread *crashed;
	mt_report *r;
	mt_dump_info *d;
	mt_error uerr = { 0, "" };
	size_t i, first = 0;
	int rc;

	memset(&u, 0, sizeof(u));
	rc = mt_minidump_parse(&md, data, len, err);
	if (rc < 0)
		return rc;
	mods = mt_calloc(md.nmodules + 1, sizeof(*mods));
	threads = mt_calloc(md.nthreads + 1, sizeof(*threads));
	crashed = mt_minidump_crashed_thread(&md);
	for (i = 0; i < md.nmodules; i++) {
		mods[i].name = md.modules[i].name;
		mods[i].build_id = md.modules[i].build_id_prefix
		                           ? NULL
		                           : md.modules[i].build_id;
		mods[i].base = md.modules[i].base;
		mods[i].size = md.modules[i].size;
		if (md.modules[i].mapped_end > mods[i].base + mods[i].size)
			mods[i].size = md.modules[i].mapped_end - mods[i].base;
	}
	memset(&img, 0, sizeof(img));
	img.machine = md.cpu == MT_CPU_X86_64  ? EM_X86_64
	              : md.cpu == MT_CPU_ARM64 ? EM_AARCH64
	                                       : 0;
	img.pid = md.pid;
	img.modules = mods;
	img.nmodules = md.nmodules;
	img.read = md_read;
	img.read_ctx = &md;
	img.code = md.code;
	img.ncode = md.ncode;
	for (i = 0; i < md.nthreads; i++) {
		const mt_md_thread *t = &md.threads[i];
		/* The crashing thread's registers at the fault are the
		 * exception's context (Crashpad records the thread list's
		 * inside its signal handler). */
		const mt_md_context *c =
		        t == crashed && md.has_exception_context
		                ? &md.exception_ctx
		                : &t->ctx;
		mt_unwind_thread_in *in = &threads[img.nthreads];

		if (!t->has_context && c == &t->ctx)
			continue;
		if (t == crashed)
			first = img.nthreads;
		in->tid = t->tid;
		memcpy(in->regs, c->regs, sizeof(in->regs));
		in->valid = c->valid;
		img.nthreads++;
		if (!img.machine && c->cpu == MT_CPU_X86_64)
			img.machine = EM_X86_64;
		else if (!img.machine && c->cpu == MT_CPU_ARM64)
			img.machine = EM_AARCH64;
	}
	img.threads = threads;
	if (img.machine)
		rc = mt_unwind_image_threads(&u, p->resolve.symbolizer, &img,
		                             &uerr);
	else
		rc = mt_error_set(
		        &uerr, MT_EUNSUPPORTED,
		        "no thread unwound: the dump's CPU (%s) is not x86-64 or arm64",
		        mt_cpu_name(md.cpu) ? mt_cpu_name(md.cpu) : "unknown");

	MT_PUSH(set->reports, set->n, set->cap, (mt_report){ 0 });
	r = &set->reports[set->n - 1];
	d = r->dump = mt_dump_info_new();
	minidump_info(d, &md);
	if (rc < 0)
		mt_dump_info_warn(d, uerr.msg);
	r->producer = d->writer ? d->writer : "minidump";
	/* the exception code is the signal on Linux and Android only */
	if (md.has_exception &&
	    (md.platform == 0x8201 || md.platform == 0x8203)) {
		set_signal(r, d, (int)md.exception_code);
	} else if (md.has_exception) {
		d->has_exception_code = 1;
		d->exception_code = md.exception_code;
		d->has_si_code = 0;
	}
	if (d->command_line)
		r->program = mt_strdup(d->command_line);
	build_report(r, &u, first < u.nthreads ? first : 0, p);
	unwind_warnings(d, &u);
	d->nthreads = md.nthreads;
	d->nmodules = md.nmodules;
	if (!r->pid)
		r->pid = md.pid;
	triage_one(r, p, 1);
	mt_unwind_result_release(&u);
	free(mods);
	free(threads);
	mt_minidump_release(&md);
	return 0;
}

/* ---- cores and processes --------------------------------------------- */

static int triage_unwound(mt_report_set *set,
                          mt_unwind_result *u,
                          const char *format,
                          const char *kind,
                          const mt_pipeline *p)
{
	mt_report *r;
	mt_dump_info *d;
	size_t i, first = 0;

	MT_PUSH(set->reports, set->n, set->cap, (mt_report){ 0 });
	r = &set->reports[set->n - 1];
	d = r->dump = mt_dump_info_new();
	d->format = format;
	r->producer = format;
	if (u->machine == EM_X86_64)
		d->cpu = mt_strdup("x86_64");
	else if (u->machine == EM_AARCH64)
		d->cpu = mt_strdup("aarch64");
	d->os = mt_strdup("Linux");
	d->crashed_tid = u->crashed_tid;
	d->has_si_code = u->has_si_code;
	d->si_code = u->si_code;
	d->has_fault_address = u->has_fault_address;
	d->fault_address = u->fault_address;
	if (u->command_line && *u->command_line) {
		d->command_line = mt_strdup(u->command_line);
		r->program = mt_strdup(u->command_line);
	}
	if (kind)
		r->kind = mt_strdup(kind);
	if (u->signal)
		set_signal(r, d, u->signal);
	/* a hang: the main thread (tid == pid) first */
	for (i = 0; kind && i < u->nthreads; i++)
		if (u->threads[i].tid == u->pid)
			first = i;
	build_report(r, u, first, p);
	unwind_warnings(d, u);
	triage_one(r, p, 1);
	return 0;
}

static void database_annotations(mt_dump_info *d, const char *path);

int mt_triage_is_image(const void *data, size_t len)
{
	return mt_minidump_is(data, len) || mt_unwind_is_core(data, len);
}

int mt_triage_image(mt_report_set *set,
                    const char *path,
                    const void *data,
                    size_t len,
                    const mt_pipeline *p,
                    mt_error *err)
{
	mt_unwind_result u;
	int rc;

	if (mt_minidump_is(data, len)) {
		size_t first = set->n;

		rc = triage_minidump(set, data, len, p, err);
		if (rc == 0 && set->n > first && path && strcmp(path, "-"))
			database_annotations(set->reports[first].dump, path);
		return rc;
	}
	if (!mt_unwind_is_core(data, len))
		return mt_error_set(
		        err, MT_EFORMAT,
		        "'%s' is neither a minidump nor an ELF core", path);
	rc = mt_unwind_core(&u, p->resolve.symbolizer, path, NULL, err);
	if (rc == 0)
		rc = triage_unwound(set, &u, "core", NULL, p);
	mt_unwind_result_release(&u);
	return rc;
}

int mt_triage_process(mt_report_set *set,
                      long pid,
                      const char *kind,
                      const mt_pipeline *p,
                      mt_error *err)
{
	mt_unwind_result u;
	int rc;

	rc = mt_unwind_pid(&u, p->resolve.symbolizer, (pid_t)pid, err);
	/* refused (ptrace, /proc): the report still says what the process
	 * was, without frames, and why */
	if (rc < 0 && err)
		mt_unwind_warn(&u, err->msg);
	if (rc < 0 && !u.pid)
		u.pid = pid;
	(void)triage_unwound(set, &u, "process", kind, p);
	mt_unwind_result_release(&u);
	return rc;
}

/* ---- files ------------------------------------------------------------ */

static void iso_time(char *out, size_t n, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm) || !strftime(out, n, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(out, n, "%lld", (long long)t);
}

/* A dump of a Crashpad database: its state and .meta, as annotations of
 * scope "database". */
static void database_annotations(mt_dump_info *d, const char *path)
{
	mt_crashdb_entry e;
	char buf[64];

	mt_crashdb_entry_read(&e, path);
	if (e.state)
		mt_dump_info_annotate(d, "database", "state", e.state);
	if (e.has_meta) {
		iso_time(buf, sizeof(buf), e.creation_time);
		mt_dump_info_annotate(d, "database", "created", buf);
		mt_dump_info_annotate(d, "database", "uploaded",
		                      e.uploaded ? "yes" : "no");
		snprintf(buf, sizeof(buf), "%d", e.upload_attempts);
		mt_dump_info_annotate(d, "database", "upload_attempts", buf);
		if (e.server_id)
			mt_dump_info_annotate(d, "database", "server_report_id",
			                      e.server_id);
	}
	if (e.attachments)
		mt_dump_info_annotate(d, "database", "attachments",
		                      e.attachments);
	mt_crashdb_entry_release(&e);
}

int mt_triage_file(mt_report_set *set,
                   const char *path,
                   const mt_pipeline *p,
                   mt_error *err)
{
	unsigned char head[64];
	mt_buf data = MT_BUF_INIT;
	size_t n = 0;
	FILE *f;
	int rc = 0;

	if (strcmp(path, "-")) {
		f = fopen(path, "rb");
		if (!f)
			return mt_error_set(err, MT_EIO, "%s", strerror(errno));
		n = fread(head, 1, sizeof(head), f);
		fclose(f);
		/* a core is read by path, and may be gigabytes */
		if (mt_unwind_is_core(head, n))
			return mt_triage_image(set, path, head, n, p, err);
	}
	if (mt_buf_read_file(&data, path) < 0) {
		rc = mt_error_set(err, MT_EIO, "%s", strerror(errno));
		goto out;
	}
	if (mt_minidump_is(data.ptr, data.len)) {
		rc = mt_triage_image(set, path, data.ptr, data.len, p, err);
	} else if (mt_unwind_is_core(data.ptr, data.len)) {
		rc = mt_error_set(
		        err, MT_EUNSUPPORTED,
		        "an ELF core is read from a file, not from standard input");
	} else {
		mt_triage_text(set, data.ptr, data.len, p);
	}
out:
	mt_buf_release(&data);
	return rc;
}
