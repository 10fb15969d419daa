MemcpyHtoD,0x00007f0000000000,64
kernel-1.traceg
