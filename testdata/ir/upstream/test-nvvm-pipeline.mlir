// From llvm-project mlir/test/Dialect/GPU/test-nvvm-pipeline.mlir at
// 08e91787455df2872290622e9674c17ceed055d4, its one case. Upstream runs
// -gpu-lower-to-nvvm-pipeline="cubin-format=isa" (needs an NVPTX host);
// the tests here use cubin-format=llvm, which needs no CUDA toolkit.
// The CHECK-PTX line is upstream's, about the PTX it writes.

// CHECK-LABEL: llvm.func @test_math(%arg0: f32) {
func.func @test_math(%arg0 : f32) {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    // CHECK: gpu.launch_func  @test_math_kernel::@test_math_kernel
    // CHECK: gpu.binary @test_math_kernel  [#gpu.object<#nvvm.target
    gpu.launch
        blocks(%0, %1, %2) in (%3 = %c1, %4 = %c1, %5 = %c1)
        threads(%6, %7, %8) in (%9 = %c2, %10 = %c1, %11 = %c1) {
        // CHECK-PTX: __nv_expf
        %s1 = math.exp %arg0 : f32
        gpu.printf "%f" %s1 : f32
        gpu.terminator
    }
    return
}
