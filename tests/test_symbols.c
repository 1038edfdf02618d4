/* test_symbols.c - debug-file lookup, module search, hostile ELF input,
 * demangling and instruction classification of lib/symbols. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "maxtriage/buf.h"
#include "maxtriage/symbols.h"
#include "symbols/symbols_int.h"

static char tmpdir[64];

static int make_tmp(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/mt-test-symbols-XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmp(void **state)
{
	char cmd[PATH_MAX + 16];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static char *tpath(const char *rel)
{
	static char buf[4][PATH_MAX];
	static int k;
	char *p = buf[k++ % 4];

	snprintf(p, PATH_MAX, "%s/%s", tmpdir, rel);
	return p;
}

static void write_file(const char *path, const void *data, size_t n)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, n, f), n);
	fclose(f);
}

static void mkdirs(const char *path)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "mkdir -p '%s'", path);
	assert_int_equal(system(cmd), 0);
}

static void debuglink_crc(void **state)
{
	uint32_t crc = 0;

	(void)state;
	/* The CRC-32 check value every implementation publishes. */
	assert_true(mt_sym_crc32(0, "123456789", 9) == 0xcbf43926u);
	/* Incremental use gives the same answer. */
	assert_true(mt_sym_crc32(mt_sym_crc32(0, "1234", 4), "56789", 5) ==
	            0xcbf43926u);
	write_file(tpath("crc.bin"), "123456789", 9);
	assert_int_equal(mt_sym_crc32_file(&crc, tpath("crc.bin")), 0);
	assert_true(crc == 0xcbf43926u);
	assert_int_equal(mt_sym_crc32_file(&crc, tpath("nope")), MT_EIO);
}

static void build_id_path(void **state)
{
	char *p;

	(void)state;
	p = mt_sym_build_id_path("/dbg", "ABcdef0123");
	assert_string_equal(p, "/dbg/.build-id/ab/cdef0123.debug");
	free(p);
	/* Only hex gets through: a build-id comes from the input. */
	assert_null(mt_sym_build_id_path("/dbg", "../../etc/passwd"));
	assert_null(mt_sym_build_id_path("/dbg", "abc"));
	assert_null(mt_sym_build_id_path("/dbg", ""));
	assert_null(mt_sym_build_id_path("/dbg", NULL));
}

static void binary_dir_matching(void **state)
{
	char *p;

	(void)state;
	mkdirs(tpath("bins/lib"));
	mkdirs(tpath("bins/other/deep"));
	mkdirs(tpath("bins/bin"));
	write_file(tpath("bins/lib/libx.so"), "x", 1);
	write_file(tpath("bins/other/deep/liby.so"), "y", 1);
	write_file(tpath("bins/max_runner"), "r", 1);

	/* "bin/../lib" as printed by a dump: ".." is lexical. */
	p = mt_sym_find_in_dir(tpath("bins"), "/opt/m/bin/../lib/libx.so", 0);
	assert_non_null(p);
	assert_string_equal(p, tpath("bins/lib/libx.so"));
	free(p);
	p = mt_sym_find_in_dir(tpath("bins"), "./max_runner", 0);
	assert_non_null(p);
	assert_string_equal(p, tpath("bins/max_runner"));
	free(p);
	/* Longest suffix wins over a basename elsewhere. */
	p = mt_sym_find_in_dir(tpath("bins"), "/usr/local/lib/libx.so", 1);
	assert_non_null(p);
	assert_string_equal(p, tpath("bins/lib/libx.so"));
	free(p);
	/* Basename, searched recursively. */
	p = mt_sym_find_in_dir(tpath("bins"), "/somewhere/else/liby.so", 1);
	assert_non_null(p);
	assert_string_equal(p, tpath("bins/other/deep/liby.so"));
	free(p);
	assert_null(mt_sym_find_in_dir(tpath("bins"), "libz.so", 0));
	assert_null(mt_sym_find_in_dir(tpath("bins"), "", 0));
}

static void untrusted_refuses_escapes(void **state)
{
	mt_symbolizer *s = NULL;
	mt_symbolizer_opts o = { 0 };
	const char *dirs[1];
	mt_module *m = NULL;
	mt_error err;
	char *p;

	(void)state;
	mkdirs(tpath("jail/sub"));
	mkdirs(tpath("outside"));
	write_file(tpath("outside/secret.so"), "s", 1);
	assert_int_equal(
	        symlink(tpath("outside/secret.so"), tpath("jail/sub/link.so")),
	        0);

	assert_null(
	        mt_sym_find_in_dir(tpath("jail"), "../outside/secret.so", 1));
	assert_null(mt_sym_find_in_dir(tpath("jail"),
	                               "sub/../../outside/secret.so", 1));
	/* A symlink leading out of the directory is not followed... */
	assert_null(mt_sym_find_in_dir(tpath("jail"), "sub/link.so", 1));
	assert_null(mt_sym_find_in_dir(tpath("jail"), "link.so", 1));
	/* ...unless the input is trusted. */
	p = mt_sym_find_in_dir(tpath("jail"), "sub/link.so", 0);
	assert_non_null(p);
	free(p);

	/* Through the public API: the literal path is never opened. */
	dirs[0] = tpath("jail");
	o.binary_dirs = dirs;
	o.n_binary_dirs = 1;
	o.untrusted = 1;
	o.no_system_debug = 1;
	assert_int_equal(mt_symbolizer_new(&s, &o, &err), 0);
	assert_int_equal(mt_symbolizer_module(&m, s, tpath("outside/secret.so"),
	                                      NULL, &err),
	                 MT_ENOTFOUND);
	assert_null(m);
	assert_non_null(strstr(err.msg, "not found"));
	mt_symbolizer_free(s);
}

/* Copy the test binary itself (built with -g) to dst. */
static size_t copy_self(const char *dst)
{
	mt_buf b = MT_BUF_INIT;
	size_t n;

	assert_int_equal(mt_buf_read_file(&b, "/proc/self/exe"), 0);
	write_file(dst, b.ptr, b.len);
	n = b.len;
	mt_buf_release(&b);
	return n;
}

static uint64_t
self_symbol(mt_symbolizer *s, const char *path, const char *name)
{
	mt_module *m;
	uint64_t v = 0;
	mt_error err;

	assert_int_equal(mt_symbolizer_open(&m, s, path, &err), 0);
	assert_int_equal(mt_module_symbol_value(&v, m, name), 0);
	return v;
}

static void corrupt_elf_gives_reason(void **state)
{
	mt_symbolizer *s = NULL;
	mt_symbolizer_opts o = { 0 };
	mt_module *m = NULL;
	mt_srcloc loc[16];
	const char *reason = NULL;
	mt_error err;
	size_t size, cut;
	uint64_t addr;
	Elf *elf;
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	int fd, n;

	(void)state;
	o.no_system_debug = 1;
	assert_int_equal(mt_symbolizer_new(&s, &o, &err), 0);
	size = copy_self(tpath("good"));
	addr = self_symbol(s, tpath("good"), "corrupt_elf_gives_reason");
	assert_int_equal(mt_symbolizer_open(&m, s, tpath("good"), &err), 0);
	assert_int_equal(mt_module_has_debug(m, &reason), 1);
	n = mt_module_lookup(m, addr, loc, 16);
	assert_true(n >= 1);
	assert_string_equal(loc[n - 1].function, "corrupt_elf_gives_reason");
	assert_non_null(strstr(loc[0].file, "test_symbols.c"));

	/* Truncated at several points: an error or a degraded module,
	 * never a crash. */
	for (cut = 16; cut < size; cut = cut * 3 + 7) {
		char name[32];
		mt_buf b = MT_BUF_INIT;

		assert_int_equal(mt_buf_read_file(&b, tpath("good")), 0);
		snprintf(name, sizeof(name), "trunc%zu", cut);
		write_file(tpath(name), b.ptr, cut);
		mt_buf_release(&b);
		if (mt_symbolizer_open(&m, s, tpath(name), &err) == 0) {
			(void)mt_module_has_debug(m, &reason);
			(void)mt_module_lookup(m, addr, loc, 16);
			(void)mt_module_lookup(m, addr + 1, loc, 16);
		} else {
			assert_true(err.msg[0] != '\0');
		}
	}

	/* .debug_info overwritten with garbage: no DWARF, a reason, and the
	 * symbol table still names the function. */
	copy_self(tpath("bad"));
	fd = open(tpath("bad"), O_RDWR);
	assert_true(fd >= 0);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	assert_non_null(elf);
	assert_int_equal(elf_getshdrstrndx(elf, &shstrndx), 0);
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *nm;

		gelf_getshdr(scn, &sh);
		nm = elf_strptr(elf, shstrndx, sh.sh_name);
		if (nm && !strcmp(nm, ".debug_info")) {
			char *junk = malloc(sh.sh_size);

			memset(junk, 0xff, sh.sh_size);
			assert_int_equal(pwrite(fd, junk, sh.sh_size,
			                        (off_t)sh.sh_offset),
			                 (ssize_t)sh.sh_size);
			free(junk);
		}
	}
	elf_end(elf);
	close(fd);
	assert_int_equal(mt_symbolizer_open(&m, s, tpath("bad"), &err), 0);
	assert_int_equal(mt_module_has_debug(m, &reason), 0);
	assert_non_null(reason);
	assert_non_null(strstr(reason, "corrupt debug info"));
	n = mt_module_lookup(m, addr, loc, 16);
	assert_int_equal(n, 1);
	assert_string_equal(loc[0].function, "corrupt_elf_gives_reason");
	/* A static function: its file is the STT_FILE before it (what
	 * llvm-symbolizer prints without DWARF), with no line. */
	assert_non_null(loc[0].file);
	assert_non_null(strstr(loc[0].file, "test_symbols.c"));
	assert_int_equal(loc[0].line, 0);

	/* Not an ELF at all. */
	write_file(tpath("text"), "hello", 5);
	assert_int_equal(mt_symbolizer_open(&m, s, tpath("text"), &err),
	                 MT_EFORMAT);
	assert_non_null(strstr(err.msg, "not an ELF"));
	mt_symbolizer_free(s);
}

/* A sanitizer printed "(BuildId: ...)" for a module that is not on this
 * machine: the debug file found by build-id answers alone. */
static void missing_module_by_build_id(void **state)
{
	mt_symbolizer *s = NULL;
	mt_symbolizer_opts o = { 0 };
	const char *dirs[1];
	mt_module *m = NULL, *self = NULL;
	mt_srcloc loc[16];
	mt_error err;
	char *id, *p, *slash;
	uint64_t addr = 0;
	int n;

	(void)state;
	copy_self(tpath("selfcopy"));
	o.no_system_debug = 1;
	assert_int_equal(mt_symbolizer_new(&s, &o, &err), 0);
	assert_int_equal(mt_symbolizer_open(&self, s, tpath("selfcopy"), &err),
	                 0);
	if (!mt_module_build_id(self)) {
		mt_symbolizer_free(s);
		skip(); /* linked without --build-id */
	}
	id = strdup(mt_module_build_id(self));
	assert_int_equal(mt_module_symbol_value(&addr, self,
	                                        "missing_module_by_build_id"),
	                 0);
	mt_symbolizer_free(s);

	p = mt_sym_build_id_path(tpath("dbg"), id);
	assert_non_null(p);
	slash = strrchr(p, '/');
	*slash = '\0';
	mkdirs(p);
	*slash = '/';
	copy_self(p);
	free(p);

	dirs[0] = tpath("dbg");
	o.debug_dirs = dirs;
	o.n_debug_dirs = 1;
	assert_int_equal(mt_symbolizer_new(&s, &o, &err), 0);
	/* Without the build-id the module is simply missing... */
	assert_int_equal(
	        mt_symbolizer_module(&m, s, "/gone/test_symbols", NULL, &err),
	        MT_ENOTFOUND);
	/* ...with it (any case), the debug file stands in. */
	for (p = id; *p; p++)
		if (*p >= 'a' && *p <= 'f')
			*p = (char)(*p - 'a' + 'A');
	assert_int_equal(
	        mt_symbolizer_module(&m, s, "/gone/test_symbols", id, &err), 0);
	assert_int_equal(mt_module_has_debug(m, NULL), 1);
	n = mt_module_lookup(m, addr, loc, 16);
	assert_true(n >= 1);
	assert_string_equal(loc[n - 1].function, "missing_module_by_build_id");
	assert_non_null(strstr(loc[0].file, "test_symbols.c"));
	free(id);
	mt_symbolizer_free(s);
}

static void demangle_like_llvm(void **state)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "_ZN4llvm3sys15PrintStackTraceERNS_11raw_ostreamEi",
		  "llvm::sys::PrintStackTrace(llvm::raw_ostream&, int)" },
		{ "_Z3foov.cold", "foo() (.cold)" },
		{ "_Z3barii.constprop.0", "bar(int, int) (.constprop.0)" },
		{ "_Z1fSt6vectorIS_IiSaIiEESaIS1_EE",
		  "f(std::vector<std::vector<int, std::allocator<int>>, "
		  "std::allocator<std::vector<int, std::allocator<int>>>>)" },
		{ "_ZZ4mainENKUliE_clEi",
		  "main::'lambda'(int)::operator()(int) const" },
		/* GNU prints "operator<< <char>" and "decltype (": */
		{ "_ZStlsISt11char_traitsIcEERSt13basic_ostreamIcT_ES5_PKc",
		  "std::basic_ostream<char, std::char_traits<char>>& "
		  "std::operator<<<std::char_traits<char>>(std::basic_ostream"
		  "<char, std::char_traits<char>>&, char const*)" },
		{ "_ZNSolsEDn", "std::ostream::operator<<(std::nullptr_t)" },
		/* LLVM gives up on GCC's "srSt" and on transaction clones. */
		{ "_ZGTtNKSt9exception4whatEv", NULL },
	};
	size_t i;
	char *d;
	sym_demangler dm;

	(void)state;
	sym_demangler_init(&dm, 0);
	for (i = 0; i < MT_ARRAY_SIZE(cases); i++) {
		d = sym_demangle(&dm, cases[i].in);
		if (!cases[i].out) {
			assert_null(d);
			continue;
		}
		assert_non_null(d);
		assert_string_equal(d, cases[i].out);
		free(d);
	}
	/* Mojo and C names are not mangled: kept whole. */
	assert_null(sym_demangle(&dm,
	                         "std::builtin::error::StackTrace::"
	                         "collect_if_enabled(::SIMD[DType.int, 1])"));
	assert_null(sym_demangle(&dm, "main"));
}

/* Without libLLVM (mt_symbolizer_opts.no_libllvm, MAXTRIAGE_NO_LIBLLVM in
 * the command) the GNU demangler (libiberty's) answers and libLLVM is
 * never used; addr2line -C's names are libiberty's, spelled as binutils spells
 * them. */
static void demangle_without_libllvm(void **state)
{
	sym_demangler dm;
	char *d;

	(void)state;
	sym_demangler_init(&dm, 1);
	d = sym_demangle(&dm, "_ZN4llvm3sys15PrintStackTraceERNS_11raw_"
	                      "ostreamEi");
	assert_non_null(d);
	assert_string_equal(d, "llvm::sys::PrintStackTrace(llvm::raw_ostream&, "
	                       "int)");
	free(d);
	assert_int_equal(dm.llvm_used, 0);
	assert_null(sym_demangle(&dm, "main"));

	d = sym_demangle_gnu("_ZStlsISt11char_traitsIcEERSt13basic_ostreamIcT_"
	                     "ES5_PKc");
	assert_non_null(d);
	assert_string_equal(d,
	                    "std::basic_ostream<char, std::char_traits<char> "
	                    ">& std::operator<< <std::char_traits<char> >"
	                    "(std::basic_ostream<char, std::char_traits"
	                    "<char> >&, char const*)");
	free(d);
	assert_null(sym_demangle_gnu("main"));
}

/* A minimal ELF with one executable section holding code at addr, and a
 * symbol table naming two functions. */
static void write_code_elf(const char *path,
                           unsigned machine,
                           const unsigned char *code,
                           size_t n,
                           uint64_t addr)
{
	static char shstr[] = "\0.text\0.shstrtab\0.symtab\0.strtab";
	static char str[] =
	        "\0_ZN4llvm3sys15PrintStackTraceERNS_11raw_ostreamEi"
	        "\0std::builtin::foo(::SIMD[DType.int, 1])";
	Elf64_Sym syms[3];
	Elf *e;
	Elf64_Ehdr *eh;
	Elf_Scn *text, *sh_str, *symtab, *strtab;
	Elf_Data *d;
	Elf64_Shdr *sh;
	int fd;

	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	e = elf_begin(fd, ELF_C_WRITE, NULL);
	assert_non_null(e);
	eh = elf64_newehdr(e);
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_machine = (Elf64_Half)machine;
	eh->e_type = ET_DYN;
	eh->e_version = EV_CURRENT;

	text = elf_newscn(e);
	d = elf_newdata(text);
	d->d_buf = (void *)code;
	d->d_size = n;
	d->d_align = 16;
	d->d_type = ELF_T_BYTE;
	sh = elf64_getshdr(text);
	sh->sh_name = 1;
	sh->sh_type = SHT_PROGBITS;
	sh->sh_flags = SHF_ALLOC | SHF_EXECINSTR;
	sh->sh_addr = addr;

	memset(syms, 0, sizeof(syms));
	syms[1].st_name = 1;
	syms[1].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
	syms[1].st_shndx = 1;
	syms[1].st_value = addr;
	syms[1].st_size = 4;
	syms[2].st_name = 51;
	syms[2].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
	syms[2].st_shndx = 1;
	syms[2].st_value = addr + 4;
	syms[2].st_size = 0;

	sh_str = elf_newscn(e);
	d = elf_newdata(sh_str);
	d->d_buf = shstr;
	d->d_size = sizeof(shstr);
	d->d_align = 1;
	d->d_type = ELF_T_BYTE;
	sh = elf64_getshdr(sh_str);
	sh->sh_name = 7;
	sh->sh_type = SHT_STRTAB;

	symtab = elf_newscn(e);
	strtab = elf_newscn(e);
	d = elf_newdata(symtab);
	d->d_buf = syms;
	d->d_size = sizeof(syms);
	d->d_align = 8;
	d->d_type = ELF_T_SYM;
	sh = elf64_getshdr(symtab);
	sh->sh_name = 17;
	sh->sh_type = SHT_SYMTAB;
	sh->sh_entsize = sizeof(Elf64_Sym);
	sh->sh_link = (Elf64_Word)elf_ndxscn(strtab);
	sh->sh_info = 1;

	d = elf_newdata(strtab);
	d->d_buf = str;
	d->d_size = sizeof(str);
	d->d_align = 1;
	d->d_type = ELF_T_BYTE;
	sh = elf64_getshdr(strtab);
	sh->sh_name = 25;
	sh->sh_type = SHT_STRTAB;

	eh->e_shstrndx = (Elf64_Half)elf_ndxscn(sh_str);
	assert_true(elf_update(e, ELF_C_WRITE) > 0);
	elf_end(e);
	close(fd);
}

static void disasm_x86(void **state)
{
	static const unsigned char code[] = {
		0x0f, 0x0b, /* 0x1000 ud2 */
		0xcc, /* 0x1002 int3 */
		0x48, 0xf7, 0xf1, /* 0x1003 div rcx */
		0x8b, 0x47, 0x08, /* 0x1006 mov eax, [rdi+8] */
		0xe8, 0x00, 0x00, 0x00, 0x00, /* 0x1009 call rel32 */
		0x48, 0x8d, 0x47, 0x08, /* 0x100e lea rax, [rdi+8] */
		0xff, 0xd0, /* 0x1012 call rax */
		0xf4, /* 0x1014 hlt */
		0x48, 0xf7, 0xf9, /* 0x1015 idiv rcx */
		0xc3 /* 0x1018 ret */
	};
	mt_symbolizer *s = NULL;
	mt_symbolizer_opts o = { 0 };
	mt_module *m = NULL;
	mt_insn in;
	mt_error err;
	mt_srcloc loc[4];
	uint64_t v = 0;

	(void)state;
	o.no_system_debug = 1;
	write_code_elf(tpath("x86.so"), EM_X86_64, code, sizeof(code), 0x1000);
	assert_int_equal(mt_symbolizer_new(&s, &o, &err), 0);
	assert_int_equal(mt_symbolizer_open(&m, s, tpath("x86.so"), &err), 0);
	assert_int_equal(mt_module_has_debug(m, NULL), 0);

	assert_int_equal(mt_module_disasm(m, 0x1000, &in), 0);
	assert_int_equal(in.kind, MT_INSN_TRAP);
	assert_string_equal(in.text, "ud2");
	assert_int_equal(in.size, 2);
	assert_int_equal(mt_module_disasm(m, 0x1002, &in), 0);
	assert_int_equal(in.kind, MT_INSN_TRAP);
	assert_int_equal(mt_module_disasm(m, 0x1003, &in), 0);
	assert_int_equal(in.kind, MT_INSN_DIVIDE);
	assert_int_equal(mt_module_disasm(m, 0x1006, &in), 0);
	assert_int_equal(in.kind, MT_INSN_MEMORY);
	assert_int_equal(in.disp, 8);
	assert_string_equal(in.text, "mov eax, dword ptr [rdi + 8]");
	assert_int_equal(mt_module_disasm(m, 0x1009, &in), 0);
	assert_int_equal(in.kind, MT_INSN_CALL);
	assert_int_equal(mt_module_disasm(m, 0x100e, &in), 0);
	assert_int_equal(in.kind, MT_INSN_OTHER); /* lea reads nothing */
	assert_int_equal(mt_module_disasm(m, 0x1014, &in), 0);
	assert_int_equal(in.kind, MT_INSN_TRAP);
	assert_int_equal(mt_module_disasm(m, 0x1015, &in), 0);
	assert_int_equal(in.kind, MT_INSN_DIVIDE);
	assert_int_equal(mt_module_disasm(m, 0x2000, &in), MT_ENOTFOUND);

	assert_int_equal(mt_module_is_after_call(m, 0x100e), 1); /* rel32 */
	assert_int_equal(mt_module_is_after_call(m, 0x1014), 1); /* rax */
	assert_int_equal(mt_module_is_after_call(m, 0x1009), 0);
	assert_true(mt_module_is_after_call(m, 0x5000) < 0);

	/* Symbol table: demangled and Mojo names, lookup fallback. */
	assert_int_equal(
	        mt_module_symbol_value(
	                &v, m,
	                "llvm::sys::PrintStackTrace(llvm::raw_ostream&, int)"),
	        0);
	assert_true(v == 0x1000);
	assert_int_equal(
	        mt_module_symbol_value(
	                &v, m,
	                "_ZN4llvm3sys15PrintStackTraceERNS_11raw_ostreamEi"),
	        0);
	assert_int_equal(
	        mt_module_symbol_value(
	                &v, m, "std::builtin::foo(::SIMD[DType.int, 1])"),
	        0);
	assert_true(v == 0x1004);
	assert_int_equal(mt_module_symbol_value(&v, m, "nope"), MT_ENOTFOUND);
	assert_int_equal(mt_module_lookup(m, 0x1002, loc, 4), 1);
	assert_string_equal(
	        loc[0].function,
	        "llvm::sys::PrintStackTrace(llvm::raw_ostream&, int)");
	assert_null(loc[0].file);
	/* Zero-sized symbol reaches to the end. */
	assert_int_equal(mt_module_lookup(m, 0x1010, loc, 4), 1);
	assert_string_equal(loc[0].function,
	                    "std::builtin::foo(::SIMD[DType.int, 1])");
	assert_int_equal(mt_module_lookup(m, 0x10, loc, 4), 0);
	mt_symbolizer_free(s);
}

static void disasm_aarch64(void **state)
{
	static const unsigned char code[] = {
		0x00, 0x00, 0x20, 0xd4, /* 0x0 brk #0 */
		0x20, 0x0c, 0xc2, 0x1a, /* 0x4 sdiv w0, w1, w2 */
		0x20, 0x04, 0x40, 0xf9, /* 0x8 ldr x0, [x1, #8] */
		0x00, 0x00, 0x00, 0x94, /* 0xc bl . */
		0xc0, 0x03, 0x5f, 0xd6 /* 0x10 ret */
	};
	mt_symbolizer *s = NULL;
	mt_symbolizer_opts o = { 0 };
	mt_module *m = NULL;
	mt_insn in;
	mt_error err;

	(void)state;
	o.no_system_debug = 1;
	write_code_elf(tpath("a64.so"), EM_AARCH64, code, sizeof(code), 0);
	assert_int_equal(mt_symbolizer_new(&s, &o, &err), 0);
	assert_int_equal(mt_symbolizer_open(&m, s, tpath("a64.so"), &err), 0);
	assert_int_equal(mt_module_disasm(m, 0x0, &in), 0);
	assert_int_equal(in.kind, MT_INSN_TRAP);
	assert_int_equal(mt_module_disasm(m, 0x4, &in), 0);
	assert_int_equal(in.kind, MT_INSN_DIVIDE);
	assert_int_equal(mt_module_disasm(m, 0x8, &in), 0);
	assert_int_equal(in.kind, MT_INSN_MEMORY);
	assert_int_equal(in.disp, 8);
	assert_int_equal(mt_module_disasm(m, 0xc, &in), 0);
	assert_int_equal(in.kind, MT_INSN_CALL);
	assert_int_equal(mt_module_is_after_call(m, 0x10), 1);
	assert_int_equal(mt_module_is_after_call(m, 0xc), 0);
	mt_symbolizer_free(s);
}

/* A DWARF 4 compile unit, built by hand (DWARF 4 section 7.5.1.1: unit
 * length, version 4, abbreviation offset 0, address size 8, then the CU
 * DIE) with one attribute of the given name and form DW_FORM_string. */
static size_t hand_cu(uint8_t *info,
                      uint8_t *abbrev,
                      size_t *abbrev_len,
                      unsigned die_code,
                      unsigned at_lo,
                      unsigned at_hi)
{
	static const uint8_t hdr[] = { 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 8 };
	size_t n = sizeof(hdr), k = 0;

	memcpy(info, hdr, n);
	info[n++] = (uint8_t)die_code;
	info[n++] = 'x';
	info[n++] = 0;
	info[0] = (uint8_t)(n - 4); /* unit length, little-endian */
	abbrev[k++] = 1; /* code 1 */
	abbrev[k++] = 0x11; /* DW_TAG_compile_unit */
	abbrev[k++] = 0; /* DW_CHILDREN_no */
	abbrev[k++] = (uint8_t)at_lo; /* attribute name, ULEB128 */
	if (at_hi)
		abbrev[k++] = (uint8_t)at_hi;
	abbrev[k++] = 0x08; /* DW_FORM_string */
	abbrev[k++] = 0;
	abbrev[k++] = 0;
	abbrev[k++] = 0; /* end of the table */
	*abbrev_len = k;
	return n;
}

static sym_rc walk_hand_cu(unsigned die_code,
                           unsigned at_lo,
                           unsigned at_hi,
                           sym_refusal *why)
{
	static uint8_t info[64], abbrev[32];
	mt_module *m = mt_calloc(1, sizeof(*m));
	sym_cu cu;
	sym_intervals iv = { NULL, 0, 0 };
	size_t abbrev_len;
	sym_rc rc;

	m->sec.info.data = info;
	m->sec.info.size =
	        hand_cu(info, abbrev, &abbrev_len, die_code, at_lo, at_hi);
	m->sec.abbrev.data = abbrev;
	m->sec.abbrev.size = abbrev_len;
	memset(&cu, 0, sizeof(cu));
	cu.off = 11; /* the DIE right after the 11-byte header */
	cu.version = 4;
	cu.cap_nodes = 4;
	cu.nodes = mt_malloc(cu.cap_nodes * sizeof(*cu.nodes));
	rc = sym_die_walk(m, &cu, &iv, why);
	assert_int_equal(cu.n_nodes, 0);
	free(cu.nodes);
	free(iv.v);
	free(m);
	return rc;
}

/* die_walk.c refuses what it does not know for certain and says where:
 * the text reaches mt_module_cu_refusal. */
static void refused_cu_says_where(void **state)
{
	sym_refusal why = { NULL, 0, NULL };
	mt_arena a = MT_ARENA_INIT;
	const char *text;
	char want[64];

	(void)state;
	/* DW_AT_name (0x03): nothing to refuse, no node (no children) */
	assert_int_equal(walk_hand_cu(1, 0x03, 0, &why), SYM_OK);
	assert_null(why.why);
	assert_null(sym_refusal_text(&a, &why));
	/* DW_AT_GNU_dwo_name (0x2130, ULEB128 b0 42): a split-DWARF
	 * skeleton, left to libdw */
	assert_int_equal(walk_hand_cu(1, 0xb0, 0x42, &why), SYM_REFUSED);
	assert_string_equal(why.why, "split-DWARF attributes");
	assert_non_null(strstr(why.file, "die_walk.c"));
	assert_true(why.line > 0);
	text = sym_refusal_text(&a, &why);
	snprintf(want, sizeof(want), "die_walk.c:%d: split-DWARF attributes",
	         why.line);
	assert_string_equal(text, want);
	/* the first refusal stays: a second one does not overwrite it */
	assert_int_equal(SYM_REFUSE(&why, "later"), SYM_REFUSED);
	assert_string_equal(why.why, "split-DWARF attributes");
	/* a DIE whose abbreviation code (2) the table does not define */
	memset(&why, 0, sizeof(why));
	assert_int_equal(walk_hand_cu(2, 0x03, 0, &why), SYM_REFUSED);
	assert_string_equal(why.why, "CU DIE abbreviation code undefined");
	mt_arena_release(&a);
}

/* A shared object whose only CU uses abbreviation code 65536, which
 * die_walk.c refuses (MAX_ABBREV_CODE) and libdw reads: a CU DIE with
 * low/high_pc around f and one subprogram child (DWARF 4, 7.5). */
static const char big_abbrev_s[] =
        "\t.text\n\t.globl f\n\t.type f, @function\nf:\n\tnop\n\tret\n"
        "\t.size f, .-f\n.Lend:\n"
        "\t.section .debug_abbrev,\"\",@progbits\n"
        "\t.uleb128 65536\n\t.uleb128 0x11\n\t.byte 1\n"
        "\t.uleb128 0x11\n\t.uleb128 0x01\n\t.uleb128 0x12\n\t.uleb128 0x01\n"
        "\t.byte 0, 0\n"
        "\t.uleb128 2\n\t.uleb128 0x2e\n\t.byte 0\n"
        "\t.uleb128 0x03\n\t.uleb128 0x08\n"
        "\t.uleb128 0x11\n\t.uleb128 0x01\n\t.uleb128 0x12\n\t.uleb128 0x01\n"
        "\t.byte 0, 0\n\t.byte 0\n"
        "\t.section .debug_info,\"\",@progbits\n"
        "\t.long .Linfo_end - .Linfo_start\n.Linfo_start:\n"
        "\t.short 4\n\t.long 0\n\t.byte 8\n"
        "\t.uleb128 65536\n\t.quad f\n\t.quad .Lend\n"
        "\t.uleb128 2\n\t.asciz \"f_dwarf\"\n\t.quad f\n\t.quad .Lend\n"
        "\t.byte 0\n.Linfo_end:\n";

/* Open big.so with the given walk, look f up, return its CU's node
 * count and refusal. */
static size_t lookup_big(mt_die_walk walk, uint64_t f, const char **why)
{
	mt_symbolizer *s = NULL;
	mt_symbolizer_opts o = { 0 };
	mt_module *m = NULL;
	mt_srcloc loc[4];
	mt_error err;
	sym_cu *cu;
	size_t nodes;

	o.no_system_debug = 1;
	o.die_walk = walk;
	assert_int_equal(mt_symbolizer_new(&s, &o, &err), 0);
	assert_int_equal(mt_symbolizer_open(&m, s, tpath("big.so"), &err), 0);
	assert_int_equal(mt_module_has_debug(m, NULL), 1);
	assert_null(mt_module_cu_refusal(m, f)); /* not walked yet */
	assert_int_equal(mt_module_lookup(m, f, loc, 4), 1);
	assert_string_equal(loc[0].function, "f");
	cu = sym_dwarf_find_cu(m, f);
	assert_non_null(cu);
	nodes = cu->n_nodes;
	*why = mt_module_cu_refusal(m, f);
	*why = *why ? mt_strdup(*why) : NULL;
	mt_symbolizer_free(s);
	return nodes;
}

static void refused_cu_reaches_the_module(void **state)
{
	char cmd[3 * PATH_MAX];
	const char *why;
	uint64_t f;
	mt_symbolizer *s = NULL;
	mt_symbolizer_opts o = { 0 };
	mt_error err;

	(void)state;
	write_file(tpath("big.s"), big_abbrev_s, strlen(big_abbrev_s));
	snprintf(cmd, sizeof(cmd),
	         "cc -shared -nostdlib -o '%s' '%s' 2>/dev/null",
	         tpath("big.so"), tpath("big.s"));
	if (system(cmd) != 0)
		skip(); /* no C compiler */
	o.no_system_debug = 1;
	assert_int_equal(mt_symbolizer_new(&s, &o, &err), 0);
	f = self_symbol(s, tpath("big.so"), "f");
	mt_symbolizer_free(s);
	/* the default walk: refused, then walked with libdw */
	assert_int_equal(lookup_big(MT_DIE_WALK_DEFAULT, f, &why), 1);
	assert_non_null(why);
	assert_int_equal(strncmp(why, "die_walk.c:", 11), 0);
	assert_non_null(strstr(why, ": abbreviation code >= 65536"));
	free((char *)why);
	/* raw: refused, no fallback, so no node */
	assert_int_equal(lookup_big(MT_DIE_WALK_RAW, f, &why), 0);
	assert_non_null(why);
	free((char *)why);
	/* libdw only: nothing refused */
	assert_int_equal(lookup_big(MT_DIE_WALK_LIBDW, f, &why), 1);
	assert_null(why);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(debuglink_crc),
		cmocka_unit_test(build_id_path),
		cmocka_unit_test(binary_dir_matching),
		cmocka_unit_test(untrusted_refuses_escapes),
		cmocka_unit_test(corrupt_elf_gives_reason),
		cmocka_unit_test(missing_module_by_build_id),
		cmocka_unit_test(demangle_like_llvm),
		cmocka_unit_test(demangle_without_libllvm),
		cmocka_unit_test(disasm_x86),
		cmocka_unit_test(disasm_aarch64),
		cmocka_unit_test(refused_cu_says_where),
		cmocka_unit_test(refused_cu_reaches_the_module),
	};

	elf_version(EV_CURRENT);
	return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
