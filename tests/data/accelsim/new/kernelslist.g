MemcpyHtoD,0x00007f0000000000,65536
kernel-1.traceg
MemcpyHtoD,0x00007f0000100000,1024

kernel-2.traceg
