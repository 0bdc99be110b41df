/* What the host program needs of a device: the wrapper's registers and one packet through the DMA.
 * Backends: the board (device_board.c: /dev/mem and a u-dma-buf buffer) and a pipe to a process that
 * simulates the wrapper (device_pipe.c: ./sme-crypto axi-serve). */
#ifndef DEVICE_H
#define DEVICE_H
#include <stddef.h>
#include <stdint.h>

struct device {
    uint32_t (*read32)(struct device *d, uint32_t offset);
    void (*write32)(struct device *d, uint32_t offset, uint32_t value);
    /* Sends n bytes as one packet (MM2S, TLAST on the last beat) and receives the output packet
     * (S2MM) into out (capacity cap). Sets *out_len and *seconds (the transfer alone). 0 on success,
     * otherwise -1 with a message in d->error. */
    int (*transfer)(struct device *d, const uint8_t *in, size_t n, uint8_t *out, size_t cap, size_t *out_len, double *seconds);
    void (*close)(struct device *d);
    /* Buffers the transfer may use without a copy (the DMA buffer on the board), or NULL. */
    uint8_t *(*buffer)(struct device *d, size_t n, int output);
    char error[256];
    /* Whether the device's timing is the hardware's (board) or a simulation's (MB/s meaningless). */
    int simulated;
};

struct device *device_board_open(const char *udmabuf, char *error, size_t error_size);
struct device *device_pipe_open(const char *command, char *error, size_t error_size);

#endif
