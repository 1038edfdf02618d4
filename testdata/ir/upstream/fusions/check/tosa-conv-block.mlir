// A residual conv block of llvm-project's TOSA ops, three identical layers
// in a row in each of two functions: tosa.conv2d -> tosa.add (of the
// layer's input) -> tosa.clamp, the ops of
// mlir/test/Conversion/TosaToLinalg (tosa-to-linalg-named.mlir @conv2d_f32,
// tosa-to-linalg.mlir @test_add_1d_matching_static, @test_clamp) in LLVM 19
// syntax at 0063440eb5ca2743f7b56393e8b58493d9973d6d; made by
// bench/gen_tosa_conv.py 1 3 (locations dropped, a second copy renamed).
// tosa-to-linalg-named makes each conv a linalg.conv_2d_nhwc_fhwc on a
// broadcast of its bias; tosa-to-linalg makes the add and the clamp
// linalg.generic ops. linalg-fuse-elementwise-ops fuses a generic producer
// of a single use into its generic consumer: each layer's add into its
// clamp (one fusion per layer). A layer's clamp is used twice (by the next
// conv and the next add), and the conv is no generic: nothing else fuses.
// irdiff-fuse: "fuse:NAME" marks the ops whose generics fuse (group NAME),
// "into:NAME" the one whose location the fused generic keeps.
func.func @conv0(%x: tensor<1x8x8x4xf32>, %w0: tensor<4x3x3x4xf32>, %b0: tensor<4xf32>, %w1: tensor<4x3x3x4xf32>, %b1: tensor<4xf32>, %w2: tensor<4x3x3x4xf32>, %b2: tensor<4xf32>) -> tensor<1x8x8x4xf32> {
  %c0 = tosa.conv2d %x, %w0, %b0 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<4x3x3x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %a0 = tosa.add %c0, %x : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> // fuse:F0L0
  %r0 = tosa.clamp %a0 {min_int = 0 : i64, max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : f32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> // fuse:F0L0 into:F0L0
  %c1 = tosa.conv2d %r0, %w1, %b1 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<4x3x3x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %a1 = tosa.add %c1, %r0 : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> // fuse:F0L1
  %r1 = tosa.clamp %a1 {min_int = 0 : i64, max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : f32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> // fuse:F0L1 into:F0L1
  %c2 = tosa.conv2d %r1, %w2, %b2 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<4x3x3x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %a2 = tosa.add %c2, %r1 : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> // fuse:F0L2
  %r2 = tosa.clamp %a2 {min_int = 0 : i64, max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : f32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> // fuse:F0L2 into:F0L2
  return %r2 : tensor<1x8x8x4xf32>
}

func.func @conv1(%x: tensor<1x8x8x4xf32>, %w0: tensor<4x3x3x4xf32>, %b0: tensor<4xf32>, %w1: tensor<4x3x3x4xf32>, %b1: tensor<4xf32>, %w2: tensor<4x3x3x4xf32>, %b2: tensor<4xf32>) -> tensor<1x8x8x4xf32> {
  %c0 = tosa.conv2d %x, %w0, %b0 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<4x3x3x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %a0 = tosa.add %c0, %x : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> // fuse:F1L0
  %r0 = tosa.clamp %a0 {min_int = 0 : i64, max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : f32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> // fuse:F1L0 into:F1L0
  %c1 = tosa.conv2d %r0, %w1, %b1 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<4x3x3x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %a1 = tosa.add %c1, %r0 : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> // fuse:F1L1
  %r1 = tosa.clamp %a1 {min_int = 0 : i64, max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : f32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> // fuse:F1L1 into:F1L1
  %c2 = tosa.conv2d %r1, %w2, %b2 {dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<4x3x3x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %a2 = tosa.add %c2, %r1 : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> // fuse:F1L2
  %r2 = tosa.clamp %a2 {min_int = 0 : i64, max_int = 6 : i64, min_fp = 0.0 : f32, max_fp = 6.0 : f32} : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32> // fuse:F1L2 into:F1L2
  return %r2 : tensor<1x8x8x4xf32>
}
