#!/usr/bin/env bash
# Runs crypto_host (native build) against wrappers that are not a board (./sme-crypto axi-serve):
#   1. the cycle-accurate C# simulation of the wrapper (--backend sim): every core crypto_host knows,
#      AES in its three key sizes, ECB/CBC/CTR, encryption and decryption, a CAPS refusal;
#   2. the wrapper's generated VHDL, with its Xilinx-named shell, in GHDL (--backend ghdl): a
#      representative set, whose whole output (results, simulated clocks per size, the wrapper's
#      counters) must equal the C# simulation's line for line, and one run under random TVALID gaps and
#      TREADY back-pressure.
# Configuration, packets through the streams, results checked with OpenSSL. Sizes are small: every
# clock of the wrapper is simulated (GHDL runs 80 to 900 clocks a second on these designs).
# test-sim.sh [sim|ghdl] runs one part only; BUILD=dir takes the program from dir/native (default build/). Exit status 0 when every check passed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
build="$(cd "$here" && mkdir -p "${BUILD:-build}" && cd "${BUILD:-build}" && pwd)"  # BUILD: as in the Makefile
host="$build/native/crypto_host"
[[ -x "$host" ]] || make -C "$here" BUILD="$build" >/dev/null
serve="$repo/sme-crypto axi-serve"
part="${1:-all}"
fail=0

run() {  # expected-exit description args...
    local want=$1 what=$2; shift 2
    local rc=0
    out="$("$host" "$@" 2>&1)" || rc=$?
    echo "$out" | sed 's/^/    /'
    if [[ $rc -ne $want ]]; then echo "FAIL $what: exit $rc, expected $want"; fail=1; return 1; fi
    if [[ $want -eq 0 ]] && ! grep -q " ok$" <<<"$out"; then echo "FAIL $what: no checked result"; fail=1; return 1; fi
    if [[ $want -eq 0 ]] && grep -qE "WRONG|FAILURE|not checked" <<<"$out"; then echo "FAIL $what"; fail=1; return 1; fi
    echo "ok   $what"
}

# The same program against GHDL and against the C# simulation: the output after the device line
# (results, seconds from simulated clocks, STATUS and the counters) must be the same.
same() {  # description core variant args...
    local what=$1 core=$2 variant=$3; shift 3
    run 0 "$what (GHDL)" --device "pipe:$serve --backend ghdl --core $core --variant $variant" --core "$core" "$@" || return 0
    local ghdl_out="$out"
    run 0 "$what (C# simulation, for comparison)" --device "pipe:$serve --core $core --variant $variant" --core "$core" "$@" || return 0
    if [[ "$(tail -n +2 <<<"$ghdl_out")" == "$(tail -n +2 <<<"$out")" ]]; then
        echo "ok   $what: GHDL and the C# simulation agree on every result, clock count and counter"
    else
        echo "FAIL $what: GHDL and the C# simulation differ"
        diff <(tail -n +2 <<<"$ghdl_out") <(tail -n +2 <<<"$out") | sed 's/^/    /' || true
        fail=1
    fi
}

if [[ $part == all || $part == sim ]]; then
    run 0 "aes proc11: 16 B, 1 KiB, 4 KiB against OpenSSL" --device "pipe:$serve --core aes --variant proc11" --core aes \
        --key 2b7e151628aed2a6abf7158809cf4f3c --sizes 16,1024,4096 --repeat 2 || true
    run 0 "md5 proc4: 16 B, 1000 B, 1 KiB against OpenSSL" --device "pipe:$serve --core md5 --variant proc4" --core md5 \
        --sizes 16,1000,1024 --repeat 2 || true
    run 0 "sha384 proc4: 16 B, 1000 B against OpenSSL" --device "pipe:$serve --core sha384 --variant proc4" --core sha384 \
        --sizes 16,1000 --repeat 1 || true
    run 0 "chacha20 proc10: 16 B, 1000 B, 1 KiB against OpenSSL" --device "pipe:$serve --core chacha20 --variant proc10" --core chacha20 \
        --sizes 16,1000,1024 --repeat 2 || true
    run 0 "md5 proc4 under TVALID gaps and TREADY back-pressure" \
        --device "pipe:$serve --core md5 --variant proc4 --gap-percent 30 --stall-percent 30 --seed 7" --core md5 --sizes 16,1000 || true
    # AES key sizes, modes and directions, each on the wrapper that does it (CAPS); NIST SP 800-38A keys
    # and IVs; every buffer one message from the IV, checked against OpenSSL's EVP_aes_*.
    run 0 "aes proc11: AES-192-ECB encryption" --device "pipe:$serve --core aes --variant proc11" --core aes \
        --key 8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b --sizes 16,1024 || true
    run 0 "aes proc11: AES-256-ECB encryption" --device "pipe:$serve --core aes --variant proc11" --core aes \
        --key 603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4 --sizes 16,1024 || true
    run 0 "aes proc11-dec: AES-128-ECB decryption" --device "pipe:$serve --core aes --variant proc11-dec" --core aes --decrypt \
        --key 2b7e151628aed2a6abf7158809cf4f3c --sizes 16,1024 || true
    run 0 "aes iterative-cbc: AES-128-CBC encryption" --device "pipe:$serve --core aes --variant iterative-cbc" --core aes --mode cbc \
        --key 2b7e151628aed2a6abf7158809cf4f3c --iv 000102030405060708090a0b0c0d0e0f --sizes 16,1024 --repeat 2 || true
    run 0 "aes proc11-cbc-dec: AES-192-CBC decryption" --device "pipe:$serve --core aes --variant proc11-cbc-dec" --core aes --mode cbc --decrypt \
        --key 8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b --iv 000102030405060708090a0b0c0d0e0f --sizes 16,1024 --repeat 2 || true
    run 0 "aes proc11-ctr: AES-256-CTR, 5 B, 1000 B, 1031 B" --device "pipe:$serve --core aes --variant proc11-ctr" --core aes --mode ctr \
        --key 603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4 --iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff --sizes 5,1000,1031 --repeat 2 || true
    run 0 "chacha20 proc10: counter 1, nonce of RFC 8439 2.4.2" --device "pipe:$serve --core chacha20 --variant proc10" --core chacha20 \
        --counter 1 --nonce 000000000000004a00000000 --sizes 64,1000 || true
    run 0 "poly1305 naive: 1 B, 16 B, 34 B, 1000 B against OpenSSL's EVP_MAC" --device "pipe:$serve --core poly1305 --variant naive" --core poly1305 \
        --key 85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b --sizes 1,16,34,1000 --repeat 2 || true
    # A request outside CAPS: refused before any register write, one line naming what CAPS offers.
    if run 1 "aes proc11: CBC refused by CAPS" --device "pipe:$serve --core aes --variant proc11" --core aes --mode cbc --sizes 16; then
        want="crypto_host: the aes device (variant 9) cannot do CBC encryption with a 128-bit key: its CAPS 0x00007101 offers ECB encryption, key sizes 128 192 256 bits"
        if [[ "$out" == "$want" ]]; then echo "ok   the refusal is the one CAPS line"; else echo "FAIL the refusal is not the one CAPS line: $want"; fail=1; fi
    fi
    run 1 "aes proc11-ctr: decryption refused by CAPS (CTR decryption is CTR encryption)" --device "pipe:$serve --core aes --variant proc11-ctr" --core aes --mode ctr --decrypt --sizes 16 || true
    run 2 "AES-CBC with a size that is not whole blocks is a usage error" --core aes --mode cbc --sizes 24 || true
    run 1 "an AES program on an MD5 device is refused" --device "pipe:$serve --core md5 --variant proc4" --core aes --sizes 16 || true
    run 2 "bad usage" --core des || true
fi

if [[ $part == all || $part == ghdl ]]; then
    if ! command -v ghdl >/dev/null; then
        echo "FAIL GHDL backend: ghdl is not installed (./scripts/setup)"
        fail=1
    else
        same "aes proc11: 16 B, 1 KiB, 4 KiB against OpenSSL" aes proc11 --key 2b7e151628aed2a6abf7158809cf4f3c --sizes 16,1024,4096
        same "md5 proc4: 16 B, 1000 B, 1 KiB against OpenSSL" md5 proc4 --sizes 16,1000,1024
        same "sha256 proc4: 16 B, 1000 B against OpenSSL" sha256 proc4 --sizes 16,1000
        same "chacha20 proc10: 16 B, 1000 B, 1 KiB against OpenSSL" chacha20 proc10 --sizes 16,1000,1024
        same "aes proc11-ctr: AES-192-CTR, 16 B, 100 B against OpenSSL" aes proc11-ctr --mode ctr --key 8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b \
            --iv f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff --sizes 16,100
        run 0 "md5 proc4 in GHDL under TVALID gaps and TREADY back-pressure" \
            --device "pipe:$serve --backend ghdl --core md5 --variant proc4 --gap-percent 30 --stall-percent 30 --seed 7" --core md5 --sizes 16,1000 || true
    fi
fi
exit $fail
