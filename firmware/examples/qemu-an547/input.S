/* The user's input (hpx profile --input / --input-seed, the Board dock's input), linked in like the model: every input
   tensor's bytes in input order (INPUT_PATH: the file hpx wrote, scripts/qemu-board.sh --input). Without one the blob
   is empty and the board feeds its fixed input (inference_io.cc). Why linked in and not sent over the UART:
   docs/virtual-board.md, "Your input". */
    .section .rodata.hpx_input, "a"
    .balign 16
    .global hpx_input_data
hpx_input_data:
#ifdef INPUT_PATH
    .incbin INPUT_PATH
#endif
    .global hpx_input_data_end
hpx_input_data_end:
    .byte 0
