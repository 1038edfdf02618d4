// Cut from llvm-project mlir/test/Conversion/MemRefToLLVM/memref-to-llvm.mlir
// (see SOURCES.md): its two memref.copy cases, CHECK lines left out.
// finalize-memref-to-llvm lowers a copy of contiguous memrefs to the
// host intrinsic llvm.intr.memcpy and other copies to a runtime call;
// no device is involved.

func.func @memref_copy_ranked() {
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.cast %0 : memref<2xf32> to memref<?xf32>
  %2 = memref.alloc() : memref<2xf32>
  %3 = memref.cast %2 : memref<2xf32> to memref<?xf32>
  memref.copy %1, %3 : memref<?xf32> to memref<?xf32>
  return
}

func.func @memref_copy_contiguous(%in: memref<16x4xi32>, %offset: index) {
  %buf = memref.alloc() : memref<1x2xi32>
  %sub = memref.subview %in[%offset, 0] [1, 2] [1, 1] : memref<16x4xi32> to memref<1x2xi32, strided<[4, 1], offset: ?>>
  memref.copy %sub, %buf : memref<1x2xi32, strided<[4, 1], offset: ?>> to memref<1x2xi32>
  return
}
