FE = 'builtin.module(func.func(linalg-fuse-elementwise-ops))'
CASES = [
 dict(name='fe-more', file='fusion-elementwise-more.mlir', pipeline=FE,
      groups=dict(red=dict(kind='ops', function='consumer_with_reduction', **{'pass': 'linalg-fuse-elementwise-ops'}),
                  fill=dict(kind='ops', function='fold_fill_generic_basic', **{'pass': 'linalg-fuse-elementwise-ops'}),
                  idx=dict(kind='ops', function='producer_indexed_consumer_fusion', **{'pass': 'linalg-fuse-elementwise-ops'}),
                  multi=dict(kind='ops', function='fuse_multi_result_producer', **{'pass': 'linalg-fuse-elementwise-ops'}))),
]
TOSA = 'builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg),canonicalize,func.func(linalg-fuse-elementwise-ops),canonicalize,cse)'
CASES.append(dict(name='mlp', file='tosa-mlp.mlir', pipeline=TOSA,
      groups={'L%d' % k: dict(kind='ops', function='mlp', members=['linalg.generic']*2, **{'pass': 'linalg-fuse-elementwise-ops'}) for k in range(4)}))
LF = 'builtin.module(func.func(affine-loop-fusion))'
CASES.append(dict(name='loopfuse', file='loop-fusion.mlir', pipeline=LF, flags=['-allow-unregistered-dialect'],
      groups=dict(raw=dict(kind='loops', function='should_fuse_raw_dep_for_locality', members=['affine.for']*2, **{'pass': 'affine-loop-fusion'}),
                  nest=dict(kind='loops', function='should_fuse_loop_nest', members=['affine.for']*3, **{'pass': 'affine-loop-fusion'}),
                  all=dict(kind='loops', function='should_fuse_all_loops', members=['affine.for']*3, **{'pass': 'affine-loop-fusion'}),
                  war=dict(kind='loops', function='should_fuse_and_move_to_preserve_war_dep', members=['affine.for']*2, **{'pass': 'affine-loop-fusion'}))))
PF = 'builtin.module(func.func(scf-parallel-loop-fusion))'
CASES.append(dict(name='parfuse', file='parallel-loop-fusion.mlir', pipeline=PF, flags=['-allow-unregistered-dialect'],
      groups=dict(between=dict(kind='loops', function='fuse_ops_between', members=['scf.parallel']*2, **{'pass': 'scf-parallel-loop-fusion'}),
                  two=dict(kind='loops', function='fuse_two', members=['scf.parallel']*2, **{'pass': 'scf-parallel-loop-fusion'}),
                  nested=dict(kind='loops', function='nested_fuse', members=['scf.parallel']*2, **{'pass': 'scf-parallel-loop-fusion'}))))
TF = 'builtin.module(canonicalize,transform-interpreter,canonicalize)'
CASES.append(dict(name='tilefuse', file='transform-op-fuse-more.mlir', pipeline=TF,
      groups=dict(unary=dict(kind='tiled', function='fuse_unary', members=['linalg.exp', 'linalg.add'], **{'pass': 'transform-interpreter'}),
                  reduction=dict(kind='tiled', function='interchange_reduction', members=['linalg.fill', 'linalg.generic'], **{'pass': 'transform-interpreter'}))))
APF = 'builtin.module(async-parallel-for{async-dispatch=true})'
CASES.append(dict(name='asyncfor', file='async-parallel-for.mlir', pipeline=APF, groups={},
      outlinings=[dict(name='clone', function='clone_constant', into='func.func', moved=['scf.parallel'], **{'pass': 'async-parallel-for'}),
                  dict(name='sink', function='sink_constant_step', into='func.func', moved=['scf.parallel'], **{'pass': 'async-parallel-for'})]))
