// Two identical attention layers in a row (softmax(Q K * 0.25) V), of
// llvm-project's TOSA ops in LLVM 19 syntax at
// 0063440eb5ca2743f7b56393e8b58493d9973d6d: tosa.matmul
// (mlir/test/Conversion/TosaToLinalg/tosa-to-linalg-named.mlir @matmul),
// tosa.mul with shift, tosa.reduce_max / tosa.reduce_sum on axis 2,
// tosa.sub, tosa.exp, tosa.reciprocal (tosa-to-linalg.mlir
// @test_simple_f32, @reduce_float). Written for this test; layer 1's Q is
// layer 0's output.
// tosa-to-linalg makes every elementwise op a linalg.generic and each
// reduction a linalg.reduce of a linalg.fill then a tensor.expand_shape;
// linalg-fuse-elementwise-ops (read from mlir-opt-19's dumps) fuses, per
// layer, the sub generic into the exp generic and the reciprocal generic
// into the final mul generic: 4 fusions, each keeping its consumer's
// location. It also moves each expand_shape above its reduction (the
// reduction becomes a generic over the expanded input, its fill a generic
// yielding the value): a rewrite, not a fusion, and the fill stays
// beside the reduction. The scale mul takes the splat constant into its
// body: no other op joins it. The reductions are not fused.
// irdiff-fuse: "fuse:NAME" marks the ops whose generics fuse (group NAME),
// "into:NAME" the one whose location the fused generic keeps.
func.func @attention2(%q: tensor<1x8x16xf32>, %k0: tensor<1x16x8xf32>, %v0: tensor<1x8x16xf32>, %k1: tensor<1x16x8xf32>, %v1: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  %scale = "tosa.const"() <{value = dense<0.25> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %s0 = tosa.matmul %q, %k0 : (tensor<1x8x16xf32>, tensor<1x16x8xf32>) -> tensor<1x8x8xf32>
  %ss0 = tosa.mul %s0, %scale {shift = 0 : i8} : (tensor<1x8x8xf32>, tensor<1x1x1xf32>) -> tensor<1x8x8xf32>
  %m0 = tosa.reduce_max %ss0 {axis = 2 : i32} : (tensor<1x8x8xf32>) -> tensor<1x8x1xf32>
  %d0 = tosa.sub %ss0, %m0 : (tensor<1x8x8xf32>, tensor<1x8x1xf32>) -> tensor<1x8x8xf32> // fuse:A0
  %e0 = tosa.exp %d0 : (tensor<1x8x8xf32>) -> tensor<1x8x8xf32> // fuse:A0 into:A0
  %sum0 = tosa.reduce_sum %e0 {axis = 2 : i32} : (tensor<1x8x8xf32>) -> tensor<1x8x1xf32>
  %r0 = tosa.reciprocal %sum0 : (tensor<1x8x1xf32>) -> tensor<1x8x1xf32> // fuse:B0
  %p0 = tosa.mul %e0, %r0 {shift = 0 : i8} : (tensor<1x8x8xf32>, tensor<1x8x1xf32>) -> tensor<1x8x8xf32> // fuse:B0 into:B0
  %o0 = tosa.matmul %p0, %v0 : (tensor<1x8x8xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  %s1 = tosa.matmul %o0, %k1 : (tensor<1x8x16xf32>, tensor<1x16x8xf32>) -> tensor<1x8x8xf32>
  %ss1 = tosa.mul %s1, %scale {shift = 0 : i8} : (tensor<1x8x8xf32>, tensor<1x1x1xf32>) -> tensor<1x8x8xf32>
  %m1 = tosa.reduce_max %ss1 {axis = 2 : i32} : (tensor<1x8x8xf32>) -> tensor<1x8x1xf32>
  %d1 = tosa.sub %ss1, %m1 : (tensor<1x8x8xf32>, tensor<1x8x1xf32>) -> tensor<1x8x8xf32> // fuse:A1
  %e1 = tosa.exp %d1 : (tensor<1x8x8xf32>) -> tensor<1x8x8xf32> // fuse:A1 into:A1
  %sum1 = tosa.reduce_sum %e1 {axis = 2 : i32} : (tensor<1x8x8xf32>) -> tensor<1x8x1xf32>
  %r1 = tosa.reciprocal %sum1 : (tensor<1x8x1xf32>) -> tensor<1x8x1xf32> // fuse:B1
  %p1 = tosa.mul %e1, %r1 {shift = 0 : i8} : (tensor<1x8x8xf32>, tensor<1x8x1xf32>) -> tensor<1x8x8xf32> // fuse:B1 into:B1
  %o1 = tosa.matmul %p1, %v1 : (tensor<1x8x8xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %o1 : tensor<1x8x16xf32>
}
