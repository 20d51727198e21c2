__constant__ char a[40000];
__constant__ char b[25536];
__global__ void k(char *o){ o[0]=a[o[1]]+b[o[2]]; }
