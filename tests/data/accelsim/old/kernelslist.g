MemcpyHtoD,0x00007f0000010000,4096
kernel-1.traceg
