# Reads address 0 through ctypes: the interpreter gets SIGSEGV in C code and
# faulthandler (-X faulthandler) prints the Python stack.
import ctypes


def read_header(addr):
    return ctypes.string_at(addr)


def load(addr):
    return read_header(addr)


load(0)
