/* The simulation backend: runs a command (./sme-crypto axi-serve --core C --variant V) that simulates
 * the wrapper cycle by cycle (the C# simulation, or with --backend ghdl its generated VHDL in GHDL),
 * and speaks its line protocol over a pair of pipes (see src/Cli/AxiServeCommand.cs). The register accesses and packets are the host program's real ones. */
#define _GNU_SOURCE
#include "device.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct piped {
    struct device dev;
    pid_t pid;
    FILE *to, *from;
};

static int answer(struct piped *p, char *line, size_t size)
{
    if (!fgets(line, (int)size, p->from)) {
        snprintf(p->dev.error, sizeof p->dev.error, "the simulation ended without an answer");
        return -1;
    }
    line[strcspn(line, "\n")] = 0;
    if (line[0] == 'E') {
        snprintf(p->dev.error, sizeof p->dev.error, "simulation: %.200s", line + 2);
        return -1;
    }
    return 0;
}

static uint32_t pipe_read32(struct device *d, uint32_t offset)
{
    struct piped *p = (struct piped *)d;
    char line[200];
    fprintf(p->to, "R %x\n", offset);
    fflush(p->to);
    unsigned v = 0;
    if (answer(p, line, sizeof line) != 0 || sscanf(line, "V %x", &v) != 1) {
        fprintf(stderr, "crypto_host: register read 0x%02x failed: %s\n", offset, d->error[0] ? d->error : line);
        exit(1);
    }
    return v;
}

static void pipe_write32(struct device *d, uint32_t offset, uint32_t value)
{
    struct piped *p = (struct piped *)d;
    char line[200];
    fprintf(p->to, "W %x %x\n", offset, value);
    fflush(p->to);
    if (answer(p, line, sizeof line) != 0 || strcmp(line, "K") != 0) {
        fprintf(stderr, "crypto_host: register write 0x%02x failed: %s\n", offset, d->error[0] ? d->error : line);
        exit(1);
    }
}

static int pipe_transfer(struct device *d, const uint8_t *in, size_t n, uint8_t *out, size_t cap, size_t *out_len, double *seconds)
{
    struct piped *p = (struct piped *)d;
    char line[200];
    fprintf(p->to, "S %zu\n", n);
    if (fwrite(in, 1, n, p->to) != n || fflush(p->to) != 0) { snprintf(d->error, sizeof d->error, "cannot write to the simulation"); return -1; }
    if (answer(p, line, sizeof line) != 0) return -1;
    size_t m = 0;
    long long cycles = 0;
    if (sscanf(line, "D %zu %lld", &m, &cycles) != 2) { snprintf(d->error, sizeof d->error, "unexpected answer %.200s", line); return -1; }
    if (m > cap) { snprintf(d->error, sizeof d->error, "%zu bytes came out, more than the %zu expected", m, cap); return -1; }
    if (fread(out, 1, m, p->from) != m) { snprintf(d->error, sizeof d->error, "the simulation sent fewer than %zu bytes", m); return -1; }
    *out_len = m;
    *seconds = cycles / 100e6; /* simulated clocks at the design's 100 MHz */
    return 0;
}

static uint8_t *pipe_buffer(struct device *d, size_t n, int output) { (void)d; (void)n; (void)output; return NULL; }

static void pipe_close(struct device *d)
{
    struct piped *p = (struct piped *)d;
    if (p->to) { fputs("Q\n", p->to); fclose(p->to); }
    if (p->from) fclose(p->from);
    if (p->pid > 0) waitpid(p->pid, NULL, 0);
    free(p);
}

struct device *device_pipe_open(const char *command, char *error, size_t error_size)
{
    int down[2], up[2];
    if (pipe(down) != 0 || pipe(up) != 0) { snprintf(error, error_size, "pipe: %s", strerror(errno)); return NULL; }
    pid_t pid = fork();
    if (pid < 0) { snprintf(error, error_size, "fork: %s", strerror(errno)); return NULL; }
    if (pid == 0) {
        dup2(down[0], 0);
        dup2(up[1], 1);
        close(down[0]); close(down[1]); close(up[0]); close(up[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(down[0]);
    close(up[1]);
    signal(SIGPIPE, SIG_IGN);
    struct piped *p = calloc(1, sizeof *p);
    if (!p) { snprintf(error, error_size, "out of memory"); return NULL; }
    p->dev = (struct device){ pipe_read32, pipe_write32, pipe_transfer, pipe_close, pipe_buffer, "", 1 };
    p->pid = pid;
    p->to = fdopen(down[1], "w");
    p->from = fdopen(up[0], "r");
    return &p->dev;
}
