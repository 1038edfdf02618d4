module attributes {mo.device_info_mapping = {cpu = #M.device_info<"cpu", "cpu", "unknown", "cpu">, gpu = #M.device_info<"gpu", "cuda", "sm_80", "gpu">}} {
  mo.graph @llama3<total_seq_len>(%arg0: !mo.tensor<[total_seq_len], si64, gpu:0>, %arg1: !mo.tensor<[total_seq_len, 256], f32, gpu:0>) -> !mo.tensor<[total_seq_len, 256], f32, gpu:0> attributes {argument_names = ["input0", "input1"], result_names = ["output0"]} {
    %0 = mo.constant.external {align = 1 : ui64, device = #M.device_ref<"gpu", 0>, name = "lm_head.weight"} : !mo.tensor<[256, 64], f32, gpu:0>
    %1 = mo.constant.external {align = 1 : ui64, device = #M.device_ref<"gpu", 0>, name = "embed_tokens.weight"} : !mo.tensor<[256, 64], f32, gpu:0>
    %2 = mo.chain.create()
    %3 = rmo.mo.gather(%1, %arg0) {axis = 0 : index} : (!mo.tensor<[256, 64], f32, gpu:0>, !mo.tensor<[total_seq_len], si64, gpu:0>) -> !mo.tensor<[total_seq_len, 64], f32, gpu:0>
    %4 = mo.constant {device = #M.device_ref<"gpu", 0>, value = #M.dense_array<1, 0> : tensor<2xsi64>} : !mo.tensor<[2], si64, gpu:0>
    %5 = rmo.mo.transpose(%0, %4) : (!mo.tensor<[256, 64], f32, gpu:0>, !mo.tensor<[2], si64, gpu:0>) -> !mo.tensor<[64, 256], f32, gpu:0>
    %6 = mo.composite.matmul_add(%3, %5, %arg1) {transpose_b = false} : (
      !mo.tensor<[total_seq_len, 64], f32, gpu:0>,
      !mo.tensor<[64, 256], f32, gpu:0>,
      !mo.tensor<[total_seq_len, 256], f32, gpu:0>
    ) -> !mo.tensor<[total_seq_len, 256], f32, gpu:0>
    mo.output %6 : !mo.tensor<[total_seq_len, 256], f32, gpu:0>
  } {counter = 74 : i64}
}
