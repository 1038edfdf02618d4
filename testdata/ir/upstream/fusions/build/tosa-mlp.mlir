// A 4-layer MLP of identical layers: tosa.matmul -> tosa.add -> tosa.clamp,
// the ops of llvm-project mlir/test/Conversion/TosaToLinalg
// (tosa-to-linalg-named.mlir @matmul, tosa-to-linalg.mlir @test_add_1d_matching_static,
// @test_clamp) in LLVM 19 syntax at 0063440eb5ca2743f7b56393e8b58493d9973d6d.
// Every layer reads the same bias %b, so the layers differ only in the
// weight they multiply by. linalg-fuse-elementwise-ops fuses each
// layer's add generic into its clamp generic: one fusion per layer.
func.func @mlp(%x: tensor<1x4x8xf32>, %w0: tensor<1x8x8xf32>, %w1: tensor<1x8x8xf32>, %w2: tensor<1x8x8xf32>, %w3: tensor<1x8x8xf32>, %b: tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {
  %m0 = tosa.matmul %x, %w0 : (tensor<1x4x8xf32>, tensor<1x8x8xf32>) -> tensor<1x4x8xf32>
  %a0 = tosa.add %m0, %b : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32> // fuse:L0
  %c0 = tosa.clamp %a0 {min_int = 0 : i64, max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : f32} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32> // fuse:L0 into:L0
  %m1 = tosa.matmul %c0, %w1 : (tensor<1x4x8xf32>, tensor<1x8x8xf32>) -> tensor<1x4x8xf32>
  %a1 = tosa.add %m1, %b : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32> // fuse:L1
  %c1 = tosa.clamp %a1 {min_int = 0 : i64, max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : f32} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32> // fuse:L1 into:L1
  %m2 = tosa.matmul %c1, %w2 : (tensor<1x4x8xf32>, tensor<1x8x8xf32>) -> tensor<1x4x8xf32>
  %a2 = tosa.add %m2, %b : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32> // fuse:L2
  %c2 = tosa.clamp %a2 {min_int = 0 : i64, max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : f32} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32> // fuse:L2 into:L2
  %m3 = tosa.matmul %c2, %w3 : (tensor<1x4x8xf32>, tensor<1x8x8xf32>) -> tensor<1x4x8xf32>
  %a3 = tosa.add %m3, %b : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32> // fuse:L3
  %c3 = tosa.clamp %a3 {min_int = 0 : i64, max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : f32} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32> // fuse:L3 into:L3
  return %c3 : tensor<1x4x8xf32>
}
