#map = affine_map<(d0) -> (d0)>
module {
  func.func @main(%a: tensor<16xf32>, %b: tensor<16xf32>, %c: tensor<16xf32>) -> tensor<16xf32> {
    %e0 = tensor.empty() : tensor<16xf32> loc("model.py":10:5)
    %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%a, %b : tensor<16xf32>, tensor<16xf32>) outs(%e0 : tensor<16xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32 loc("model.py":11:9)
      linalg.yield %s : f32 loc("model.py":11:5)
    } -> tensor<16xf32> loc("model.py":11:5)
    %e1 = tensor.empty() : tensor<16xf32> loc("model.py":12:5)
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%0, %c : tensor<16xf32>, tensor<16xf32>) outs(%e1 : tensor<16xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %m = arith.mulf %x, %y : f32 loc("model.py":13:9)
      linalg.yield %m : f32 loc("model.py":13:5)
    } -> tensor<16xf32> loc("model.py":13:5)
    return %1 : tensor<16xf32> loc("model.py":14:5)
  } loc("model.py":9:1)
} loc("model.py":1:1)
