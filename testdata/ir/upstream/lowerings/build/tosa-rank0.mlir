// Rank-0 TOSA ops through bufferization and loops to LLVM: the ops of
// llvm-project mlir/test/Conversion/TosaToLinalg/tosa-to-linalg.mlir
// (@test_add_0d as upstream; @chain0 chains @test_abs_scalar's tosa.abs,
// @test_add_0d's tosa.add and @test_clamp's tosa.clamp on tensor<f32>,
// in LLVM 19 syntax) at 0063440eb5ca2743f7b56393e8b58493d9973d6d. At
// convert-linalg-to-loops each rank-0 generic becomes memref.load, its
// body op, memref.store with no loop: the body op (math.absf,
// arith.addf, arith.minimumf, arith.maximumf) is the same op, now in
// the function. At convert-arith-to-llvm the clamp's two constants
// become llvm.mlir.constant ops of their own.
func.func @test_add_0d(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = tosa.add %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @chain0(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = tosa.abs %arg0 : (tensor<f32>) -> tensor<f32>
  %1 = tosa.add %0, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %2 = tosa.clamp %1 {min_int = 0 : i64, max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : f32} : (tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}
