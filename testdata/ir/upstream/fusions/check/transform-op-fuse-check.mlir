// From llvm-project mlir/test/Dialect/Linalg/transform-op-fuse.mlir at
// 0214a3aefdb0466094d498cdd8f18694c54a1fdf, the held-out cases: the second
// @fuse_unary (fused, then its outer loop peeled; renamed @fuse_unary_peel
// here), @fuse_unary_packed_tile_sizes_multiple_targets (renamed
// @fuse_multiple_targets) and @fuse_no_tiling_packed_tile_sizes (renamed
// @fuse_no_tiling), in one module: their transform scripts in one
// sequence, each matching in its own function, written with mlir-opt-19's
// attribute form of the fuse op ({tile_sizes, tile_interchange}; the
// packed tile sizes 32, 64 and 0, 0 as attributes; no loop results
// for 0, 0, as mlir-opt-19 wants).
// RUN: mlir-opt %s --transform-interpreter --split-input-file -canonicalize | FileCheck %s
// irdiff-fuse: "fuse:NAME" marks each op the CHECK lines show tiled and
// fused into one loop nest (group NAME).

// CHECK-LABEL: func.func @fuse_unary_peel
func.func @fuse_unary_peel(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {

  //     CHECK: %[[PARTIAL_RES:.*]] = scf.for
  //     CHECK:     scf.for
  //     CHECK:       linalg.exp
  //     CHECK:       linalg.add
  //     CHECK: %[[RES:.*]] = scf.for {{.*}}%[[PARTIAL_RES]]
  //     CHECK:     scf.for
  //     CHECK:       linalg.exp
  //     CHECK:       linalg.add
  //     CHECK: return %[[RES]]
  %0 = linalg.exp ins(%arg0 : tensor<?x?xf32>) // fuse:peel
                             outs(%arg1: tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = linalg.add ins(%0, %arg0 : tensor<?x?xf32>, tensor<?x?xf32>) // fuse:peel
                             outs(%arg1: tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @fuse_multiple_targets
func.func @fuse_multiple_targets(
    %arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {

  //     CHECK: scf.for
  //     CHECK:    scf.for
  //     CHECK:       linalg.add
  //     CHECK: %[[RES:.*]] = scf.for
  //     CHECK:    scf.for
  //     CHECK:       linalg.add
  //     CHECK: return %[[RES]]
  %0 = linalg.add ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>)
                             outs(%arg1: tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = linalg.add ins(%0, %arg0 : tensor<?x?xf32>, tensor<?x?xf32>)
                             outs(%arg1: tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @fuse_no_tiling
func.func @fuse_no_tiling(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {

  //     CHECK-NOT: scf.for
  //     CHECK: linalg.exp
  //     CHECK: %[[RES:.*]] = linalg.add
  //     CHECK: return %[[RES]]
  %0 = linalg.exp ins(%arg0 : tensor<?x?xf32>)
                             outs(%arg1: tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = linalg.add ins(%0, %arg0 : tensor<?x?xf32>, tensor<?x?xf32>)
                             outs(%arg1: tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %f0 = transform.structured.match ops{["func.func"]} attributes {sym_name = "fuse_unary_peel"} in %arg1 : (!transform.any_op) -> !transform.any_op
    %0 = transform.structured.match ops{["linalg.add"]} in %f0 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.fuse %0 {tile_sizes = [32, 32], tile_interchange = [0, 1]}
      : (!transform.any_op) -> (!transform.any_op, !transform.op<"scf.for">, !transform.any_op)
    transform.loop.peel %loops#0 : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    %f1 = transform.structured.match ops{["func.func"]} attributes {sym_name = "fuse_multiple_targets"} in %arg1 : (!transform.any_op) -> !transform.any_op
    %2 = transform.structured.match ops{["linalg.add"]} in %f1 : (!transform.any_op) -> !transform.any_op
    %3, %loops_1:2 = transform.structured.fuse %2 {tile_sizes = [32, 64]}
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %f2 = transform.structured.match ops{["func.func"]} attributes {sym_name = "fuse_no_tiling"} in %arg1 : (!transform.any_op) -> !transform.any_op
    %4 = transform.structured.match ops{["linalg.add"]} in %f2 : (!transform.any_op) -> !transform.any_op
    %5 = transform.structured.fuse %4 {tile_sizes = [0, 0]}
      : (!transform.any_op) -> (!transform.any_op)
    transform.yield
  }
}
