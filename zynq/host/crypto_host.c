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
 * (the same key for every message: fine for a throughput run, never for real use).
 *
 * AEAD (--core aes-gcm | chacha20-poly1305; docs/axi.md "AEAD wrappers"):
 *   [--key HEX] [--iv HEX (aes-gcm: 1..64 bytes, default 12 zero bytes) | --nonce HEX24 (chacha20-poly1305)]
 *   [--aad FILE] [--decrypt] [--message FILE|- [--tag HEX]]
 * Each buffer is one message (one START): the packet is [IV, when it is not 12 bytes, zero-padded to 16]
 * || AAD (zero-padded to 16) || data; the output packet is the data's ciphertext or plaintext; the tag is
 * read from TAG0..3 once STATUS.TAG_VALID is set. A message with neither AAD nor data (and the IV in IV0..2)
 * has no packet: it is started with START | EMPTY (CAPS bit 16; a device without it is refused, exit 1),
 * no transfer, and only its tag comes (--sizes 0, or an empty --message; MB/s is then 0). A message with
 * AAD or a GCM IV in the packet but no data is refused (no output packet would end the transfer). With
 * --sizes the buffers are random plaintexts, sealed
 * by the device (ciphertext and tag checked against OpenSSL) or, with --decrypt, sealed by OpenSSL and
 * opened by the device with OpenSSL's tag (plaintext checked, no tag mismatch allowed). With --message the
 * file (or stdin) is one message: sealing writes ciphertext || 16-byte tag to stdout; opening (--decrypt,
 * --tag HEX: aes-gcm 12..16 bytes, chacha20-poly1305 16) writes the plaintext only when the device's
 * STATUS shows the tag right; a wrong tag is one line on stderr, exit 1 and nothing on stdout (the
 * wrapper has sent the plaintext before it knew: this program holds it and drops it). */
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
    fprintf(stderr, "crypto_host: %s (usage: crypto_host [--device board[:udmabuf0]|pipe:COMMAND] [--core aes|md5|sha224|sha256|sha384|sha512|chacha20|poly1305|aes-gcm|chacha20-poly1305] [--key HEX] [--mode ecb|cbc|ctr] [--decrypt] [--iv HEX] [--counter N] [--nonce HEX] [--aad FILE] [--message FILE|- [--tag HEX]] [--sizes N,N,...] [--repeat N] [--seed N])\n", message);
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
enum kind { BLOCK_CIPHER, HASH, STREAM_CIPHER, MAC, AEAD };

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
    { "aes-gcm", "GCM ", AEAD, KEYS_128 | KEYS_192 | KEYS_256, MODE_GCM, 0 },    /* direction from --decrypt */
    { "chacha20-poly1305", "CCP ", AEAD, KEYS_256, MODE_CHACHA_POLY, 0 },
};
static const char *const mode_names[] = { "ECB", "CBC", "CTR", "GCM", "ChaCha20-Poly1305" };
#define MODE_NAMES 5u

/* What one run asks of the core: the key, the 16 bytes of IV0..3 (AES: IV or initial counter block;
 * ChaCha20: block counter little-endian || nonce, which is also OpenSSL's chacha20 IV) and CONFIG. */
struct job {
    uint8_t key[32]; size_t key_bytes; uint8_t iv[16]; uint32_t mode; int decrypt;
    /* AEAD: the IV or nonce (IV_LEN; 12 bytes go to IV0..2, others into the packet), the AAD, the expected tag (opening) */
    uint8_t aead_iv[64]; size_t aead_iv_bytes; const uint8_t *aad; size_t aad_bytes; uint8_t tag[16]; size_t tag_bytes;
};

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

/* AEAD sealing by libcrypto (EVP_aes_*_gcm, EVP_chacha20_poly1305): the ciphertext of n bytes and the
 * 16-byte tag. 0 on success, -1 without OpenSSL, -2 when libcrypto fails. */
static int aead_seal(const struct core_info *c, const struct job *j, const uint8_t *in, size_t n, uint8_t *out, uint8_t *tag)
{
#ifdef NO_OPENSSL
    (void)c; (void)j; (void)in; (void)n; (void)out; (void)tag;
    return -1;
#else
    int gcm = c->mode == MODE_GCM, len = 0;
    const EVP_CIPHER *cipher = !gcm ? EVP_chacha20_poly1305() : j->key_bytes == 16 ? EVP_aes_128_gcm() : j->key_bytes == 24 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int ok = ctx && EVP_EncryptInit_ex(ctx, cipher, NULL, NULL, NULL)
          && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)j->aead_iv_bytes, NULL)
          && EVP_EncryptInit_ex(ctx, NULL, NULL, j->key, j->aead_iv)
          && (j->aad_bytes == 0 || EVP_EncryptUpdate(ctx, NULL, &len, j->aad, (int)j->aad_bytes))
          && (n == 0 || EVP_EncryptUpdate(ctx, out, &len, in, (int)n))
          && EVP_EncryptFinal_ex(ctx, out + len, &len)
          && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag);
    EVP_CIPHER_CTX_free(ctx);
    return ok ? 0 : -2;
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
            at += (size_t)snprintf(offers + at, sizeof offers - at, "%s%s", at ? "/" : "", m < MODE_NAMES ? mode_names[m] : "mode?");
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
    if (j->mode == MODE_GCM || j->mode == MODE_CHACHA_POLY) {
        d->write32(d, REG_AAD_LEN, (uint32_t)j->aad_bytes);
        d->write32(d, REG_IV_LEN, (uint32_t)j->aead_iv_bytes);
        d->write32(d, REG_TAG_LEN, (uint32_t)j->tag_bytes);
    }
    d->write32(d, REG_CONTROL, CONTROL_START);
    uint32_t status = d->read32(d, REG_STATUS);
    if (status & STATUS_ERROR) { fprintf(stderr, "crypto_host: STATUS 0x%08x after configuration: error %u\n", status, STATUS_ERROR_CODE(status)); return -1; }
    return 0;
}

/* Whether an AEAD message of n data bytes is empty: no data, no AAD, the IV in IV0..2 (no packet at all). */
static int aead_empty(const struct job *j, size_t n) { return n == 0 && j->aad_bytes == 0 && j->aead_iv_bytes == 12; }

/* One AEAD message through the wrapper: the expected tag (j->tag) and START, the packet [IV] || AAD ||
 * data (in), its output (n bytes into out), then TAG0..3 once STATUS.TAG_VALID is set and whether
 * STATUS flags a tag mismatch (then the error is cleared; the caller must drop out). An empty message
 * (aead_empty) is START | EMPTY and no transfer (*seconds 0). 0 on success. */
static int aead_message(struct device *d, const struct job *j, uint8_t *packet, const uint8_t *data, size_t n, uint8_t *out,
                        double *seconds, uint8_t *tag, int *mismatch)
{
    size_t iv_area = j->aead_iv_bytes == 12 ? 0 : (j->aead_iv_bytes + 15) / 16 * 16, aad_area = (j->aad_bytes + 15) / 16 * 16;
    memset(packet, 0, iv_area + aad_area);
    if (iv_area) memcpy(packet, j->aead_iv, j->aead_iv_bytes);
    if (j->aad_bytes) memcpy(packet + iv_area, j->aad, j->aad_bytes);
    memcpy(packet + iv_area + aad_area, data, n);
    for (int i = 0; i < 4; i++) d->write32(d, REG_TAG0 + 4 * i, le32(j->tag + 4 * i));
    int empty = aead_empty(j, n);
    /* START loads the tag (and clears TAG_VALID) at the message boundary; with EMPTY the message is there without a packet */
    d->write32(d, REG_CONTROL, empty ? CONTROL_START | CONTROL_EMPTY : CONTROL_START);
    *seconds = 0;
    if (!empty) {
        size_t got = 0;
        if (d->transfer(d, packet, iv_area + aad_area + n, out, n, &got, seconds) != 0) return -1;
        if (got != n) { snprintf(d->error, sizeof d->error, "%zu bytes out for %zu bytes of data", got, n); return -1; }
    }
    uint32_t status = d->read32(d, REG_STATUS);
    for (int i = 0; !(status & STATUS_TAG_VALID); i++) {
        if (i > 100000) { snprintf(d->error, sizeof d->error, "STATUS.TAG_VALID does not rise (STATUS 0x%08x)", status); return -1; }
        status = d->read32(d, REG_STATUS);
    }
    for (int i = 0; i < 4; i++) {
        uint32_t w = d->read32(d, REG_TAG0 + 4 * i);
        for (int b = 0; b < 4; b++) tag[4 * i + b] = (uint8_t)(w >> 8 * b);
    }
    *mismatch = (status & STATUS_TAG_MISMATCH) != 0;
    if (*mismatch) d->write32(d, REG_CONTROL, CONTROL_CLEAR_ERROR);
    return 0;
}

static uint8_t *read_file(const char *path, size_t *n)
{
    FILE *f = !strcmp(path, "-") ? stdin : fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, len = 0;
    uint8_t *p = malloc(cap);
    for (size_t got; p && (got = fread(p + len, 1, cap - len, f)) > 0;) {
        len += got;
        if (len == cap) { uint8_t *q = realloc(p, cap *= 2); if (!q) { free(p); p = NULL; } else p = q; }
    }
    int bad = ferror(f);
    if (f != stdin) fclose(f);
    if (bad) { free(p); return NULL; }
    *n = len;
    return p;
}

int main(int argc, char **argv)
{
    const char *device = "board", *core = "aes", *key_hex = NULL, *sizes_arg = "16,1024,262144,16777216";
    const char *mode_arg = NULL, *iv_hex = NULL, *counter_arg = NULL, *nonce_hex = NULL, *aad_path = NULL, *tag_hex = NULL, *message_path = NULL;
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
        else if (!strcmp(argv[i], "--aad")) aad_path = argv[++i];
        else if (!strcmp(argv[i], "--tag")) tag_hex = argv[++i];
        else if (!strcmp(argv[i], "--message")) message_path = argv[++i];
        else if (!strcmp(argv[i], "--sizes")) sizes_arg = argv[++i];
        else if (!strcmp(argv[i], "--repeat")) repeat = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[++i], NULL, 0);
        else return usage("unknown option");
    }
    const struct core_info *c = NULL;
    for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++)
        if (!strcmp(core, cores[i].name)) c = &cores[i];
    if (!c) return usage("--core is aes, md5, sha224, sha256, sha384, sha512, chacha20, poly1305, aes-gcm or chacha20-poly1305");
    int aead = c->kind == AEAD, gcm = c->mode == MODE_GCM && aead;
    if (c->kind != BLOCK_CIPHER && (mode_arg || (decrypt && !aead) || (iv_hex && !gcm)))
        return usage("--mode is for --core aes; --decrypt for aes, aes-gcm and chacha20-poly1305; --iv for aes and aes-gcm");
    if (c->kind != STREAM_CIPHER && (counter_arg || (nonce_hex && !(aead && !gcm))))
        return usage("--counter is for --core chacha20, --nonce for chacha20 and chacha20-poly1305");
    if (!aead && (aad_path || tag_hex || message_path)) return usage("--aad, --tag and --message are for --core aes-gcm and chacha20-poly1305");
    if (tag_hex && !(message_path && decrypt)) return usage("--tag (the expected tag) is for --message with --decrypt");
    if (message_path && decrypt && !tag_hex) return usage("opening a --message needs its expected --tag");

    struct job job = { .mode = c->mode, .decrypt = decrypt };
    if (!key_hex) key_hex = c->key_sizes & KEYS_128 ? "000102030405060708090a0b0c0d0e0f" : "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    job.key_bytes = strlen(key_hex) / 2;
    if (strlen(key_hex) % 2 || job.key_bytes < 16 || job.key_bytes > 32 || job.key_bytes % 8 || !(c->key_sizes >> (job.key_bytes - 16) / 8 & 1)
        || parse_hex(key_hex, job.key, job.key_bytes) != 0)
        return usage(c->kind == BLOCK_CIPHER || gcm ? "--key is 32, 48 or 64 hexadecimal digits (AES-128, -192, -256)"
                     : c->key_sizes & KEYS_256 ? "--key is 64 hexadecimal digits" : "--key is 32 hexadecimal digits");
    if (mode_arg) {
        job.mode = !strcmp(mode_arg, "ecb") ? MODE_ECB : !strcmp(mode_arg, "cbc") ? MODE_CBC : !strcmp(mode_arg, "ctr") ? MODE_CTR : 99;
        if (job.mode == 99) return usage("--mode is ecb, cbc or ctr");
    }
    if (aead) {
        /* The IV (aes-gcm, any length from 1 to 64 bytes) or nonce (12 bytes); 12 bytes go to IV0..2. */
        const char *hex = gcm ? iv_hex : nonce_hex;
        job.aead_iv_bytes = hex ? strlen(hex) / 2 : 12;
        if (hex && (strlen(hex) % 2 || job.aead_iv_bytes < 1 || job.aead_iv_bytes > 64 || (!gcm && job.aead_iv_bytes != 12)
                    || parse_hex(hex, job.aead_iv, job.aead_iv_bytes) != 0))
            return usage(gcm ? "--iv is 2 to 128 hexadecimal digits (aes-gcm: 24 for the 96-bit IV)" : "--nonce is 24 hexadecimal digits");
        if (job.aead_iv_bytes == 12) memcpy(job.iv, job.aead_iv, 12);
        job.tag_bytes = 16;
        if (tag_hex) {
            job.tag_bytes = strlen(tag_hex) / 2;
            if (strlen(tag_hex) % 2 || job.tag_bytes < (gcm ? 12u : 16u) || job.tag_bytes > 16 || parse_hex(tag_hex, job.tag, job.tag_bytes) != 0)
                return usage(gcm ? "--tag is 24 to 32 hexadecimal digits (a 12- to 16-byte tag)" : "--tag is 32 hexadecimal digits");
        }
        if (aad_path) {
            uint8_t *aad = read_file(aad_path, &job.aad_bytes);
            if (!aad) { fprintf(stderr, "crypto_host: cannot read the AAD file %s\n", aad_path); return 2; }
            job.aad = aad;
        }
    } else {
        if (iv_hex && parse_hex(iv_hex, job.iv, 16) != 0) return usage("--iv is 32 hexadecimal digits");
        if (iv_hex && job.mode == MODE_ECB) return usage("--iv is for --mode cbc or ctr");
    }
#ifdef NO_OPENSSL
    if (aead && decrypt && !message_path) return usage("this build has no OpenSSL to make the tags that --decrypt with --sizes opens; use --message");
#endif
    uint8_t *message = NULL;
    size_t message_bytes = 0;
    if (message_path) {
        message = read_file(message_path, &message_bytes);
        if (!message) { fprintf(stderr, "crypto_host: cannot read the message %s\n", message_path); return 2; }
        if (message_bytes == 0 && !aead_empty(&job, 0))
            return usage("a message with AAD or an IV in the packet but no data sends no output packet, which ends no transfer (give at least one byte of data)");
    }
    unsigned long long counter = 0;
    if (counter_arg) {
        char *end;
        counter = strtoull(counter_arg, &end, 0);
        if (end == counter_arg || *end || *counter_arg == '-' || counter > 0xFFFFFFFFull) return usage("--counter is a block counter from 0 to 4294967295");
        for (int i = 0; i < 4; i++) job.iv[i] = (uint8_t)(counter >> 8 * i); /* IV0: the counter, little-endian */
    }
    if (!aead && nonce_hex && parse_hex(nonce_hex, job.iv + 4, 12) != 0) return usage("--nonce is 24 hexadecimal digits");
    if (repeat < 1) return usage("--repeat is at least 1");
    size_t sizes[16];
    int count = 0;
    for (const char *p = sizes_arg; *p && count < 16;) {
        char *end;
        unsigned long long v = strtoull(p, &end, 10);
        if (end == p || v > (1ull << 25) || (*end && *end != ',')) return usage("--sizes is a list of byte counts from 1 to 32 MiB");
        if (v == 0 && !(aead && aead_empty(&job, 0)))
            return usage(aead ? "--sizes 0 (an empty message) is for a message without --aad and with the IV in IV0..2 (12 bytes)"
                              : "--sizes is a list of byte counts from 1 to 32 MiB");
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
    uint32_t caps = d->read32(d, REG_CAPS);
    if (!caps_admit(caps, &job, c->name, version & 0xFFFF)) { d->close(d); return 1; }
    int wants_empty = message ? message_bytes == 0 : 0;
    for (int s = 0; s < count; s++) wants_empty |= aead && !message && sizes[s] == 0;
    if (wants_empty && !(caps & CAPS_EMPTY_MESSAGE)) {
        fprintf(stderr, "crypto_host: the %s device (variant %u) cannot run a message with neither AAD nor data: its CAPS 0x%08x lacks bit 16 (EMPTY_MESSAGE)\n",
                c->name, version & 0xFFFF, caps);
        d->close(d);
        return 1;
    }
    if (configure(d, &job) != 0) { d->close(d); return 1; }
    if (message) {
        /* One message, the data to stdout: sealing ciphertext || tag; opening the plaintext, only when the tag is right. */
        size_t iv_area = job.aead_iv_bytes == 12 ? 0 : (job.aead_iv_bytes + 15) / 16 * 16, aad_area = (job.aad_bytes + 15) / 16 * 16;
        uint8_t *packet = malloc(iv_area + aad_area + message_bytes + 1), *out = malloc(message_bytes + 1), tag[16];
        double seconds = 0;
        int mismatch = 0;
        if (!packet || !out) { fprintf(stderr, "crypto_host: out of memory\n"); d->close(d); return 1; }
        if (aead_message(d, &job, packet, message, message_bytes, out, &seconds, tag, &mismatch) != 0) {
            fprintf(stderr, "crypto_host: %s\n", d->error);
            d->close(d);
            return 1;
        }
        d->close(d);
        if (mismatch) {
            fprintf(stderr, "crypto_host: the tag is wrong (STATUS error %u, tag mismatch): the message is not authentic, nothing written\n", ERROR_TAG_MISMATCH);
            return 1;
        }
        if (fwrite(out, 1, message_bytes, stdout) != message_bytes || (!decrypt && fwrite(tag, 1, 16, stdout) != 16) || fflush(stdout) != 0) {
            fprintf(stderr, "crypto_host: cannot write the output\n");
            return 1;
        }
        return 0;
    }
    char what[64] = "";
    if (c->kind == BLOCK_CIPHER)
        snprintf(what, sizeof what, ", AES-%zu-%s %s", 8 * job.key_bytes, mode_names[job.mode], job.decrypt ? "decryption" : "encryption");
    else if (c->kind == STREAM_CIPHER)
        snprintf(what, sizeof what, ", from block counter %llu", counter);
    else if (aead)
        snprintf(what, sizeof what, ", %s%s, %zu-byte %s, %zu bytes of AAD", gcm ? "AES-GCM " : "ChaCha20-Poly1305 ",
                 decrypt ? "opening" : "sealing", job.aead_iv_bytes, gcm ? "IV" : "nonce", job.aad_bytes);
    printf("device %s: core '%s', variant %u, register map %u%s%s\n", device, idtext, version & 0xFFFF, version >> 16, what,
           d->simulated ? " (simulated: MB/s from simulated clocks at 100 MHz)" : "");
#ifdef NO_OPENSSL
    printf("built without OpenSSL: results are NOT checked\n");
#endif
    printf("%10s %8s %12s %10s %s\n", "bytes", "repeat", "seconds", "MB/s", "result");

    rng_state = seed * 0x9E3779B97F4A7C15ULL + 1;
    int failures = 0;
    for (int s = 0; s < count && aead; s++) {
        /* AEAD: random plaintexts; sealed by the device, or by OpenSSL and opened by the device with OpenSSL's tag. */
        size_t n = sizes[s], iv_area = job.aead_iv_bytes == 12 ? 0 : (job.aead_iv_bytes + 15) / 16 * 16;
        size_t packet_bytes = iv_area + (job.aad_bytes + 15) / 16 * 16 + n;
        uint8_t *packet = d->buffer(d, packet_bytes, 0), *out = d->buffer(d, n, 1), *packet_owned = NULL, *out_owned = NULL;
        if (!packet) packet = packet_owned = malloc(packet_bytes + 1); /* + 1: an empty message has 0 bytes */
        if (!out) out = out_owned = malloc(n + 1);
        uint8_t *plain = malloc(n + 1), *sealed = malloc(n + 1), tag[16], want_tag[16] = { 0 };
        if (!packet || !out || !plain || !sealed) { fprintf(stderr, "crypto_host: out of memory\n"); return 1; }
        double total = 0;
        const char *result = "ok";
        for (int r = 0; r < repeat; r++) {
            fill_random(plain, n);
            int checked = aead_seal(c, &job, plain, n, sealed, want_tag) == 0, mismatch = 0;
            if (decrypt) memcpy(job.tag, want_tag, 16);
            double seconds = 0;
            if (aead_message(d, &job, packet, decrypt ? sealed : plain, n, out, &seconds, tag, &mismatch) != 0) {
                fprintf(stderr, "crypto_host: %zu bytes: %s\n", n, d->error);
                result = "DEVICE FAILURE";
                failures++;
                break;
            }
            total += seconds;
            if (!checked) { result = "not checked"; continue; }
            const uint8_t *want_out = decrypt ? plain : sealed;
            if (memcmp(out, want_out, n) != 0 || mismatch || (!decrypt && memcmp(tag, want_tag, 16) != 0)) {
                size_t at = 0;
                while (at < n && out[at] == want_out[at]) at++;
                fprintf(stderr, "crypto_host: %zu bytes: %s\n", n, mismatch ? "the device flags OpenSSL's tag as wrong"
                        : at < n ? "the output differs from OpenSSL's" : "the tag differs from OpenSSL's");
                result = "WRONG";
                failures++;
                break;
            }
        }
        printf("%10zu %8d %12.6f %10.2f %s\n", n, repeat, total, total > 0 ? (double)n * repeat / total / 1e6 : 0.0, result);
        fflush(stdout);
        free(packet_owned); free(out_owned); free(plain); free(sealed);
    }
    for (int s = 0; s < count && !aead; s++) {
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
