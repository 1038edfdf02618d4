; ModuleID = 'vec.ll'
source_filename = "vec.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local i32 @sum_sq(i32 noundef %0, i32 noundef %1) local_unnamed_addr #0 !dbg !10 {
    #dbg_value(i32 %0, !15, !DIExpression(), !16)
    #dbg_value(i32 %1, !17, !DIExpression(), !16)
    #dbg_value(i32 %0, !18, !DIExpression(), !22)
  %3 = mul nsw i32 %0, %0, !dbg !24
    #dbg_value(i32 %1, !18, !DIExpression(), !25)
  %4 = mul nsw i32 %1, %1, !dbg !27
  %5 = add nuw nsw i32 %4, %3, !dbg !28
  ret i32 %5, !dbg !29
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @saxpy(ptr noalias nocapture noundef %0, ptr noalias nocapture noundef readonly %1, float noundef %2, i32 noundef %3) local_unnamed_addr #1 !dbg !30 {
    #dbg_value(ptr %0, !39, !DIExpression(), !40)
    #dbg_value(ptr %1, !41, !DIExpression(), !40)
    #dbg_value(float %2, !42, !DIExpression(), !40)
    #dbg_value(i32 %3, !43, !DIExpression(), !40)
    #dbg_value(i32 0, !44, !DIExpression(), !46)
  %5 = icmp sgt i32 %3, 0, !dbg !47
  br i1 %5, label %.lr.ph.preheader, label %._crit_edge, !dbg !49

.lr.ph.preheader:                                 ; preds = %4
  %wide.trip.count = zext nneg i32 %3 to i64, !dbg !47
  %min.iters.check = icmp ult i32 %3, 8, !dbg !49
  br i1 %min.iters.check, label %.lr.ph.preheader14, label %vector.ph, !dbg !49

vector.ph:                                        ; preds = %.lr.ph.preheader
  %n.vec = and i64 %wide.trip.count, 2147483640, !dbg !49
  %broadcast.splatinsert = insertelement <4 x float> poison, float %2, i64 0, !dbg !49
  %broadcast.splat = shufflevector <4 x float> %broadcast.splatinsert, <4 x float> poison, <4 x i32> zeroinitializer, !dbg !49
  br label %vector.body, !dbg !49

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ], !dbg !50
  %6 = getelementptr inbounds float, ptr %1, i64 %index, !dbg !51
  %7 = getelementptr inbounds i8, ptr %6, i64 16, !dbg !51
  %wide.load = load <4 x float>, ptr %6, align 4, !dbg !51
  %wide.load11 = load <4 x float>, ptr %7, align 4, !dbg !51
  %8 = getelementptr inbounds float, ptr %0, i64 %index, !dbg !52
  %9 = getelementptr inbounds i8, ptr %8, i64 16, !dbg !52
  %wide.load12 = load <4 x float>, ptr %8, align 4, !dbg !52
  %wide.load13 = load <4 x float>, ptr %9, align 4, !dbg !52
  %10 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %broadcast.splat, <4 x float> %wide.load, <4 x float> %wide.load12), !dbg !53
  %11 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %broadcast.splat, <4 x float> %wide.load11, <4 x float> %wide.load13), !dbg !53
  store <4 x float> %10, ptr %8, align 4, !dbg !54
  store <4 x float> %11, ptr %9, align 4, !dbg !54
  %index.next = add nuw i64 %index, 8, !dbg !50
  %12 = icmp eq i64 %index.next, %n.vec, !dbg !50
  br i1 %12, label %middle.block, label %vector.body, !dbg !50, !llvm.loop !55

middle.block:                                     ; preds = %vector.body
  %cmp.n = icmp eq i64 %n.vec, %wide.trip.count, !dbg !49
  br i1 %cmp.n, label %._crit_edge, label %.lr.ph.preheader14, !dbg !49

.lr.ph.preheader14:                               ; preds = %middle.block, %.lr.ph.preheader
  %indvars.iv.ph = phi i64 [ 0, %.lr.ph.preheader ], [ %n.vec, %middle.block ]
  br label %.lr.ph, !dbg !49

.lr.ph:                                           ; preds = %.lr.ph.preheader14, %.lr.ph
  %indvars.iv = phi i64 [ %indvars.iv.next, %.lr.ph ], [ %indvars.iv.ph, %.lr.ph.preheader14 ]
    #dbg_value(i64 %indvars.iv, !44, !DIExpression(), !46)
  %13 = getelementptr inbounds float, ptr %1, i64 %indvars.iv, !dbg !51
  %14 = load float, ptr %13, align 4, !dbg !51
  %15 = getelementptr inbounds float, ptr %0, i64 %indvars.iv, !dbg !52
  %16 = load float, ptr %15, align 4, !dbg !52
  %17 = tail call float @llvm.fmuladd.f32(float %2, float %14, float %16), !dbg !53
  store float %17, ptr %15, align 4, !dbg !54
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1, !dbg !50
    #dbg_value(i64 %indvars.iv.next, !44, !DIExpression(), !46)
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count, !dbg !47
  br i1 %exitcond.not, label %._crit_edge, label %.lr.ph, !dbg !49, !llvm.loop !60

._crit_edge:                                      ; preds = %.lr.ph, %middle.block, %4
  ret void, !dbg !61
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>) #3

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none) uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "vec.c", directory: ".", checksumkind: CSK_MD5, checksum: "d555706bfe79ed558f120d037d96eeff")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "sum_sq", scope: !1, file: !1, line: 8, type: !11, scopeLine: 9, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !14)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !13, !13}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !{}
!15 = !DILocalVariable(name: "a", arg: 1, scope: !10, file: !1, line: 8, type: !13)
!16 = !DILocation(line: 0, scope: !10)
!17 = !DILocalVariable(name: "b", arg: 2, scope: !10, file: !1, line: 8, type: !13)
!18 = !DILocalVariable(name: "x", arg: 1, scope: !19, file: !1, line: 3, type: !13)
!19 = distinct !DISubprogram(name: "sq", scope: !1, file: !1, line: 3, type: !20, scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0, retainedNodes: !14)
!20 = !DISubroutineType(types: !21)
!21 = !{!13, !13}
!22 = !DILocation(line: 0, scope: !19, inlinedAt: !23)
!23 = distinct !DILocation(line: 10, column: 9, scope: !10)
!24 = !DILocation(line: 5, column: 11, scope: !19, inlinedAt: !23)
!25 = !DILocation(line: 0, scope: !19, inlinedAt: !26)
!26 = distinct !DILocation(line: 10, column: 17, scope: !10)
!27 = !DILocation(line: 5, column: 11, scope: !19, inlinedAt: !26)
!28 = !DILocation(line: 10, column: 15, scope: !10)
!29 = !DILocation(line: 10, column: 2, scope: !10)
!30 = distinct !DISubprogram(name: "saxpy", scope: !1, file: !1, line: 13, type: !31, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !14)
!31 = !DISubroutineType(types: !32)
!32 = !{null, !33, !36, !35, !13}
!33 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !34)
!34 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !35, size: 64)
!35 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!36 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !37)
!37 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !38, size: 64)
!38 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !35)
!39 = !DILocalVariable(name: "y", arg: 1, scope: !30, file: !1, line: 13, type: !33)
!40 = !DILocation(line: 0, scope: !30)
!41 = !DILocalVariable(name: "x", arg: 2, scope: !30, file: !1, line: 13, type: !36)
!42 = !DILocalVariable(name: "a", arg: 3, scope: !30, file: !1, line: 13, type: !35)
!43 = !DILocalVariable(name: "n", arg: 4, scope: !30, file: !1, line: 13, type: !13)
!44 = !DILocalVariable(name: "i", scope: !45, file: !1, line: 15, type: !13)
!45 = distinct !DILexicalBlock(scope: !30, file: !1, line: 15, column: 2)
!46 = !DILocation(line: 0, scope: !45)
!47 = !DILocation(line: 15, column: 20, scope: !48)
!48 = distinct !DILexicalBlock(scope: !45, file: !1, line: 15, column: 2)
!49 = !DILocation(line: 15, column: 2, scope: !45)
!50 = !DILocation(line: 15, column: 26, scope: !48)
!51 = !DILocation(line: 16, column: 14, scope: !48)
!52 = !DILocation(line: 16, column: 21, scope: !48)
!53 = !DILocation(line: 16, column: 19, scope: !48)
!54 = !DILocation(line: 16, column: 8, scope: !48)
!55 = distinct !{!55, !49, !56, !57, !58, !59}
!56 = !DILocation(line: 16, column: 24, scope: !45)
!57 = !{!"llvm.loop.mustprogress"}
!58 = !{!"llvm.loop.isvectorized", i32 1}
!59 = !{!"llvm.loop.unroll.runtime.disable"}
!60 = distinct !{!60, !49, !56, !57, !59, !58}
!61 = !DILocation(line: 17, column: 1, scope: !30)
