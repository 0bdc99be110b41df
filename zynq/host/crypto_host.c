/* crypto_host: configures an sme-crypto AXI wrapper, streams buffers through the AXI DMA, checks every
 * result against OpenSSL's libcrypto and prints MB/s per buffer size.
 *
 *   crypto_host [--device board[:udmabuf0] | pipe:COMMAND]
 *               [--core aes|md5|sha224|sha256|sha384|sha512|chacha20|poly1305] [--key HEX]
 *               [--mode ecb|cbc|ctr] [--decrypt] [--iv HEX32]      (aes)
 *               [--counter N] [--nonce HEX24]                      (chacha20)
 *               [--sizes 16,1024,262144,16777216] [--repeat N] [--seed N]
 *
 * --device board (default) uses /dev/mem and a u-dma-buf buffer on the Zedboard (device_board.c);
 * pipe:COMMAND runs COMMAND, e.g. "./sme-crypto axi-serve --core aes --variant proc11", and talks to
 * the cycle-accurate simulation of the wrapper (device_pipe.c); MB/s is then from simulated clocks
 * at 100 MHz. Exit status: 0 all results correct, 1 a wrong result, a device failure or a device that
 * cannot do what was asked (CAPS), 2 bad usage. Built without OpenSSL (-DNO_OPENSSL: the ARM
 * cross build when no armhf libcrypto is found) the results are not checked and the program says so.
 *
 * --key: aes 16, 24 or 32 bytes (AES-128/192/256; default 000102..0f), chacha20 and poly1305 32 bytes
 * (default 000102..1f; poly1305: the one-time key r || s), the hashes 16 bytes (written, not used).
 * aes: --mode (default ecb), --decrypt (default encryption) and --iv (16 bytes, the CBC IV or the
 * CTR initial counter block; default all zero). Each AES wrapper does one mode and direction, every
 * key size; CAPS is read first and a request outside it is refused (exit 1) before anything is
 * written. Each buffer is one packet and one message of the mode starting at the IV (so, in CBC and
 * CTR, each buffer is checked against OpenSSL run from the IV). ECB and CBC sizes are whole 16-byte
 * blocks, CTR takes any length. chacha20: --counter (initial block counter, default 0) and --nonce
 * (12 bytes, default zero), each buffer a message from that counter; the counter must not pass
 * 2^32-1 within the largest buffer. poly1305: each buffer is one message, its 16-byte tag is checked
 * (the same key for every message: fine for a throughput run, never for real use). */
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
    fprintf(stderr, "crypto_host: %s (usage: crypto_host [--device board[:udmabuf0]|pipe:COMMAND] [--core aes|md5|sha224|sha256|sha384|sha512|chacha20|poly1305] [--key HEX] [--mode ecb|cbc|ctr] [--decrypt] [--iv HEX] [--counter N] [--nonce HEX] [--sizes N,N,...] [--repeat N] [--seed N])\n", message);
    return 2;
}

static int parse_hex(const char *hex, uint8_t *out, size_t n)
{
    if (strlen(hex) != 2 * n) return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (!strchr("0123456789abcdefABCDEF", hex[2 * i]) || !strchr("0123456789abcdefABCDEF", hex[2 * i + 1])
            || sscanf(hex + 2 * i, "%2x", &v) != 1) return -1;
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

/* Key sizes a core takes (bit n: 16 + 8n bytes, the CONFIG/CAPS key-size code n). */
#define KEYS_128 (1u << 0)
#define KEYS_192 (1u << 1)
#define KEYS_256 (1u << 2)
enum kind { BLOCK_CIPHER, HASH, STREAM_CIPHER, MAC };

/* The cores crypto_host knows: name, ID register, kind, key sizes (the first one the default), CONFIG mode, output bytes per message (0: as long as the input). */
struct core_info { const char *name, *id; enum kind kind; unsigned key_sizes; uint32_t mode; size_t digest_bytes; };
static const struct core_info cores[] = {
    { "aes", "AES ", BLOCK_CIPHER, KEYS_128 | KEYS_192 | KEYS_256, MODE_ECB, 0 }, /* mode and direction from --mode, --decrypt */
    { "md5", "MD5 ", HASH, KEYS_128, MODE_ECB, 16 },                              /* a hash accepts only CONFIG 0 */
    { "sha224", "S224", HASH, KEYS_128, MODE_ECB, 28 },
    { "sha256", "S256", HASH, KEYS_128, MODE_ECB, 32 },
    { "sha384", "S384", HASH, KEYS_128, MODE_ECB, 48 },
    { "sha512", "S512", HASH, KEYS_128, MODE_ECB, 64 },
    { "chacha20", "CC20", STREAM_CIPHER, KEYS_256, MODE_CTR, 0 },
    { "poly1305", "POLY", MAC, KEYS_256, MODE_ECB, 16 },                          /* CONFIG 0x2000 */
};
static const char *const mode_names[] = { "ECB", "CBC", "CTR" };

/* What one run asks of the core: the key, the 16 bytes of IV0..3 (AES: IV or initial counter block;
 * ChaCha20: block counter little-endian || nonce, which is also OpenSSL's chacha20 IV) and CONFIG. */
struct job { uint8_t key[32]; size_t key_bytes; uint8_t iv[16]; uint32_t mode; int decrypt; };

static uint32_t config_of(const struct job *j)
{
    return j->mode | (j->decrypt ? CONFIG_DECRYPT : 0) | (uint32_t)(j->key_bytes - 16) / 8 << CONFIG_KEY_SIZE_SHIFT;
}

#ifndef NO_OPENSSL
static const EVP_CIPHER *aes_cipher(const struct job *j)
{
    static const EVP_CIPHER *(*const table[3][3])(void) = {
        { EVP_aes_128_ecb, EVP_aes_128_cbc, EVP_aes_128_ctr },
        { EVP_aes_192_ecb, EVP_aes_192_cbc, EVP_aes_192_ctr },
        { EVP_aes_256_ecb, EVP_aes_256_cbc, EVP_aes_256_ctr },
    };
    return table[(j->key_bytes - 16) / 8][j->mode]();
}
#endif

/* What the core must produce for one packet (one message, from the IV), from libcrypto. Returns the
 * expected length, -1 without OpenSSL, -2 when libcrypto fails. */
static long reference(const struct core_info *c, const struct job *j, const uint8_t *in, size_t n, uint8_t *out)
{
#ifdef NO_OPENSSL
    (void)c; (void)j; (void)in; (void)n; (void)out;
    return -1;
#else
    if (c->kind == HASH) {
        const EVP_MD *md = !strcmp(c->name, "md5") ? EVP_md5() : !strcmp(c->name, "sha224") ? EVP_sha224()
                         : !strcmp(c->name, "sha256") ? EVP_sha256() : !strcmp(c->name, "sha384") ? EVP_sha384() : EVP_sha512();
        unsigned int len = 0;
        if (!EVP_Digest(in, n, out, &len, md, NULL)) return -2;
        return (long)len;
    }
    if (c->kind == MAC) {
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
        EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
        EVP_MAC_CTX *ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
        size_t len = 0;
        int ok = ctx && EVP_MAC_init(ctx, j->key, j->key_bytes, NULL) && EVP_MAC_update(ctx, in, n)
              && EVP_MAC_final(ctx, out, &len, c->digest_bytes);
        EVP_MAC_CTX_free(ctx);
        EVP_MAC_free(mac);
        return ok ? (long)len : -2;
#else
        return -1; /* EVP_MAC is OpenSSL 3 */
#endif
    }
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int len = 0, tail = 0;
    int ok = ctx && EVP_CipherInit_ex(ctx, c->kind == STREAM_CIPHER ? EVP_chacha20() : aes_cipher(j), NULL, j->key,
                                      j->mode == MODE_ECB ? NULL : j->iv, !j->decrypt)
          && EVP_CIPHER_CTX_set_padding(ctx, 0)
          && EVP_CipherUpdate(ctx, out, &len, in, (int)n) && EVP_CipherFinal_ex(ctx, out + len, &tail);
    EVP_CIPHER_CTX_free(ctx);
    return ok ? (long)(len + tail) : -2;
#endif
}

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

/* Whether CAPS admits the job's CONFIG; if not, one line naming what CAPS offers. */
static int caps_admit(uint32_t caps, const struct job *j, const char *core, unsigned variant)
{
    unsigned size_code = (unsigned)(j->key_bytes - 16) / 8;
    if ((CAPS_MODES(caps) >> j->mode & 1) && (caps & (j->decrypt ? CAPS_DECRYPT : CAPS_ENCRYPT)) && (CAPS_KEY_SIZES(caps) >> size_code & 1))
        return 1;
    char offers[160] = "";
    size_t at = 0;
    for (unsigned m = 0; m < 8; m++)
        if (CAPS_MODES(caps) >> m & 1)
            at += (size_t)snprintf(offers + at, sizeof offers - at, "%s%s", at ? "/" : "", m < 3 ? mode_names[m] : "mode?");
    at += (size_t)snprintf(offers + at, sizeof offers - at, " %s%s%s, key sizes", caps & CAPS_ENCRYPT ? "encryption" : "",
                           (caps & CAPS_ENCRYPT) && (caps & CAPS_DECRYPT) ? " and " : "", caps & CAPS_DECRYPT ? "decryption" : "");
    for (unsigned n = 0; n < 3; n++)
        if (CAPS_KEY_SIZES(caps) >> n & 1) at += (size_t)snprintf(offers + at, sizeof offers - at, " %u", 128 + 64 * n);
    fprintf(stderr, "crypto_host: the %s device (variant %u) cannot do %s %s with a %zu-bit key: its CAPS 0x%08x offers %s bits\n",
            core, variant, mode_names[j->mode], j->decrypt ? "decryption" : "encryption", 8 * j->key_bytes, caps, offers);
    return 0;
}

/* Soft reset, wait for the drain, write key, IV and CONFIG, START. A soft reset never breaks an
 * AXI4-Stream handshake (docs/axi.md, "Soft reset"): an output packet it cuts (a job of an earlier run
 * stopped halfway) still ends on m_axis, with one closing zero byte, and STATUS says so (error 5,
 * CLOSING until that end has been taken). That end belongs to the stopped run's S2MM transfer; if no
 * S2MM channel takes it, the next job's transfer would receive it instead of its own output, so this
 * run refuses to start (a reset of the programmable logic, ARESETn, clears it). */
static int configure(struct device *d, const struct job *j)
{
    d->write32(d, REG_CONTROL, CONTROL_SOFT_RESET);
    for (int i = 0; d->read32(d, REG_STATUS) & STATUS_DRAINING; i++)
        if (i > 100000) { fprintf(stderr, "crypto_host: STATUS.DRAINING does not clear after the soft reset\n"); return -1; }
    uint32_t after = d->read32(d, REG_STATUS);
    for (int i = 0; (after & STATUS_CLOSING) && i < 100000; i++) after = d->read32(d, REG_STATUS);
    if (after & STATUS_CLOSING) {
        fprintf(stderr, "crypto_host: the soft reset cut an output packet of an earlier run and its end still waits on m_axis (STATUS 0x%08x): "
                        "receive it or reset the programmable logic first\n", after);
        return -1;
    }
    if ((after & STATUS_ERROR) && STATUS_ERROR_CODE(after) == ERROR_OUTPUT_CUT) {
        fprintf(stderr, "crypto_host: note: the soft reset cut an output packet of an earlier run (it has ended)\n");
        d->write32(d, REG_CONTROL, CONTROL_CLEAR_ERROR);
    }
    for (size_t i = 0; i < j->key_bytes / 4; i++) d->write32(d, REG_KEY0 + 4 * (uint32_t)i, le32(j->key + 4 * i));
    for (int i = 0; i < 4; i++) d->write32(d, REG_IV0 + 4 * i, le32(j->iv + 4 * i));
    d->write32(d, REG_CONFIG, config_of(j));
    d->write32(d, REG_CONTROL, CONTROL_START);
    uint32_t status = d->read32(d, REG_STATUS);
    if (status & STATUS_ERROR) { fprintf(stderr, "crypto_host: STATUS 0x%08x after configuration: error %u\n", status, STATUS_ERROR_CODE(status)); return -1; }
    return 0;
}

int main(int argc, char **argv)
{
    const char *device = "board", *core = "aes", *key_hex = NULL, *sizes_arg = "16,1024,262144,16777216";
    const char *mode_arg = NULL, *iv_hex = NULL, *counter_arg = NULL, *nonce_hex = NULL;
    int repeat = 1, decrypt = 0;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--decrypt")) { decrypt = 1; continue; }
        if (i + 1 >= argc) return usage("every option but --decrypt takes a value");
        if (!strcmp(argv[i], "--device")) device = argv[++i];
        else if (!strcmp(argv[i], "--core")) core = argv[++i];
        else if (!strcmp(argv[i], "--key")) key_hex = argv[++i];
        else if (!strcmp(argv[i], "--mode")) mode_arg = argv[++i];
        else if (!strcmp(argv[i], "--iv")) iv_hex = argv[++i];
        else if (!strcmp(argv[i], "--counter")) counter_arg = argv[++i];
        else if (!strcmp(argv[i], "--nonce")) nonce_hex = argv[++i];
        else if (!strcmp(argv[i], "--sizes")) sizes_arg = argv[++i];
        else if (!strcmp(argv[i], "--repeat")) repeat = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[++i], NULL, 0);
        else return usage("unknown option");
    }
    const struct core_info *c = NULL;
    for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++)
        if (!strcmp(core, cores[i].name)) c = &cores[i];
    if (!c) return usage("--core is aes, md5, sha224, sha256, sha384, sha512, chacha20 or poly1305");
    if (c->kind != BLOCK_CIPHER && (mode_arg || decrypt || iv_hex)) return usage("--mode, --decrypt and --iv are for --core aes");
    if (c->kind != STREAM_CIPHER && (counter_arg || nonce_hex)) return usage("--counter and --nonce are for --core chacha20");

    struct job job = { .mode = c->mode, .decrypt = decrypt };
    if (!key_hex) key_hex = c->key_sizes & KEYS_128 ? "000102030405060708090a0b0c0d0e0f" : "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    job.key_bytes = strlen(key_hex) / 2;
    if (strlen(key_hex) % 2 || job.key_bytes < 16 || job.key_bytes > 32 || job.key_bytes % 8 || !(c->key_sizes >> (job.key_bytes - 16) / 8 & 1)
        || parse_hex(key_hex, job.key, job.key_bytes) != 0)
        return usage(c->kind == BLOCK_CIPHER ? "--key is 32, 48 or 64 hexadecimal digits (AES-128, -192, -256)"
                     : c->key_sizes & KEYS_256 ? "--key is 64 hexadecimal digits" : "--key is 32 hexadecimal digits");
    if (mode_arg) {
        job.mode = !strcmp(mode_arg, "ecb") ? MODE_ECB : !strcmp(mode_arg, "cbc") ? MODE_CBC : !strcmp(mode_arg, "ctr") ? MODE_CTR : 99;
        if (job.mode == 99) return usage("--mode is ecb, cbc or ctr");
    }
    if (iv_hex && parse_hex(iv_hex, job.iv, 16) != 0) return usage("--iv is 32 hexadecimal digits");
    if (iv_hex && job.mode == MODE_ECB) return usage("--iv is for --mode cbc or ctr");
    unsigned long long counter = 0;
    if (counter_arg) {
        char *end;
        counter = strtoull(counter_arg, &end, 0);
        if (end == counter_arg || *end || *counter_arg == '-' || counter > 0xFFFFFFFFull) return usage("--counter is a block counter from 0 to 4294967295");
        for (int i = 0; i < 4; i++) job.iv[i] = (uint8_t)(counter >> 8 * i); /* IV0: the counter, little-endian */
    }
    if (nonce_hex && parse_hex(nonce_hex, job.iv + 4, 12) != 0) return usage("--nonce is 24 hexadecimal digits");
    if (repeat < 1) return usage("--repeat is at least 1");
    size_t sizes[16];
    int count = 0;
    for (const char *p = sizes_arg; *p && count < 16;) {
        char *end;
        unsigned long long v = strtoull(p, &end, 10);
        if (end == p || v == 0 || v > (1ull << 25) || (*end && *end != ',')) return usage("--sizes is a list of byte counts from 1 to 32 MiB");
        if (c->kind == BLOCK_CIPHER && job.mode != MODE_CTR && v % 16) return usage("AES-ECB and AES-CBC sizes are whole 16-byte blocks (CTR takes any length)");
        if (c->kind == STREAM_CIPHER && counter + (v + 63) / 64 - 1 > 0xFFFFFFFFull) return usage("--counter leaves too few blocks before 2^32 for the largest of --sizes");
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
    /* CAPS before any write: a wrapper that cannot do the job is left as it was. */
    if (!caps_admit(d->read32(d, REG_CAPS), &job, c->name, version & 0xFFFF)) { d->close(d); return 1; }
    if (configure(d, &job) != 0) { d->close(d); return 1; }
    char what[64] = "";
    if (c->kind == BLOCK_CIPHER)
        snprintf(what, sizeof what, ", AES-%zu-%s %s", 8 * job.key_bytes, mode_names[job.mode], job.decrypt ? "decryption" : "encryption");
    else if (c->kind == STREAM_CIPHER)
        snprintf(what, sizeof what, ", from block counter %llu", counter);
    printf("device %s: core '%s', variant %u, register map %u%s%s\n", device, idtext, version & 0xFFFF, version >> 16, what,
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
            long expected = reference(c, &job, in, n, want_bytes);
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
