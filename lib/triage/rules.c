/*
 * rules.c - ordered category rules: the user's, then the built-in table.
 *
 * The built-in table is in evidence order: names of the crash machinery
 * and the abort path, MAX's own libraries and namespaces, system
 * libraries, and only then directory rules, which a packaging layout can
 * fool (pip puts MAX's libraries under a python3.X directory).
 *
 * The built-in table encodes field-notes section 3. It is data, not code,
 * so a reader can check it against the notes line by line; docs/rules.md
 * prints it.
 */
#include "maxtriage/triage.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

typedef struct rule {
	mt_category category;
	const char *module, *function, *file;
	const char *why;
	int owned; /* strings are heap copies (user rules) */
} rule;

struct mt_rules {
	rule *user;
	size_t nuser, capuser;
};

// clang-format off
#define R(cat, mod, fn, fl, why) { MT_CAT_##cat, mod, fn, fl, why, 0 }

static const rule builtin[] = {
	/* 1. the crash machinery itself */
	R(HANDLER, NULL, "llvm::sys::PrintStackTrace*", NULL, "LLVM crash handler"),
	R(HANDLER, NULL, "llvm::sys::RunSignalHandlers*", NULL, "LLVM crash handler"),
	R(HANDLER, NULL, "SignalHandler(*", NULL, "LLVM crash handler"),
	R(HANDLER, NULL, "SignalHandler", NULL, "LLVM crash handler"),
	R(HANDLER, NULL, "*PrintStackTraceOnErrorSignal*", NULL, "LLVM crash handler"),
	R(HANDLER, NULL, "llvm::sys::CleanupOnSignal*", NULL, "LLVM crash handler"),
	R(HANDLER, NULL, "PrintStackTraceSignalHandler*", NULL, "LLVM crash handler"),
	R(HANDLER, NULL, "*::PrintStackTraceSignalHandler*", NULL, "LLVM crash handler"),
	R(HANDLER, NULL, "KGEN_CompilerRT_PrintStackTraceOnFault*", NULL, "Mojo crash handler"),
	R(HANDLER, NULL, "KGEN_CompilerRT_GetStackTrace*", NULL, "Mojo stack capture"),
	R(HANDLER, NULL, "*StackTrace::collect_if_enabled*", NULL, "Mojo stack capture"),
	R(HANDLER, NULL, "*builtin::error::StackTrace::__init__*", NULL, "Mojo stack capture"),
	R(HANDLER, NULL, "__restore_rt", NULL, "signal trampoline"),
	R(HANDLER, NULL, "_sigtramp", NULL, "signal trampoline"),
	R(HANDLER, NULL, "__kernel_rt_sigreturn", NULL, "signal trampoline"),
	/* 2. the abort and throw paths and C startup code, by name wherever
	 * they are (crt1's _start is linked into every executable) */
	R(SYSTEM, NULL, "abort", NULL, "abort path"),
	R(SYSTEM, NULL, "raise", NULL, "abort path"),
	R(SYSTEM, NULL, "gsignal", NULL, "abort path"),
	R(SYSTEM, NULL, "pthread_kill", NULL, "abort path"),
	R(SYSTEM, NULL, "__pthread_kill*", NULL, "abort path"),
	R(SYSTEM, NULL, "__assert_fail*", NULL, "assertion path"),
	R(SYSTEM, NULL, "__GI_*", NULL, "glibc internal"),
	R(SYSTEM, NULL, "__cxa_throw", NULL, "C++ exception path"),
	R(SYSTEM, NULL, "__cxa_rethrow", NULL, "C++ exception path"),
	R(SYSTEM, NULL, "std::terminate*", NULL, "C++ exception path"),
	R(SYSTEM, NULL, "std::rethrow_exception*", NULL, "C++ exception path"),
	R(SYSTEM, NULL, "__cxxabiv1::*", NULL, "C++ exception path"),
	R(SYSTEM, NULL, "__gnu_cxx::__verbose_terminate_handler*", NULL, "C++ exception path"),
	R(SYSTEM, NULL, "_Unwind_*", NULL, "C++ exception path"),
	R(SYSTEM, NULL, "__libc_start*", NULL, "C library startup"),
	R(SYSTEM, NULL, "_start", NULL, "C library startup"),
	R(SYSTEM, NULL, "start_thread", NULL, "C library thread start"),
	R(SYSTEM, NULL, "clone", NULL, "C library thread start"),
	R(SYSTEM, NULL, "clone3", NULL, "C library thread start"),
	R(SYSTEM, NULL, "__clone3", NULL, "C library thread start"),
	R(SYSTEM, NULL, "pthread_*", NULL, "C library threads"),
	/* Rust's standard library and panic machinery (before the Mojo
	 * std:: rules below: a Rust frame has a /rustc/ source path) */
	R(SYSTEM, NULL, NULL, "/rustc/*", "Rust standard library"),
	R(SYSTEM, NULL, "__rustc::*", NULL, "Rust panic machinery"),
	R(SYSTEM, NULL, "rust_begin_unwind", NULL, "Rust panic machinery"),
	R(SYSTEM, NULL, "core::panicking::*", NULL, "Rust panic machinery"),
	R(SYSTEM, NULL, "std::panicking::*", NULL, "Rust panic machinery"),
	R(SYSTEM, NULL, "core::option::*", NULL, "Rust standard library"),
	R(SYSTEM, NULL, "core::result::*", NULL, "Rust standard library"),
	R(SYSTEM, NULL, "core::ops::function::*", NULL, "Rust standard library"),
	/* sanitizer runtimes: their interceptors and reporting code live
	 * in the program itself (or libclang_rt, libasan, libtsan) */
	R(SYSTEM, NULL, "__interceptor_*", NULL, "sanitizer runtime"),
	R(SYSTEM, NULL, "___interceptor_*", NULL, "sanitizer runtime"),
	R(SYSTEM, NULL, "__interception::*", NULL, "sanitizer runtime"),
	R(SYSTEM, NULL, "__asan*", NULL, "sanitizer runtime"),
	R(SYSTEM, NULL, "__tsan*", NULL, "sanitizer runtime"),
	R(SYSTEM, NULL, "__msan*", NULL, "sanitizer runtime"),
	R(SYSTEM, NULL, "__lsan*", NULL, "sanitizer runtime"),
	R(SYSTEM, NULL, "__hwasan*", NULL, "sanitizer runtime"),
	R(SYSTEM, NULL, "__ubsan*", NULL, "sanitizer runtime"),
	R(SYSTEM, NULL, "__sanitizer*", NULL, "sanitizer runtime"),
	R(SYSTEM, "*libclang_rt.*", NULL, NULL, "sanitizer runtime"),
	R(SYSTEM, "*libasan.so*", NULL, NULL, "sanitizer runtime"),
	R(SYSTEM, "*libtsan.so*", NULL, NULL, "sanitizer runtime"),
	R(SYSTEM, "*libubsan.so*", NULL, NULL, "sanitizer runtime"),
	R(SYSTEM, "*libhwasan.so*", NULL, NULL, "sanitizer runtime"),
	/* the allocator a sanitizer or valgrind intercepts, by name: a
	 * leak's or a free's first frame */
	R(SYSTEM, NULL, "malloc", NULL, "allocator"),
	R(SYSTEM, NULL, "calloc", NULL, "allocator"),
	R(SYSTEM, NULL, "realloc", NULL, "allocator"),
	R(SYSTEM, NULL, "free", NULL, "allocator"),
	R(SYSTEM, NULL, "operator new*", NULL, "allocator"),
	R(SYSTEM, NULL, "operator delete*", NULL, "allocator"),
	/* 3. MAX's own libraries by basename: they come before every
	 * directory rule, since pip, uv and conda put them under
	 * .../lib/python3.X/site-packages/modular/lib/ */
	R(RUNTIME, "*libKGENCompilerRTShared.so*", NULL, NULL, "Mojo runtime library"),
	R(RUNTIME, "*libAsyncRTRuntimeGlobals.so*", NULL, NULL, "MAX async runtime"),
	R(RUNTIME, "*libAsyncRTMojoBindings.so*", NULL, NULL, "MAX async runtime"),
	R(RUNTIME, "*libMSupportGlobals.so*", NULL, NULL, "Modular support library"),
	R(RUNTIME, "*libmodular-framework-common.so*", NULL, NULL, "Modular framework"),
	R(RUNTIME, "*libmof.so*", NULL, NULL, "MAX engine"),
	R(RUNTIME, "*libmax.so*", NULL, NULL, "MAX engine"),
	R(RUNTIME, "*libDeviceDriver.so*", NULL, NULL, "MAX device driver"),
	R(RUNTIME, "*libServeRTCAPI.so*", NULL, NULL, "MAX serve runtime"),
	R(RUNTIME, "*libMGPRT.so*", NULL, NULL, "MAX GPU runtime"),
	R(RUNTIME, "*libATenRT.so*", NULL, NULL, "MAX ATen runtime"),
	R(RUNTIME, "*libLLCLRuntimeGlobals.so*", NULL, NULL, "Modular runtime"),
	R(RUNTIME, "*libLLVM*", NULL, NULL, "LLVM library"),
	R(RUNTIME, "mojo", NULL, NULL, "Mojo driver"),
	R(RUNTIME, "modular", NULL, NULL, "Modular driver"),
	R(KERNEL, "*libNVPTX.so*", NULL, NULL, "GPU kernel library"),
	/* 4. Modular's namespaces: runtime, compiler, Mojo std, kernels */
	R(RUNTIME, NULL, "M::*", NULL, "Modular C++ runtime"),
	R(RUNTIME, NULL, "mlir::*", NULL, "MLIR compiler"),
	R(RUNTIME, NULL, "llvm::*", NULL, "LLVM"),
	R(RUNTIME, NULL, "KGEN_CompilerRT_*", NULL, "Mojo runtime entry point"),
	R(RUNTIME, NULL, "AsyncRT_*", NULL, "MAX async runtime entry point"),
	R(RUNTIME, NULL, "std::*", "*.mojo", "Mojo standard library"),
	R(RUNTIME, NULL, "std::builtin::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "std::collections::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "std::memory::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "std::sys::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "std::os::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "std::algorithm::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "std::math::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "std::utils::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "std::python::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "std::testing::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "std::runtime::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "std::gpu::host::*", NULL, "Mojo GPU host runtime"),
	R(RUNTIME, NULL, "stdlib::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "$stdlib::*", NULL, "Mojo standard library"),
	R(RUNTIME, NULL, "max::*", NULL, "MAX Mojo library"),
	R(KERNEL, NULL, "nn::*", NULL, "MAX kernel package"),
	R(KERNEL, NULL, "linalg::*", NULL, "MAX kernel package"),
	R(KERNEL, NULL, "layout::*", NULL, "MAX kernel package"),
	R(KERNEL, NULL, "kv_cache::*", NULL, "MAX kernel package"),
	R(KERNEL, NULL, "quantization::*", NULL, "MAX kernel package"),
	R(KERNEL, NULL, "gpu::*", NULL, "Mojo GPU device code"),
	R(KERNEL, NULL, "mogg*", NULL, "MAX graph kernel"),
	/* 5. system libraries by basename */
	R(SYSTEM, "*libc.so*", NULL, NULL, "C library"),
	R(SYSTEM, "*libc-*.so", NULL, NULL, "C library"),
	R(SYSTEM, "*libpthread*", NULL, NULL, "C library"),
	R(SYSTEM, "*libm.so*", NULL, NULL, "C library"),
	R(SYSTEM, "*libdl.so*", NULL, NULL, "C library"),
	R(SYSTEM, "*librt.so*", NULL, NULL, "C library"),
	R(SYSTEM, "*ld-linux*", NULL, NULL, "dynamic loader"),
	R(SYSTEM, "vgpreload_*", NULL, NULL, "valgrind's replacement of C library functions"),
	R(SYSTEM, "*libstdc++*", NULL, NULL, "C++ runtime"),
	R(SYSTEM, "*libc++*", NULL, NULL, "C++ runtime"),
	R(SYSTEM, "*libgcc_s*", NULL, NULL, "C++ runtime"),
	R(SYSTEM, "*libpython*", NULL, NULL, "Python interpreter"),
	R(SYSTEM, "python3*", NULL, NULL, "Python interpreter"),
	R(SYSTEM, "*libcuda*", NULL, NULL, "CUDA driver"),
	R(SYSTEM, "*libnvidia*", NULL, NULL, "NVIDIA driver"),
	R(SYSTEM, "*libcudart*", NULL, NULL, "CUDA runtime"),
	R(SYSTEM, "*libsystem_*", NULL, NULL, "macOS system library"),
	R(SYSTEM, "*dyld", NULL, NULL, "macOS dynamic loader"),
	R(SYSTEM, "*libdyld*", NULL, NULL, "macOS dynamic loader"),
	/* 6. directory rules: module paths, then source files (the user's
	 * code last) */
	R(SYSTEM, "*/python3*", NULL, NULL, "Python interpreter"),
	R(SYSTEM, NULL, NULL, "*/glibc*/*", "C library source"),
	R(SYSTEM, NULL, NULL, "*/csu/*", "C library source"),
	R(SYSTEM, NULL, NULL, "*/nptl/*", "C library source"),
	R(SYSTEM, NULL, NULL, "*/stdlib/abort.c", "C library source"),
	R(SYSTEM, NULL, NULL, "*/assert/assert.c", "C library source"),
	R(SYSTEM, NULL, NULL, "*/signal/*", "C library source"),
	R(SYSTEM, NULL, NULL, "*/sysdeps/*", "C library source"),
	R(SYSTEM, NULL, NULL, "./intl/*", "C library source"),
	R(SYSTEM, NULL, NULL, "./assert/*", "C library source"),
	R(SYSTEM, NULL, NULL, "./stdlib/*", "C library source"),
	R(SYSTEM, NULL, NULL, "./string/*", "C library source"),
	R(SYSTEM, NULL, NULL, "./libio/*", "C library source"),
	R(SYSTEM, NULL, NULL, "./malloc/*", "C library source"),
	R(SYSTEM, NULL, NULL, "./posix/*", "C library source"),
	R(SYSTEM, NULL, NULL, "./elf/*", "C library source"),
	R(SYSTEM, NULL, NULL, "./misc/*", "C library source"),
	R(SYSTEM, NULL, NULL, "*/include/c++/*", "C++ standard library header"),
	R(SYSTEM, NULL, NULL, "/usr/include/*", "system header"),
	R(SYSTEM, NULL, NULL, "*/site-packages/torch/*", "third-party Python"),
	R(RUNTIME, NULL, NULL, "*/llvm-project/*", "LLVM/MLIR source"),
	R(RUNTIME, NULL, NULL, "*/mlir/include/mlir/*", "MLIR source"),
	R(RUNTIME, NULL, NULL, "*/mlir/lib/*", "MLIR source"),
	R(RUNTIME, NULL, NULL, "*/llvm/include/llvm/*", "LLVM source"),
	R(RUNTIME, NULL, NULL, "*/llvm/lib/*", "LLVM source"),
	R(RUNTIME, NULL, NULL, "*/stdlib/std/*", "Mojo standard library"),
	R(RUNTIME, NULL, NULL, "*/stdlib/stdlib/*", "Mojo standard library"),
	R(RUNTIME, NULL, NULL, "*/site-packages/max/*", "MAX Python package"),
	R(KERNEL, NULL, NULL, "*/max/kernels/*", "MAX kernel source"),
	R(SYSTEM, NULL, NULL, "*/site-packages/*", "third-party Python"),
	R(SYSTEM, NULL, NULL, "*/dist-packages/*", "third-party Python"),
	R(SYSTEM, NULL, NULL, "*/lib/python3*", "Python standard library"),
	R(SYSTEM, NULL, NULL, "<frozen *", "Python standard library"),
	R(MODEL, NULL, NULL, "*.py", "Python code outside site-packages"),
	R(MODEL, NULL, NULL, "*.mojo", "Mojo code outside std/max"),
	R(MODEL, NULL, NULL, "*.🔥", "Mojo code outside std/max"),
};

#undef R
// clang-format on

mt_rules *mt_rules_new(void)
{
	return mt_calloc(1, sizeof(mt_rules));
}

void mt_rules_free(mt_rules *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->nuser; i++) {
		free((char *)r->user[i].module);
		free((char *)r->user[i].function);
		free((char *)r->user[i].file);
		free((char *)r->user[i].why);
	}
	free(r->user);
	free(r);
}

size_t mt_rules_count(const mt_rules *r)
{
	return r->nuser + MT_ARRAY_SIZE(builtin);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/*
 * fnmatch(3) with flags 0, taking the shortcuts that almost every rule
 * allows: a pattern whose only metacharacters are a leading and/or a
 * trailing '*' is an exact, prefix, suffix or substring test. Every frame
 * is checked against every rule, so this is on the hot path.
 */
static int glob(const char *pat, const char *s)
{
	size_t n = strlen(pat), cn, sl;
	int lead = pat[0] == '*', trail = n > 1 && pat[n - 1] == '*';
	const char *core = pat + lead, *c;

	cn = n - (size_t)lead - (size_t)trail;
	for (c = core; c < core + cn; c++)
		if (*c == '*' || *c == '?' || *c == '[' || *c == '\\')
			return !fnmatch(pat, s, 0);
	if (!lead && !trail)
		return !strcmp(pat, s);
	if (!lead)
		return !strncmp(s, core, cn);
	sl = strlen(s);
	if (!trail)
		return sl >= cn && !memcmp(s + sl - cn, core, cn);
	return memmem(s, sl, core, cn) != NULL;
}

enum match_mode {
	MATCH_NAME, /* the whole value (functions) */
	MATCH_FILE, /* the whole path, or its last component */
	MATCH_MODULE /* the last component, or the path when the pattern
	                holds a '/' */
};

/* A file pattern without '/' also matches a path's last component, so a
 * user can write "model.py" for "/src/model.py". A module pattern without
 * '/' matches only the last component: a directory on the way
 * (".../lib/python3.12/site-packages/modular/lib/") says nothing about
 * which library a module is. */
static int
glob_match(const char *pattern, const char *value, enum match_mode mode)
{
	int slash;

	if (!pattern)
		return 1;
	if (!value)
		return 0;
	slash = strchr(pattern, '/') != NULL;
	if (mode == MATCH_MODULE && !slash)
		return glob(pattern, base_name(value));
	if (glob(pattern, value))
		return 1;
	return mode == MATCH_FILE && !slash && glob(pattern, base_name(value));
}

static int rule_matches(const rule *ru,
                        const char *module,
                        const char *function,
                        const char *file)
{
	return glob_match(ru->module, module, MATCH_MODULE) &&
	       glob_match(ru->function, function, MATCH_NAME) &&
	       glob_match(ru->file, file, MATCH_FILE);
}

int mt_rules_match_user(const mt_rules *r,
                        const char *module,
                        const char *function,
                        const char *file,
                        const char **why)
{
	size_t i;

	for (i = 0; r && i < r->nuser; i++)
		if (rule_matches(&r->user[i], module, function, file)) {
			if (why)
				*why = r->user[i].why;
			return (int)r->user[i].category;
		}
	return -1;
}

mt_category mt_rules_match(const mt_rules *r,
                           const char *module,
                           const char *function,
                           const char *file,
                           const char **why)
{
	size_t i;
	int c = mt_rules_match_user(r, module, function, file, why);

	if (c >= 0)
		return (mt_category)c;
	for (i = 0; i < MT_ARRAY_SIZE(builtin); i++)
		if (rule_matches(&builtin[i], module, function, file)) {
			if (why)
				*why = builtin[i].why;
			return builtin[i].category;
		}
	if (why)
		*why = "no rule matched";
	return MT_CAT_UNKNOWN;
}

static int get_glob(const char **out,
                    json_t *obj,
                    const char *key,
                    const char *origin,
                    size_t i,
                    mt_error *err)
{
	json_t *v = json_object_get(obj, key);

	*out = NULL;
	if (!v)
		return 0;
	if (!json_is_string(v) || !*json_string_value(v))
		return mt_error_set(
		        err, MT_EFORMAT,
		        "rules '%s': rule %zu: \"%s\" must be a non-empty string",
		        origin, i + 1, key);
	*out = json_string_value(v);
	return 0;
}

static int
load_json(mt_rules *r, json_t *root, const char *origin, mt_error *err)
{
	json_t *list, *item;
	size_t i, start = r->nuser;
	int rc = 0;

	list = json_is_object(root) ? json_object_get(root, "rules") : NULL;
	if (!json_is_array(list))
		return mt_error_set(err, MT_EFORMAT,
		                    "rules '%s': expected {\"rules\": [...]}",
		                    origin);
	json_array_foreach(list, i, item)
	{
		const char *cat, *mod, *fn, *fl;
		const char *key;
		json_t *val;
		int c;
		rule ru;
		char why[256];

		if (!json_is_object(item)) {
			rc = mt_error_set(
			        err, MT_EFORMAT,
			        "rules '%s': rule %zu is not an object", origin,
			        i + 1);
			goto fail;
		}
		json_object_foreach(item, key, val)
		{
			if (strcmp(key, "category") && strcmp(key, "module") &&
			    strcmp(key, "function") && strcmp(key, "file") &&
			    strcmp(key, "comment")) {
				rc = mt_error_set(
				        err, MT_EFORMAT,
				        "rules '%s': rule %zu: unknown field \"%s\"",
				        origin, i + 1, key);
				goto fail;
			}
		}
		cat = json_string_value(json_object_get(item, "category"));
		c = cat ? mt_category_parse(cat) : -1;
		if (c < 0) {
			rc = mt_error_set(
			        err, MT_EFORMAT,
			        "rules '%s': rule %zu: \"category\" must be one of handler, system, runtime, kernel, model, unknown",
			        origin, i + 1);
			goto fail;
		}
		if ((rc = get_glob(&mod, item, "module", origin, i, err)) ||
		    (rc = get_glob(&fn, item, "function", origin, i, err)) ||
		    (rc = get_glob(&fl, item, "file", origin, i, err)))
			goto fail;
		if (!mod && !fn && !fl) {
			rc = mt_error_set(
			        err, MT_EFORMAT,
			        "rules '%s': rule %zu matches nothing: give module, function or file",
			        origin, i + 1);
			goto fail;
		}
		snprintf(why, sizeof(why), "user rule %zu in %s", i + 1,
		         origin);
		ru.category = (mt_category)c;
		ru.module = mt_strdup(mod);
		ru.function = mt_strdup(fn);
		ru.file = mt_strdup(fl);
		ru.why = mt_strdup(why);
		ru.owned = 1;
		MT_PUSH(r->user, r->nuser, r->capuser, ru);
	}
	return 0;
fail:
	/* all or nothing: drop what this file added */
	while (r->nuser > start) {
		rule *u = &r->user[--r->nuser];

		free((char *)u->module);
		free((char *)u->function);
		free((char *)u->file);
		free((char *)u->why);
	}
	return rc;
}

int mt_rules_load_string(mt_rules *r,
                         const char *json,
                         const char *origin,
                         mt_error *err)
{
	json_error_t jerr;
	json_t *root = json_loads(json, 0, &jerr);
	int rc;

	if (!root)
		return mt_error_set(err, MT_EFORMAT, "rules '%s': line %d: %s",
		                    origin, jerr.line, jerr.text);
	rc = load_json(r, root, origin, err);
	json_decref(root);
	return rc;
}

int mt_rules_load_file(mt_rules *r, const char *path, mt_error *err)
{
	json_error_t jerr;
	json_t *root;
	int rc;
	FILE *f = fopen(path, "rb");

	if (!f)
		return mt_error_set(err, MT_EIO, "cannot read rules '%s': %s",
		                    path, strerror(errno));
	root = json_loadf(f, 0, &jerr);
	fclose(f);
	if (!root)
		return mt_error_set(err, MT_EFORMAT, "rules '%s': line %d: %s",
		                    path, jerr.line, jerr.text);
	rc = load_json(r, root, path, err);
	json_decref(root);
	return rc;
}
