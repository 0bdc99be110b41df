/* crypto_host: configures an sme-crypto AXI wrapper, streams buffers through the AXI DMA, checks every
 * result against OpenSSL's libcrypto and prints MB/s per buffer size.
 *
 *   crypto_host [--device board[:udmabuf0] | pipe:COMMAND] [--core aes|md5|sha224|sha256|sha384|sha512|chacha20]
 *               [--key HEX32 (aes, hashes) | HEX64 (chacha20)]
 *               [--sizes 16,1024,262144,16777216] [--repeat N] [--seed N]
 *
 * --device board (default) uses /dev/mem and a u-dma-buf buffer on the Zedboard (device_board.c);
 * pipe:COMMAND runs COMMAND, e.g. "./sme-crypto axi-serve --core aes --variant proc11", and talks to
 * the cycle-accurate simulation of the wrapper (device_pipe.c); MB/s is then from simulated clocks
 * at 100 MHz. Exit status: 0 all results correct, 1 a wrong result or device failure, 2 bad usage.
 * Built without OpenSSL (make NO_OPENSSL=1, the default of the ARM cross build) the results are not
 * checked and the program says so. AES is AES-128-ECB encryption (the iterative and proc11 wrappers);
 * ChaCha20 runs from block counter 0 with the all-zero nonce (IV0..3 = 0), each buffer a message. */
#define _GNU_SOURCE
#include "crypto_axi.h"
#include "device.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef NO_OPENSSL
#include <openssl/evp.h>
#endif

static int usage(const char *message)
{
    fprintf(stderr, "crypto_host: %s (usage: crypto_host [--device board[:udmabuf0]|pipe:COMMAND] [--core aes|md5|sha224|sha256|sha384|sha512|chacha20] [--key HEX] [--sizes N,N,...] [--repeat N] [--seed N])\n", message);
    return 2;
}

static int parse_hex(const char *hex, uint8_t *out, size_t n)
{
    if (strlen(hex) != 2 * n) return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

/* A small seeded generator for the test data (xorshift64*). */
static uint64_t rng_state;
static void fill_random(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        rng_state ^= rng_state >> 12; rng_state ^= rng_state << 25; rng_state ^= rng_state >> 27;
        p[i] = (uint8_t)((rng_state * 0x2545F4914F6CDD1DULL) >> 56);
    }
}

/* The cores crypto_host knows: name, ID register, key bytes, CONFIG, digest bytes (0: a cipher, output as long as the input). */
struct core_info { const char *name, *id; size_t key_bytes; uint32_t config; size_t digest_bytes; };
static const struct core_info cores[] = {
    { "aes", "AES ", 16, 0, 0 },                    /* ECB, encrypt, 128-bit key */
    { "md5", "MD5 ", 16, 0, 16 },                   /* a hash accepts only CONFIG 0 */
    { "sha224", "S224", 16, 0, 28 },
    { "sha256", "S256", 16, 0, 32 },
    { "sha384", "S384", 16, 0, 48 },
    { "sha512", "S512", 16, 0, 64 },
    { "chacha20", "CC20", 32, 2u | 2u << 12, 0 },   /* mode CTR, 256-bit key */
};

/* What the core must produce, from libcrypto. Returns the expected length, or -1 without OpenSSL. */
static long reference(const struct core_info *c, const uint8_t *key, const uint8_t *in, size_t n, uint8_t *out)
{
#ifdef NO_OPENSSL
    (void)c; (void)key; (void)in; (void)n; (void)out;
    return -1;
#else
    if (c->digest_bytes) {
        const EVP_MD *md = !strcmp(c->name, "md5") ? EVP_md5() : !strcmp(c->name, "sha224") ? EVP_sha224()
                         : !strcmp(c->name, "sha256") ? EVP_sha256() : !strcmp(c->name, "sha384") ? EVP_sha384() : EVP_sha512();
        unsigned int len = 0;
        if (!EVP_Digest(in, n, out, &len, md, NULL)) return -2;
        return (long)len;
    }
    static const uint8_t zero_iv[16]; /* ChaCha20: counter 0 (little-endian), then the 12-byte nonce, as IV0..3 */
    int chacha = !strcmp(c->name, "chacha20");
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int len = 0, tail = 0;
    int ok = ctx && EVP_EncryptInit_ex(ctx, chacha ? EVP_chacha20() : EVP_aes_128_ecb(), NULL, key, chacha ? zero_iv : NULL)
          && EVP_CIPHER_CTX_set_padding(ctx, 0)
          && EVP_EncryptUpdate(ctx, out, &len, in, (int)n) && EVP_EncryptFinal_ex(ctx, out + len, &tail);
    EVP_CIPHER_CTX_free(ctx);
    return ok ? (long)(len + tail) : -2;
#endif
}

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

/* Soft reset, wait for the drain, write key, IV and CONFIG, START. */
static int configure(struct device *d, const struct core_info *c, const uint8_t *key)
{
    d->write32(d, REG_CONTROL, CONTROL_SOFT_RESET);
    for (int i = 0; d->read32(d, REG_STATUS) & STATUS_DRAINING; i++)
        if (i > 100000) { fprintf(stderr, "crypto_host: STATUS.DRAINING does not clear after the soft reset\n"); return -1; }
    for (size_t i = 0; i < c->key_bytes / 4; i++) d->write32(d, REG_KEY0 + 4 * (uint32_t)i, le32(key + 4 * i));
    for (int i = 0; i < 4; i++) d->write32(d, REG_IV0 + 4 * i, 0);
    d->write32(d, REG_CONFIG, c->config);
    d->write32(d, REG_CONTROL, CONTROL_START);
    uint32_t status = d->read32(d, REG_STATUS);
    if (status & STATUS_ERROR) { fprintf(stderr, "crypto_host: STATUS 0x%08x after configuration: error %u\n", status, STATUS_ERROR_CODE(status)); return -1; }
    return 0;
}

int main(int argc, char **argv)
{
    const char *device = "board", *core = "aes", *key_hex = NULL, *sizes_arg = "16,1024,262144,16777216";
    int repeat = 1;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) return usage("every option takes a value");
        if (!strcmp(argv[i], "--device")) device = argv[++i];
        else if (!strcmp(argv[i], "--core")) core = argv[++i];
        else if (!strcmp(argv[i], "--key")) key_hex = argv[++i];
        else if (!strcmp(argv[i], "--sizes")) sizes_arg = argv[++i];
        else if (!strcmp(argv[i], "--repeat")) repeat = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[++i], NULL, 0);
        else return usage("unknown option");
    }
    const struct core_info *c = NULL;
    for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++)
        if (!strcmp(core, cores[i].name)) c = &cores[i];
    if (!c) return usage("--core is aes, md5, sha224, sha256, sha384, sha512 or chacha20");
    if (!key_hex) key_hex = c->key_bytes == 32 ? "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f" : "000102030405060708090a0b0c0d0e0f";
    uint8_t key[32];
    if (parse_hex(key_hex, key, c->key_bytes) != 0) return usage(c->key_bytes == 32 ? "--key is 64 hexadecimal digits" : "--key is 32 hexadecimal digits");
    if (repeat < 1) return usage("--repeat is at least 1");
    size_t sizes[16];
    int count = 0;
    for (const char *p = sizes_arg; *p && count < 16;) {
        char *end;
        unsigned long long v = strtoull(p, &end, 10);
        if (end == p || v == 0 || v > (1ull << 25) || (*end && *end != ',')) return usage("--sizes is a list of byte counts from 1 to 32 MiB");
        if (!strcmp(c->name, "aes") && v % 16) return usage("AES-ECB sizes are whole 16-byte blocks");
        sizes[count++] = (size_t)v;
        p = *end ? end + 1 : end;
    }

    char error[256] = "";
    struct device *d = !strncmp(device, "pipe:", 5) ? device_pipe_open(device + 5, error, sizeof error)
                     : !strncmp(device, "board", 5) ? device_board_open(device[5] == ':' ? device + 6 : "udmabuf0", error, sizeof error)
                     : NULL;
    if (!d) {
        if (!error[0]) return usage("--device is board[:NAME] or pipe:COMMAND");
        fprintf(stderr, "crypto_host: %s\n", error);
        return 1;
    }

    uint32_t id = d->read32(d, REG_ID), version = d->read32(d, REG_VERSION);
    char idtext[5] = { (char)(id >> 24), (char)(id >> 16), (char)(id >> 8), (char)id, 0 };
    const char *want = c->id;
    if (strcmp(idtext, want) != 0 || version >> 16 != MAP_VERSION) {
        fprintf(stderr, "crypto_host: the device is '%s' (register map %u), expected '%s' (map %u)\n", idtext, version >> 16, want, MAP_VERSION);
        d->close(d);
        return 1;
    }
    if (configure(d, c, key) != 0) { d->close(d); return 1; }
    printf("device %s: core '%s', variant %u, register map %u%s\n", device, idtext, version & 0xFFFF, version >> 16,
           d->simulated ? " (simulated: MB/s from simulated clocks at 100 MHz)" : "");
#ifdef NO_OPENSSL
    printf("built without OpenSSL: results are NOT checked\n");
#endif
    printf("%10s %8s %12s %10s %s\n", "bytes", "repeat", "seconds", "MB/s", "result");

    rng_state = seed * 0x9E3779B97F4A7C15ULL + 1;
    int failures = 0;
    for (int s = 0; s < count; s++) {
        size_t n = sizes[s], cap = c->digest_bytes ? c->digest_bytes : n;
        uint8_t *in = d->buffer(d, n, 0), *out = d->buffer(d, cap, 1);
        uint8_t *in_owned = NULL, *out_owned = NULL;
        if (!in) in = in_owned = malloc(n);
        if (!out) out = out_owned = malloc(cap);
        uint8_t *want_bytes = malloc(cap > 64 ? cap : 64);
        if (!in || !out || !want_bytes) { fprintf(stderr, "crypto_host: out of memory\n"); return 1; }
        double total = 0;
        const char *result = "ok";
        for (int r = 0; r < repeat; r++) {
            fill_random(in, n);
            size_t got = 0;
            double seconds = 0;
            if (d->transfer(d, in, n, out, cap, &got, &seconds) != 0) {
                fprintf(stderr, "crypto_host: %zu bytes: %s\n", n, d->error);
                result = "DEVICE FAILURE";
                failures++;
                break;
            }
            total += seconds;
            long expected = reference(c, key, in, n, want_bytes);
            if (expected == -1) result = "not checked";
            else if (expected < 0 || (size_t)expected != got || memcmp(out, want_bytes, got) != 0) {
                size_t at = 0;
                while (expected > 0 && at < got && at < (size_t)expected && out[at] == want_bytes[at]) at++;
                fprintf(stderr, "crypto_host: %zu bytes: %zu bytes out, expected %ld; first difference at byte %zu\n", n, got, expected, at);
                result = "WRONG";
                failures++;
                break;
            }
        }
        printf("%10zu %8d %12.6f %10.2f %s\n", n, repeat, total, total > 0 ? (double)n * repeat / total / 1e6 : 0.0, result);
        fflush(stdout);
        free(in_owned); free(out_owned); free(want_bytes);
    }
    uint32_t status = d->read32(d, REG_STATUS);
    printf("STATUS 0x%08x, BLOCKS_IN %u, BLOCKS_OUT %u, PACKETS_OUT %u, BUSY_CYCLES %u\n", status,
           d->read32(d, REG_BLOCKS_IN), d->read32(d, REG_BLOCKS_OUT), d->read32(d, REG_PACKETS_OUT), d->read32(d, REG_BUSY_CYCLES));
    if (status & STATUS_ERROR) { fprintf(stderr, "crypto_host: the core reports error %u\n", STATUS_ERROR_CODE(status)); failures++; }
    d->close(d);
    return failures ? 1 : 0;
}
