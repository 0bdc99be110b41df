/* Register map of the sme-crypto AXI wrappers (src/Axi/AxiRegisters.cs holds the same numbers) and
 * the addresses of the Zedboard design built by zynq/build.tcl. */
#ifndef CRYPTO_AXI_H
#define CRYPTO_AXI_H

/* physical addresses (zynq/build.tcl, section "address map") */
#define CRYPTO_REGS_PHYS 0x43C00000u
#define CRYPTO_REGS_SIZE 0x1000u
#define DMA_REGS_PHYS    0x40400000u
#define DMA_REGS_SIZE    0x10000u

/* wrapper registers (byte offsets) */
#define REG_ID          0x00u /* four ASCII characters, first in bits 31..24 */
#define REG_VERSION     0x04u /* 31..16 register-map version, 15..0 variant number */
#define REG_CAPS        0x08u
#define REG_CONFIG      0x0Cu /* 3..0 mode, 8 decrypt, 13..12 key size; staged */
#define REG_CONTROL     0x10u
#define REG_STATUS      0x14u
#define REG_BLOCKS_IN   0x18u
#define REG_BLOCKS_OUT  0x1Cu
#define REG_BUSY_CYCLES 0x20u
#define REG_PACKETS_OUT 0x24u /* AEAD wrappers: a message without data (no output packet) counts here too */
/* AEAD wrappers only (aes-gcm "GCM ", chacha20-poly1305 "CCP "; docs/axi.md "AEAD wrappers"); staged, loaded by START */
#define REG_AAD_LEN     0x28u /* AAD bytes at the start of each packet (after a GCM IV in the packet), zero-padded there to 16 */
#define REG_IV_LEN      0x2Cu /* 12: the IV/nonce is IV0..IV2; GCM: any other length >= 1, the IV is the packet's first bytes, zero-padded to 16 */
#define REG_TAG_LEN     0x30u /* expected-tag bytes compared when opening: GCM 12..16, ChaCha20-Poly1305 16 */
#define REG_TAG0        0x70u /* TAG0..3: written = the expected tag (opening), read = the tag of the last message that ended; byte 4n in bits 7..0 */
#define REG_KEY0        0x40u /* KEYn: key bytes 4n..4n+3, byte 4n in bits 7..0; write-only, staged */
#define REG_IV0         0x60u /* IVn: IV bytes 4n..4n+3; staged. ChaCha20: IV0 = initial block counter, IV1..3 = nonce bytes 0..11; AEAD: IV0..2 = the 96-bit IV or nonce (IV_LEN 12) */

/* CONFIG fields (AxiRegisters.Config*): the value is mode | decrypt | key size code << 12 */
#define CONFIG_MODE_MASK      0xFu
#define CONFIG_DECRYPT        (1u << 8)
#define CONFIG_KEY_SIZE_SHIFT 12 /* 2 bits: 0 128, 1 192, 2 256 */
#define MODE_ECB 0u
#define MODE_CBC 1u
#define MODE_CTR 2u
#define MODE_GCM 3u         /* aes-gcm wrappers */
#define MODE_CHACHA_POLY 4u /* chacha20-poly1305 wrappers */

/* CAPS fields (AxiRegisters.Caps*): what CONFIG values the wrapper accepts (others: error 1) */
#define CAPS_MODES(c)     ((c) & 0xFFu)          /* bit m: mode m */
#define CAPS_ENCRYPT      (1u << 8)
#define CAPS_DECRYPT      (1u << 9)
#define CAPS_KEY_SIZES(c) (((c) >> 12) & 0x7u)   /* bit n: key size code n */
#define CAPS_EMPTY_MESSAGE (1u << 16)            /* AEAD: START with CONTROL_EMPTY runs a message with neither AAD nor data */

#define CONTROL_START       (1u << 0)
#define CONTROL_SOFT_RESET  (1u << 1)
#define CONTROL_CLEAR_ERROR (1u << 2)
#define CONTROL_EMPTY       (1u << 3) /* AEAD, with START (CAPS_EMPTY_MESSAGE): the message has neither AAD nor data, the IV/nonce in IV0..2;
                                         send no packet, no output packet comes, wait for TAG_VALID. Error 1 without START or with IV_LEN != 12 */

#define STATUS_BUSY         (1u << 0)
#define STATUS_ERROR        (1u << 1)
#define STATUS_LOAD_PENDING (1u << 2)
#define STATUS_ENABLED      (1u << 3)
#define STATUS_DRAINING     (1u << 4)
#define STATUS_CLOSING      (1u << 5) /* the output packet in progress at the last soft reset has not ended on m_axis */
#define STATUS_TAG_VALID    (1u << 6) /* AEAD: a message has ended since START / SOFT_RESET; TAG0..3 hold its tag */
#define STATUS_TAG_MISMATCH (1u << 7) /* AEAD: that message was opened with a wrong tag (error 6): DISCARD its output packet */
#define STATUS_ERROR_CODE(s) (((s) >> 8) & 0xFFu)

/* error codes (STATUS bits 15..8) */
#define ERROR_CONFIG_REFUSED    1u
#define ERROR_KEEP              2u
#define ERROR_PARTIAL_BLOCK     3u
#define ERROR_COUNTER_EXHAUSTED 4u /* ChaCha20: the packet ran past block counter 2^32-1; its output ends at that block */
#define ERROR_OUTPUT_CUT        5u /* a soft reset cut the output packet in progress: it ends with one closing zero byte (docs/axi.md) */
#define ERROR_TAG_MISMATCH      6u /* AEAD: an opened message's tag was wrong; its plaintext has ALREADY gone out on m_axis: discard it */
#define ERROR_SHORT_PACKET      7u /* AEAD: a packet ended before the IV and AAD that IV_LEN and AAD_LEN announce */

#define MAP_VERSION 1u

/* AXI DMA (PG021) simple-mode registers */
#define DMA_MM2S_DMACR  0x00u
#define DMA_MM2S_DMASR  0x04u
#define DMA_MM2S_SA     0x18u
#define DMA_MM2S_LENGTH 0x28u
#define DMA_S2MM_DMACR  0x30u
#define DMA_S2MM_DMASR  0x34u
#define DMA_S2MM_DA     0x48u
#define DMA_S2MM_LENGTH 0x58u
#define DMA_CR_RUN      (1u << 0)
#define DMA_CR_RESET    (1u << 2)
#define DMA_SR_HALTED   (1u << 0)
#define DMA_SR_IDLE     (1u << 1)
#define DMA_SR_ERRORS   0x770u /* DMAIntErr, DMASlvErr, DMADecErr, SGIntErr, SGSlvErr, SGDecErr */
#define DMA_SR_IOC      (1u << 12)

#endif
