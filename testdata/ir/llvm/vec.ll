; ModuleID = 'vec.c'
source_filename = "vec.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @sum_sq(i32 noundef %0, i32 noundef %1) #0 !dbg !10 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  store i32 %0, ptr %3, align 4
    #dbg_declare(ptr %3, !15, !DIExpression(), !16)
  store i32 %1, ptr %4, align 4
    #dbg_declare(ptr %4, !17, !DIExpression(), !18)
  %5 = load i32, ptr %3, align 4, !dbg !19
  %6 = call i32 @sq(i32 noundef %5), !dbg !20
  %7 = load i32, ptr %4, align 4, !dbg !21
  %8 = call i32 @sq(i32 noundef %7), !dbg !22
  %9 = add nsw i32 %6, %8, !dbg !23
  ret i32 %9, !dbg !24
}

; Function Attrs: noinline nounwind uwtable
define internal i32 @sq(i32 noundef %0) #0 !dbg !25 {
  %2 = alloca i32, align 4
  store i32 %0, ptr %2, align 4
    #dbg_declare(ptr %2, !28, !DIExpression(), !29)
  %3 = load i32, ptr %2, align 4, !dbg !30
  %4 = load i32, ptr %2, align 4, !dbg !31
  %5 = mul nsw i32 %3, %4, !dbg !32
  ret i32 %5, !dbg !33
}

; Function Attrs: noinline nounwind uwtable
define dso_local void @saxpy(ptr noalias noundef %0, ptr noalias noundef %1, float noundef %2, i32 noundef %3) #0 !dbg !34 {
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca float, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  store ptr %0, ptr %5, align 8
    #dbg_declare(ptr %5, !43, !DIExpression(), !44)
  store ptr %1, ptr %6, align 8
    #dbg_declare(ptr %6, !45, !DIExpression(), !46)
  store float %2, ptr %7, align 4
    #dbg_declare(ptr %7, !47, !DIExpression(), !48)
  store i32 %3, ptr %8, align 4
    #dbg_declare(ptr %8, !49, !DIExpression(), !50)
    #dbg_declare(ptr %9, !51, !DIExpression(), !53)
  store i32 0, ptr %9, align 4, !dbg !53
  br label %10, !dbg !54

10:                                               ; preds = %31, %4
  %11 = load i32, ptr %9, align 4, !dbg !55
  %12 = load i32, ptr %8, align 4, !dbg !57
  %13 = icmp slt i32 %11, %12, !dbg !58
  br i1 %13, label %14, label %34, !dbg !59

14:                                               ; preds = %10
  %15 = load float, ptr %7, align 4, !dbg !60
  %16 = load ptr, ptr %6, align 8, !dbg !61
  %17 = load i32, ptr %9, align 4, !dbg !62
  %18 = sext i32 %17 to i64, !dbg !61
  %19 = getelementptr inbounds float, ptr %16, i64 %18, !dbg !61
  %20 = load float, ptr %19, align 4, !dbg !61
  %21 = load ptr, ptr %5, align 8, !dbg !63
  %22 = load i32, ptr %9, align 4, !dbg !64
  %23 = sext i32 %22 to i64, !dbg !63
  %24 = getelementptr inbounds float, ptr %21, i64 %23, !dbg !63
  %25 = load float, ptr %24, align 4, !dbg !63
  %26 = call float @llvm.fmuladd.f32(float %15, float %20, float %25), !dbg !65
  %27 = load ptr, ptr %5, align 8, !dbg !66
  %28 = load i32, ptr %9, align 4, !dbg !67
  %29 = sext i32 %28 to i64, !dbg !66
  %30 = getelementptr inbounds float, ptr %27, i64 %29, !dbg !66
  store float %26, ptr %30, align 4, !dbg !68
  br label %31, !dbg !66

31:                                               ; preds = %14
  %32 = load i32, ptr %9, align 4, !dbg !69
  %33 = add nsw i32 %32, 1, !dbg !69
  store i32 %33, ptr %9, align 4, !dbg !69
  br label %10, !dbg !70, !llvm.loop !71

34:                                               ; preds = %10
  ret void, !dbg !74
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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
!16 = !DILocation(line: 8, column: 16, scope: !10)
!17 = !DILocalVariable(name: "b", arg: 2, scope: !10, file: !1, line: 8, type: !13)
!18 = !DILocation(line: 8, column: 23, scope: !10)
!19 = !DILocation(line: 10, column: 12, scope: !10)
!20 = !DILocation(line: 10, column: 9, scope: !10)
!21 = !DILocation(line: 10, column: 20, scope: !10)
!22 = !DILocation(line: 10, column: 17, scope: !10)
!23 = !DILocation(line: 10, column: 15, scope: !10)
!24 = !DILocation(line: 10, column: 2, scope: !10)
!25 = distinct !DISubprogram(name: "sq", scope: !1, file: !1, line: 3, type: !26, scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0, retainedNodes: !14)
!26 = !DISubroutineType(types: !27)
!27 = !{!13, !13}
!28 = !DILocalVariable(name: "x", arg: 1, scope: !25, file: !1, line: 3, type: !13)
!29 = !DILocation(line: 3, column: 19, scope: !25)
!30 = !DILocation(line: 5, column: 9, scope: !25)
!31 = !DILocation(line: 5, column: 13, scope: !25)
!32 = !DILocation(line: 5, column: 11, scope: !25)
!33 = !DILocation(line: 5, column: 2, scope: !25)
!34 = distinct !DISubprogram(name: "saxpy", scope: !1, file: !1, line: 13, type: !35, scopeLine: 14, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !14)
!35 = !DISubroutineType(types: !36)
!36 = !{null, !37, !40, !39, !13}
!37 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !38)
!38 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !39, size: 64)
!39 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!40 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !41)
!41 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !42, size: 64)
!42 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !39)
!43 = !DILocalVariable(name: "y", arg: 1, scope: !34, file: !1, line: 13, type: !37)
!44 = !DILocation(line: 13, column: 28, scope: !34)
!45 = !DILocalVariable(name: "x", arg: 2, scope: !34, file: !1, line: 13, type: !40)
!46 = !DILocation(line: 13, column: 53, scope: !34)
!47 = !DILocalVariable(name: "a", arg: 3, scope: !34, file: !1, line: 13, type: !39)
!48 = !DILocation(line: 13, column: 62, scope: !34)
!49 = !DILocalVariable(name: "n", arg: 4, scope: !34, file: !1, line: 13, type: !13)
!50 = !DILocation(line: 13, column: 69, scope: !34)
!51 = !DILocalVariable(name: "i", scope: !52, file: !1, line: 15, type: !13)
!52 = distinct !DILexicalBlock(scope: !34, file: !1, line: 15, column: 2)
!53 = !DILocation(line: 15, column: 11, scope: !52)
!54 = !DILocation(line: 15, column: 7, scope: !52)
!55 = !DILocation(line: 15, column: 18, scope: !56)
!56 = distinct !DILexicalBlock(scope: !52, file: !1, line: 15, column: 2)
!57 = !DILocation(line: 15, column: 22, scope: !56)
!58 = !DILocation(line: 15, column: 20, scope: !56)
!59 = !DILocation(line: 15, column: 2, scope: !52)
!60 = !DILocation(line: 16, column: 10, scope: !56)
!61 = !DILocation(line: 16, column: 14, scope: !56)
!62 = !DILocation(line: 16, column: 16, scope: !56)
!63 = !DILocation(line: 16, column: 21, scope: !56)
!64 = !DILocation(line: 16, column: 23, scope: !56)
!65 = !DILocation(line: 16, column: 19, scope: !56)
!66 = !DILocation(line: 16, column: 3, scope: !56)
!67 = !DILocation(line: 16, column: 5, scope: !56)
!68 = !DILocation(line: 16, column: 8, scope: !56)
!69 = !DILocation(line: 15, column: 26, scope: !56)
!70 = !DILocation(line: 15, column: 2, scope: !56)
!71 = distinct !{!71, !59, !72, !73}
!72 = !DILocation(line: 16, column: 24, scope: !52)
!73 = !{!"llvm.loop.mustprogress"}
!74 = !DILocation(line: 17, column: 1, scope: !34)
