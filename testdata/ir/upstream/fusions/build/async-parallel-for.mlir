// From llvm-project mlir/test/Dialect/Async/async-parallel-for-compute-fn.mlir
// at 2c74d1fadf63f05aef99b636e1718f1f9c851161, cases @clone_constant and the
// first @sink_constant_step (the split marker stays, as a comment, for the
// FileCheck run with -split-input-file).
// RUN: mlir-opt %s -split-input-file -async-parallel-for=async-dispatch=true | FileCheck %s
// irdiff-outline: "outline:NAME" marks the op the CHECK lines show moved into
// a new function (the scf.parallel's body goes to @parallel_compute_fn).

// CHECK-LABEL: func @clone_constant(
func.func @clone_constant(%arg0: memref<?xf32>, %lb: index, %ub: index, %st: index) {
  %one = arith.constant 1.0 : f32

  scf.parallel (%i) = (%lb) to (%ub) step (%st) { // outline:clone
    memref.store %one, %arg0[%i] : memref<?xf32>
  }

  return
}

// CHECK-LABEL: func private @parallel_compute_fn(
// CHECK-SAME:   %[[BLOCK_INDEX:arg[0-9]+]]: index,
// CHECK-SAME:   %[[BLOCK_SIZE:arg[0-9]+]]: index,
// CHECK-SAME:   %[[TRIP_COUNT:arg[0-9]+]]: index,
// CHECK-SAME:   %[[LB:arg[0-9]+]]: index,
// CHECK-SAME:   %[[UB:arg[0-9]+]]: index,
// CHECK-SAME:   %[[STEP:arg[0-9]+]]: index,
// CHECK-SAME:   %[[MEMREF:arg[0-9]+]]: memref<?xf32>
// CHECK-SAME: ) {
// CHECK:        %[[CST:.*]] = arith.constant 1.0{{.*}} : f32
// CHECK:        scf.for
// CHECK:          memref.store %[[CST]], %[[MEMREF]]

// Check that constant loop bound sunk into the parallel compute function.

// -----

// CHECK-LABEL: func @sink_constant_step(
func.func @sink_constant_step(%arg0: memref<?xf32>, %lb: index, %ub: index) {
  %one = arith.constant 1.0 : f32
  %st = arith.constant 123 : index

  scf.parallel (%i) = (%lb) to (%ub) step (%st) { // outline:sink
    memref.store %one, %arg0[%i] : memref<?xf32>
  }

  return
}
