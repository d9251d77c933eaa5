/* The model, linked in (MODEL_PATH: the .tflite file), and the board's built-in iterations and warmup (used when
   the host sends no plan), set per model by the Makefile. TFLM wants the flatbuffer 16-byte aligned. */
    .section .rodata.hpx_model, "a"
    .balign 16
    .global hpx_model_data
hpx_model_data:
    .incbin MODEL_PATH
    .global hpx_model_data_end
hpx_model_data_end:
    .byte 0
    .balign 4
    .global hpx_board_iterations
hpx_board_iterations:
    .word ITERATIONS
    .global hpx_board_warmup
hpx_board_warmup:
    .word WARMUP
