/*
 * disasm.c - one instruction at a file-relative address, via capstone,
 * classified for crash triage (memory access, trap, divide, call).
 */
#include "symbols/symbols_int.h"

#include "maxtriage/lazylib.h"

#include <capstone/capstone.h>
#include <stdlib.h>
#include <string.h>

/* capstone is loaded with dlopen on the first disassembly: its tables
 * carry 77,000 relocations, which linking it would make every run
 * (symbolize, irdiff, --help) pay at start-up for nothing. */
static struct {
	cs_err (*open)(cs_arch, cs_mode, csh *);
	cs_err (*option)(csh, cs_opt_type, size_t);
	cs_err (*close)(csh *);
	size_t (*disasm)(
	        csh, const uint8_t *, size_t, uint64_t, size_t, cs_insn **);
	void (*free)(cs_insn *, size_t);
} cs_fn;

static const char *const cs_sonames[] = { "libcapstone.so.4",
	                                  "libcapstone.so" };
static const mt_lazysym cs_syms[] = {
	{ "cs_open", (void **)&cs_fn.open },
	{ "cs_option", (void **)&cs_fn.option },
	{ "cs_close", (void **)&cs_fn.close },
	{ "cs_disasm", (void **)&cs_fn.disasm },
	{ "cs_free", (void **)&cs_fn.free },
};
/* Kept loaded for the life of the process (handles may outlive any one
 * module). */
static mt_lazylib capstone = MT_LAZYLIB_INIT(cs_sonames, cs_syms);

/* Longest x86 instruction: callers read this many bytes at most. */
#define MAX_INSN 15

static int cs_handle(mt_module *m, csh **out)
{
	csh *h;
	cs_arch arch;
	cs_mode mode;

	if (m->cs_state == SYM_CS_UNSUPPORTED)
		return MT_EUNSUPPORTED;
	if (m->cs_state == SYM_CS_OPEN) {
		*out = m->cs;
		return 0;
	}
	switch (m->machine) {
	case EM_X86_64:
		arch = CS_ARCH_X86;
		mode = CS_MODE_64;
		break;
	case EM_AARCH64:
		arch = CS_ARCH_ARM64;
		mode = CS_MODE_ARM;
		break;
	default:
		m->cs_state = SYM_CS_UNSUPPORTED;
		return MT_EUNSUPPORTED;
	}
	if (mt_lazylib_load(&capstone, NULL) != 0) {
		m->cs_state = SYM_CS_UNSUPPORTED;
		return MT_EUNSUPPORTED;
	}
	h = mt_malloc(sizeof(*h));
	if (cs_fn.open(arch, mode, h) != CS_ERR_OK) {
		free(h);
		m->cs_state = SYM_CS_UNSUPPORTED;
		return MT_EUNSUPPORTED;
	}
	cs_fn.option(*h, CS_OPT_DETAIL, CS_OPT_ON);
	m->cs = h;
	m->cs_state = SYM_CS_OPEN;
	*out = h;
	return 0;
}

void sym_disasm_release(mt_module *m)
{
	csh *h = m->cs;

	if (h) {
		cs_fn.close(h);
		free(h);
	}
	m->cs = NULL;
	m->cs_state = SYM_CS_UNTRIED;
	free(m->code);
	m->code = NULL;
	m->n_code = 0;
	m->code_loaded = 0;
}

/* An executable section's bytes, listed once: base-address recovery
 * disassembles the same module thousands of times. */
struct sym_code {
	uint64_t addr;
	size_t size;
	const uint8_t *bytes;
};

static void load_code(mt_module *m)
{
	Elf_Scn *scn = NULL;
	size_t cap = 0;

	m->code_loaded = 1;
	if (!m->elf)
		return;
	while ((scn = elf_nextscn(m->elf, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *d;
		struct sym_code c;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    !(sh.sh_flags & SHF_EXECINSTR))
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf || d->d_size == 0)
			continue;
		c.addr = sh.sh_addr;
		c.size = d->d_size < sh.sh_size ? d->d_size : sh.sh_size;
		c.bytes = d->d_buf;
		MT_PUSH(m->code, m->n_code, cap, c);
	}
}

/* Bytes of the executable section holding addr: *p points at addr and
 * *avail says how many bytes follow it in the section. */
static int
code_at(mt_module *m, uint64_t addr, const uint8_t **p, size_t *avail)
{
	size_t i;

	if (!m->code_loaded)
		load_code(m);
	for (i = 0; i < m->n_code; i++) {
		const struct sym_code *c = &m->code[i];

		if (addr < c->addr || addr - c->addr >= c->size)
			continue;
		*p = c->bytes + (addr - c->addr);
		*avail = c->size - (size_t)(addr - c->addr);
		return 0;
	}
	return MT_ENOTFOUND;
}

static int in_group(const cs_insn *in, uint8_t group)
{
	uint8_t i;

	for (i = 0; in->detail && i < in->detail->groups_count; i++)
		if (in->detail->groups[i] == group)
			return 1;
	return 0;
}

static void classify_x86(const cs_insn *in, mt_insn *out)
{
	const cs_x86 *x = &in->detail->x86;
	uint8_t i;

	switch (in->id) {
	case X86_INS_UD2:
	case X86_INS_UD2B:
	case X86_INS_INT3:
	case X86_INS_HLT:
		out->kind = MT_INSN_TRAP;
		return;
	case X86_INS_DIV:
	case X86_INS_IDIV:
		out->kind = MT_INSN_DIVIDE;
		return;
	case X86_INS_LEA:
	case X86_INS_NOP:
		/* An address computation, not an access. */
		return;
	}
	if (in_group(in, CS_GRP_CALL)) {
		out->kind = MT_INSN_CALL;
		return;
	}
	for (i = 0; i < x->op_count; i++)
		if (x->operands[i].type == X86_OP_MEM) {
			out->kind = MT_INSN_MEMORY;
			out->disp = x->operands[i].mem.disp;
			return;
		}
}

static void classify_arm64(const cs_insn *in, mt_insn *out)
{
	const cs_arm64 *a = &in->detail->arm64;
	uint8_t i;

	switch (in->id) {
	case ARM64_INS_BRK:
	case ARM64_INS_HLT:
		out->kind = MT_INSN_TRAP;
		return;
	case ARM64_INS_SDIV:
	case ARM64_INS_UDIV:
		out->kind = MT_INSN_DIVIDE;
		return;
	}
	if (in_group(in, CS_GRP_CALL) || in->id == ARM64_INS_BL ||
	    in->id == ARM64_INS_BLR) {
		out->kind = MT_INSN_CALL;
		return;
	}
	for (i = 0; i < a->op_count; i++)
		if (a->operands[i].type == ARM64_OP_MEM) {
			out->kind = MT_INSN_MEMORY;
			out->disp = a->operands[i].mem.disp;
			return;
		}
}

/* Append to out->text, cutting what does not fit. */
static void append_text(mt_insn *out, const char *s)
{
	size_t have = strlen(out->text), n = strlen(s);

	if (n > sizeof(out->text) - 1 - have)
		n = sizeof(out->text) - 1 - have;
	memcpy(out->text + have, s, n);
	out->text[have + n] = '\0';
}

/* Decode one instruction from code[0..n) as if it sat at addr. */
static int
decode(mt_module *m, const uint8_t *code, size_t n, uint64_t addr, mt_insn *out)
{
	csh *h;
	cs_insn *in = NULL;
	int ret;

	ret = cs_handle(m, &h);
	if (ret)
		return ret;
	if (cs_fn.disasm(*h, code, n, addr, 1, &in) != 1) {
		if (in)
			cs_fn.free(in, 1);
		return MT_EFORMAT;
	}
	memset(out, 0, sizeof(*out));
	append_text(out, in->mnemonic);
	if (in->op_str[0]) {
		append_text(out, " ");
		append_text(out, in->op_str);
	}
	out->size = in->size;
	if (in->detail) {
		if (m->machine == EM_X86_64)
			classify_x86(in, out);
		else
			classify_arm64(in, out);
	}
	cs_fn.free(in, 1);
	return 0;
}

int mt_module_disasm(mt_module *m, uint64_t addr, mt_insn *out)
{
	const uint8_t *p;
	size_t avail;
	int ret;

	if (m->machine != EM_X86_64 && m->machine != EM_AARCH64)
		return MT_EUNSUPPORTED;
	ret = code_at(m, addr, &p, &avail);
	if (ret)
		return ret;
	return decode(m, p, avail < MAX_INSN ? avail : MAX_INSN, addr, out);
}

int mt_module_is_after_call(mt_module *m, uint64_t ret_addr)
{
	const uint8_t *p;
	size_t avail, len;
	mt_insn in;

	if (m->machine == EM_AARCH64) {
		/* Fixed 4-byte instructions: only one candidate. */
		if (ret_addr < 4 || code_at(m, ret_addr - 4, &p, &avail) ||
		    avail < 4)
			return MT_ENOTFOUND;
		if (decode(m, p, 4, ret_addr - 4, &in))
			return 0;
		return in.kind == MT_INSN_CALL;
	}
	if (m->machine != EM_X86_64)
		return MT_EUNSUPPORTED;
	/* x86 cannot be decoded backwards; try the usual call encodings
	 * (ff d0 = 2 bytes ... call qword ptr [rip + disp32] = 6, REX and
	 * SIB forms up to 7) and accept one that ends exactly at ret_addr. */
	if (code_at(m, ret_addr - 1, &p, &avail))
		return MT_ENOTFOUND;
	for (len = 2; len <= 7; len++) {
		const uint8_t *q;

		if (ret_addr < len || code_at(m, ret_addr - len, &q, &avail) ||
		    avail < len)
			continue;
		if (decode(m, q, len, ret_addr - len, &in) == 0 &&
		    in.size == len && in.kind == MT_INSN_CALL)
			return 1;
	}
	return 0;
}
