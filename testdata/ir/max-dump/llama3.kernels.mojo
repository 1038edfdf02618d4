# kernels emitted for llama3 (listed, not parsed)
