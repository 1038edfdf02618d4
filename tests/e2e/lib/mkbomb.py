#!/usr/bin/env python3
"""mkbomb.py KIND SIZE OUT [BUILD_ID] - a small x86-64 ELF shared object whose
compressed .debug_info (or .zdebug_info) declares SIZE bytes inflated.

With BUILD_ID (hex) it carries that GNU build-id in a note section, so
it can stand as a module's separate debug file (.build-id/xx/rest.debug).
It has one function in its symbol table, bomb_function at 0x1000
(0x100 bytes), so a symbolizer that refuses the DWARF can still name
it; that name and address are the facts a test checks, known from how
the file is made here.

KIND:
  zlib   SHF_COMPRESSED, ELFCOMPRESS_ZLIB: a real zlib stream of SIZE
         zero bytes (3 GB of zeros deflate to about 3 MB); it inflates
         to exactly what it declares.
  gnu    the same stream as GNU's .zdebug_info ("ZLIB" + 8-byte size).
  liar   SHF_COMPRESSED declaring SIZE bytes over a 1 KB stream: no
         zlib stream can inflate that far.
Made at test time, never stored: a 3 MB file a test writes in a few
seconds.
"""
import struct
import sys
import zlib

MB = 1 << 20


def zeros_stream(size):
    """A zlib stream of size zero bytes (rounded up to whole MiB), built
    from full-flushed 1 MiB blocks: after the first, each is the same
    bytes, so 3 GB deflate in a moment. The Adler-32 is the real one."""
    c = zlib.compressobj(9)
    chunk = b"\0" * MB
    first = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    again = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    n = max(1, (size + MB - 1) // MB)
    adler = 1
    for _ in range(n):
        adler = zlib.adler32(chunk, adler)
    # the last block: BFINAL set, stored, empty (the stream is byte
    # aligned after a full flush)
    end = b"\x01\x00\x00\xff\xff"
    return first + again * (n - 1) + end + struct.pack(">I", adler)


def build(kind, size, build_id=None):
    text = b"\xc3" * 0x100
    strtab = b"\0bomb_function\0"
    names = [b"", b".text", b".symtab", b".strtab", b".shstrtab"]
    dbg_name = b".zdebug_info" if kind == "gnu" else b".debug_info"
    names.append(dbg_name)
    if build_id:
        names.append(b".note.gnu.build-id")
        desc = bytes.fromhex(build_id)
        note = struct.pack("<III", 4, len(desc), 3) + b"GNU\0" + desc
    shstr = b"\0".join(names) + b"\0"
    name_off = {}
    off = 0
    for n in names:
        name_off[n] = off
        off += len(n) + 1
    if kind == "liar":
        stream = zlib.compress(b"\0" * 1024)
    else:
        stream = zeros_stream(size)
    if kind == "gnu":
        dbg = b"ZLIB" + struct.pack(">Q", size) + stream
        dbg_flags = 0
    else:
        dbg = struct.pack("<IIQQ", 1, 0, size, 1) + stream
        dbg_flags = 0x800  # SHF_COMPRESSED
    sym = bytes(24) + struct.pack("<IBBHQQ", 1, 0x12, 0, 1, 0x1000, 0x100)

    layout = []
    pos = 0x1000
    layout.append(("text", pos, text))
    pos += len(text)
    parts = [("symtab", sym), ("strtab", strtab), ("shstr", shstr), ("dbg", dbg)]
    if build_id:
        parts.append(("note", note))
    for key, data in parts:
        pos = (pos + 7) & ~7
        layout.append((key, pos, data))
        pos += len(data)
    shoff = (pos + 7) & ~7
    at = {k: (o, d) for k, o, d in layout}

    def sh(name, typ, flags, addr, key, link=0, info=0, align=1, entsize=0):
        o, d = at[key] if key else (0, b"")
        return struct.pack("<IIQQQQIIQQ", name_off[name] if name is not None else 0,
                           typ, flags, addr, o, len(d), link, info, align, entsize)

    shdrs = [bytes(64),
             sh(b".text", 1, 0x6, 0x1000, "text", align=16),
             sh(b".symtab", 2, 0, 0, "symtab", link=3, info=1, align=8, entsize=24),
             sh(b".strtab", 3, 0, 0, "strtab"),
             sh(b".shstrtab", 3, 0, 0, "shstr"),
             sh(dbg_name, 1, dbg_flags, 0, "dbg", align=8 if dbg_flags else 1)]
    if build_id:
        shdrs.append(sh(b".note.gnu.build-id", 7, 0, 0, "note", align=4))
    ehdr = (b"\x7fELF\x02\x01\x01" + bytes(9) +
            struct.pack("<HHIQQQIHHHHHH", 3, 62, 1, 0, 64, shoff, 0, 64, 56, 1, 64,
                        len(shdrs), 4))
    end_text = 0x1000 + len(text)
    phdr = struct.pack("<IIQQQQQQ", 1, 5, 0, 0, 0, end_text, end_text, 0x1000)
    out = bytearray(shoff + 64 * len(shdrs))
    out[0:64] = ehdr
    out[64:64 + 56] = phdr
    for k, o, d in layout:
        out[o:o + len(d)] = d
    for i, h in enumerate(shdrs):
        out[shoff + 64 * i:shoff + 64 * (i + 1)] = h
    return bytes(out)


def main():
    kind, size, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    build_id = sys.argv[4] if len(sys.argv) > 4 else None
    with open(path, "wb") as f:
        f.write(build(kind, size, build_id))


if __name__ == "__main__":
    main()
