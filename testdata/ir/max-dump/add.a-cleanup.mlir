mo.graph @add(%0: !mo.tensor<[?], si32>, %1: !mo.tensor<[?], si32>) -> (!mo.tensor<[?], si32>) attributes {argument_names = ["input", "input2"], result_names = ["output"]} {
  %2 = mo.transfer %0 : !mo.tensor<[?], si32> to <"gpu", 0>
  %3 = mo.transfer %1 : !mo.tensor<[?], si32> to <"gpu", 0>
  %4 = mo.add(%2, %3) : !mo.tensor<[?], si32, gpu:0>
  %5 = mo.transfer %4 : !mo.tensor<[?], si32, gpu:0> to <"cpu", 0>
  mo.output %5 : !mo.tensor<[?], si32>
}
