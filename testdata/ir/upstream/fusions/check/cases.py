# The held-out half: cases chosen from the same upstream files as the
# build half (and a conv block), run once after the detectors were built.
FE = 'builtin.module(func.func(linalg-fuse-elementwise-ops))'
P = {'pass': 'linalg-fuse-elementwise-ops'}
CASES = [
 dict(name='fe-check', file='fusion-elementwise-check.mlir', pipeline=FE,
      groups=dict(sam=dict(kind='ops', function='scalar_add_mul_fusion', **P),
                  atm=dict(kind='ops', function='add_transpose_mul_fusion', **P),
                  ipc=dict(kind='ops', function='indexed_producer_consumer_fusion', **P),
                  ipic=dict(kind='ops', function='indexed_producer_indexed_consumer_fusion', **P),
                  odi=dict(kind='ops', function='one_dim_indexed_producer_consumer_fusion', **P),
                  sig=dict(kind='ops', function='sigmoid_dynamic_dim', **P),
                  gio=dict(kind='ops', function='generic_index_op2', **P),
                  fda=dict(kind='ops', function='fusion_different_axes', **P),
                  fdt=dict(kind='ops', function='fold_fill_generic_different_dtype', **P),
                  mix=dict(kind='ops', function='fold_fill_generic_mixedaccess', **P))),
]
TOSA = 'builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg),canonicalize,func.func(linalg-fuse-elementwise-ops),canonicalize,cse)'
CASES.append(dict(name='conv-block', file='tosa-conv-block.mlir', pipeline=TOSA,
      groups={'F%dL%d' % (f, k): dict(kind='ops', function='conv%d' % f, members=['linalg.generic'] * 2, **P)
              for f in range(2) for k in range(3)}))
# an attention block with softmax, two identical layers: per layer sub
# into exp and reciprocal into the final mul (tosa-attention.mlir)
CASES.append(dict(name='attention', file='tosa-attention.mlir', pipeline=TOSA,
      groups={'%s%d' % (g, k): dict(kind='ops', function='attention2', members=['linalg.generic'] * 2, **P)
              for g in 'AB' for k in range(2)}))
LF = 'builtin.module(func.func(affine-loop-fusion))'
L = {'pass': 'affine-loop-fusion'}
CASES.append(dict(name='loopfuse-check', file='loop-fusion-check.mlir', pipeline=LF, flags=['-allow-unregistered-dialect'],
      groups=dict(red=dict(kind='loops', function='should_fuse_reduction_to_pointwise', members=['affine.for'] * 2, **L),
                  shift=dict(kind='loops', function='should_fuse_loop_nests_with_shifts', members=['affine.for'] * 2, **L),
                  across=dict(kind='loops', function='should_fuse_across_intermediate_loop_with_no_deps', members=['affine.for'] * 2, **L),
                  first=dict(kind='loops', function='should_fuse_first_and_second_loops', members=['affine.for'] * 2, **L),
                  pc=dict(kind='loops', function='should_fuse_producer_consumer', members=['affine.for'] * 3, **L),
                  top=dict(kind='loops', function='should_fuse_if_top_level_access', members=['affine.for'] * 2, **L),
                  keep=dict(kind='loops', function='should_fuse_but_not_remove_src', members=['affine.for'] * 2, **L),
                  notop=dict(kind='loops', function='should_fuse_no_top_level_access', members=['affine.for'] * 2, **L))))
PF = 'builtin.module(func.func(scf-parallel-loop-fusion))'
S = {'pass': 'scf-parallel-loop-fusion'}
CASES.append(dict(name='parfuse-check', file='parallel-loop-fusion-check.mlir', pipeline=PF, flags=['-allow-unregistered-dialect'],
      groups=dict(empty=dict(kind='loops', function='fuse_empty_loops', members=['scf.parallel'] * 2, **S),
                  three=dict(kind='loops', function='fuse_three', members=['scf.parallel'] * 3, **S),
                  mstore=dict(kind='loops', function='fuse_when_1st_has_multiple_stores', members=['scf.parallel'] * 2, **S),
                  apply=dict(kind='loops', function='fuse_same_indices_by_affine_apply', members=['scf.parallel'] * 2, **S))))
TF = 'builtin.module(canonicalize,transform-interpreter,canonicalize)'
CASES.append(dict(name='tilefuse-check', file='transform-op-fuse-check.mlir', pipeline=TF,
      groups=dict(peel=dict(kind='tiled', function='fuse_unary_peel', members=['linalg.exp', 'linalg.add'], **{'pass': 'transform-interpreter'}))))
APF = 'builtin.module(async-parallel-for{async-dispatch=true})'
CASES.append(dict(name='asyncfor-check', file='async-parallel-for-check.mlir', pipeline=APF, groups={},
      outlinings=[dict(name='two', function='sink_constant_step_2d', into='func.func', moved=['scf.parallel'], **{'pass': 'async-parallel-for'}),
                  dict(name='two', function='sink_constant_step_2d', into='func.func', moved=['scf.parallel'], **{'pass': 'async-parallel-for'})]))
