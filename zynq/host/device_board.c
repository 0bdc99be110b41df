/* The board backend: the wrapper's and the AXI DMA's registers through /dev/mem, packets through a
 * physically contiguous buffer from the u-dma-buf driver (https://github.com/ikwzm/udmabuf), e.g.
 *   insmod u-dma-buf.ko udmabuf0=33554432      (32 MiB: 16 MiB in, 16 MiB out)
 * which gives /dev/udmabuf0 and /sys/class/u-dma-buf/udmabuf0/phys_addr. The buffer is opened with
 * O_SYNC (uncached), so no cache maintenance is needed; the DMA is polled, not interrupt driven.
 * Needs root (or access to /dev/mem and /dev/udmabuf0). Not run on a board yet. */
#define _GNU_SOURCE
#include "device.h"
#include "crypto_axi.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

struct board {
    struct device dev;
    int mem_fd, buf_fd;
    volatile uint32_t *regs, *dma;
    uint8_t *buf;
    uint64_t buf_phys;
    size_t buf_size;
};

static uint32_t board_read32(struct device *d, uint32_t offset) { return ((struct board *)d)->regs[offset / 4]; }
static void board_write32(struct device *d, uint32_t offset, uint32_t value) { ((struct board *)d)->regs[offset / 4] = value; }
static uint32_t dma_read(struct board *b, uint32_t o) { return b->dma[o / 4]; }
static void dma_write(struct board *b, uint32_t o, uint32_t v) { b->dma[o / 4] = v; }

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint8_t *board_buffer(struct device *d, size_t n, int output)
{
    struct board *b = (struct board *)d;
    size_t half = b->buf_size / 2;
    return n <= half ? b->buf + (output ? half : 0) : NULL;
}

static int dma_reset(struct board *b)
{
    dma_write(b, DMA_MM2S_DMACR, DMA_CR_RESET);
    for (int i = 0; i < 1000000 && (dma_read(b, DMA_MM2S_DMACR) & DMA_CR_RESET); i++) {}
    return (dma_read(b, DMA_MM2S_DMACR) & DMA_CR_RESET) ? -1 : 0; /* the reset covers both channels */
}

static int board_transfer(struct device *d, const uint8_t *in, size_t n, uint8_t *out, size_t cap, size_t *out_len, double *seconds)
{
    struct board *b = (struct board *)d;
    size_t half = b->buf_size / 2;
    if (n > half || cap > half || n >= (1u << 26)) {
        snprintf(d->error, sizeof d->error, "%zu bytes do not fit the DMA buffer (%zu bytes each way) or the 26-bit length register", n, half);
        return -1;
    }
    uint8_t *src = b->buf, *dst = b->buf + half;
    if (in != src) memcpy(src, in, n);
    if (dma_reset(b) != 0) { snprintf(d->error, sizeof d->error, "the AXI DMA did not come out of reset"); return -1; }
    double t0 = now();
    /* S2MM first, so the output has somewhere to go; then MM2S. Writing LENGTH starts a channel. */
    dma_write(b, DMA_S2MM_DMACR, DMA_CR_RUN);
    dma_write(b, DMA_S2MM_DA, (uint32_t)(b->buf_phys + half));
    dma_write(b, DMA_S2MM_LENGTH, (uint32_t)cap);
    dma_write(b, DMA_MM2S_DMACR, DMA_CR_RUN);
    dma_write(b, DMA_MM2S_SA, (uint32_t)b->buf_phys);
    dma_write(b, DMA_MM2S_LENGTH, (uint32_t)n);
    for (long spin = 0;; spin++) {
        uint32_t mm2s = dma_read(b, DMA_MM2S_DMASR), s2mm = dma_read(b, DMA_S2MM_DMASR);
        if ((mm2s | s2mm) & DMA_SR_ERRORS) {
            snprintf(d->error, sizeof d->error, "AXI DMA error: MM2S_DMASR 0x%08x, S2MM_DMASR 0x%08x", mm2s, s2mm);
            return -1;
        }
        if ((mm2s & DMA_SR_IDLE) && (s2mm & DMA_SR_IDLE)) break;
        if ((spin & 0xFFFF) == 0 && now() - t0 > 10.0) {
            snprintf(d->error, sizeof d->error, "AXI DMA timeout: MM2S_DMASR 0x%08x, S2MM_DMASR 0x%08x, core STATUS 0x%08x",
                     mm2s, s2mm, board_read32(d, REG_STATUS));
            return -1;
        }
    }
    *seconds = now() - t0;
    *out_len = dma_read(b, DMA_S2MM_LENGTH); /* bytes actually received (up to TLAST) */
    if (out != dst) memcpy(out, dst, *out_len);
    return 0;
}

static void board_close(struct device *d)
{
    struct board *b = (struct board *)d;
    if (b->regs) munmap((void *)b->regs, CRYPTO_REGS_SIZE);
    if (b->dma) munmap((void *)b->dma, DMA_REGS_SIZE);
    if (b->buf) munmap(b->buf, b->buf_size);
    if (b->mem_fd >= 0) close(b->mem_fd);
    if (b->buf_fd >= 0) close(b->buf_fd);
    free(b);
}

static int read_sys(const char *path, unsigned long long *value)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    int ok = fscanf(f, "%lli", value) == 1;
    fclose(f);
    return ok ? 0 : -1;
}

struct device *device_board_open(const char *udmabuf, char *error, size_t error_size)
{
    struct board *b = calloc(1, sizeof *b);
    if (!b) { snprintf(error, error_size, "out of memory"); return NULL; }
    b->mem_fd = b->buf_fd = -1;
    b->dev = (struct device){ board_read32, board_write32, board_transfer, board_close, board_buffer, "", 0 };
    char path[256], dev[128];
    unsigned long long phys = 0, size = 0;
    snprintf(path, sizeof path, "/sys/class/u-dma-buf/%s/phys_addr", udmabuf);
    if (read_sys(path, &phys) != 0) { snprintf(error, error_size, "cannot read %s (is the u-dma-buf module loaded?)", path); goto fail; }
    snprintf(path, sizeof path, "/sys/class/u-dma-buf/%s/size", udmabuf);
    if (read_sys(path, &size) != 0) { snprintf(error, error_size, "cannot read %s", path); goto fail; }
    b->buf_phys = phys;
    b->buf_size = (size_t)size;
    snprintf(dev, sizeof dev, "/dev/%s", udmabuf);
    if ((b->buf_fd = open(dev, O_RDWR | O_SYNC)) < 0) { snprintf(error, error_size, "%s: %s", dev, strerror(errno)); goto fail; }
    b->buf = mmap(NULL, b->buf_size, PROT_READ | PROT_WRITE, MAP_SHARED, b->buf_fd, 0);
    if (b->buf == MAP_FAILED) { b->buf = NULL; snprintf(error, error_size, "mmap %s: %s", dev, strerror(errno)); goto fail; }
    if ((b->mem_fd = open("/dev/mem", O_RDWR | O_SYNC)) < 0) { snprintf(error, error_size, "/dev/mem: %s", strerror(errno)); goto fail; }
    b->regs = mmap(NULL, CRYPTO_REGS_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, b->mem_fd, CRYPTO_REGS_PHYS);
    if (b->regs == MAP_FAILED) { b->regs = NULL; snprintf(error, error_size, "mmap core registers: %s", strerror(errno)); goto fail; }
    b->dma = mmap(NULL, DMA_REGS_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, b->mem_fd, DMA_REGS_PHYS);
    if (b->dma == MAP_FAILED) { b->dma = NULL; snprintf(error, error_size, "mmap DMA registers: %s", strerror(errno)); goto fail; }
    return &b->dev;
fail:
    board_close(&b->dev);
    return NULL;
}
