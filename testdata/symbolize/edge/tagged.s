# A data symbol whose address carries a pointer tag in its top byte
# (llvm-project's untag-addresses.test does the same).
.data
.globl foo
.type foo, @object
.size foo, 4
foo = . + 0x1100000000000000
.4byte 1
