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
# AEAD: an AAD file and the files of the --message runs
aad="$(mktemp)"; msg="$(mktemp)"; sealed="$(mktemp)"; opened="$(mktemp)"; empty="$(mktemp)"
trap 'rm -f "$aad" "$msg" "$sealed" "$opened" "$empty" "$sealed.err" "$msg.pt" "$msg.ct"' EXIT
printf 'header: 20 bytes AAD' >"$aad"
printf 'A message of 45 bytes to seal and open again.' >"$msg"

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

# One AEAD message (crypto_host --message "$msg"): stdout to "$opened", stderr to "$sealed.err".
message() {  # description expected-exit device args...
    local what=$1 want=$2; shift 2
    local rc=0
    "$host" --device "$@" --message "$msg" >"$opened" 2>"$sealed.err" || rc=$?
    if [[ $rc -ne $want ]]; then echo "FAIL $what: exit $rc, expected $want"; sed 's/^/    /' "$sealed.err"; fail=1; return 1; fi
    echo "ok   $what"
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
    # AEAD: AES-GCM (aes-gcm proc11, every key size) and ChaCha20-Poly1305 (proc10), each buffer one
    # message; sealing checked (ciphertext and tag) against OpenSSL's EVP_aes_*_gcm / EVP_chacha20_poly1305,
    # opening with OpenSSL's tag (plaintext checked, no mismatch allowed).
    gcm="pipe:$serve --core aes-gcm --variant proc11"
    run 0 "aes-gcm proc11: AES-128-GCM sealing, 20 bytes of AAD, 1 B, 100 B, 1 KiB" --device "$gcm" --core aes-gcm \
        --key feffe9928665731c6d6a8f9467308308 --iv cafebabefacedbaddecaf888 --aad "$aad" --sizes 1,100,1024 --repeat 2 || true
    run 0 "aes-gcm proc11: AES-256-GCM opening with OpenSSL's tags, no AAD" --device "$gcm" --core aes-gcm --decrypt \
        --key 603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4 --sizes 16,1000 --repeat 2 || true
    run 0 "aes-gcm proc11: AES-192-GCM, a 60-byte IV (in the packet) and AAD" --device "$gcm" --core aes-gcm --aad "$aad" \
        --key 8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b \
        --iv 9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b --sizes 33 || true
    ccp="pipe:$serve --core chacha20-poly1305 --variant proc10"
    run 0 "chacha20-poly1305 proc10: sealing with AAD, nonce of RFC 8439 2.8.2, 1 B, 114 B, 1 KiB" --device "$ccp" --core chacha20-poly1305 \
        --key 808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f --nonce 070000004041424344454647 --aad "$aad" --sizes 1,114,1024 || true
    run 0 "chacha20-poly1305 proc10: opening with OpenSSL's tags" --device "$ccp" --core chacha20-poly1305 --decrypt --sizes 64,1000 || true
    # One message (--message): sealed (ciphertext || tag), opened again with its tag (the original comes
    # back), opened with a wrong tag (exit 1, one line on stderr, nothing on stdout).
    for dev in "$gcm" "$ccp"; do
        core=aes-gcm; [[ $dev == "$ccp" ]] && core=chacha20-poly1305
        if message "$core: --message sealed (ciphertext || tag)" 0 "$dev" --core "$core" --aad "$aad"; then
            cp "$opened" "$sealed"
            n=$(( $(stat -c %s "$sealed") - 16 ))
            tag="$(tail -c 16 "$sealed" | od -An -tx1 | tr -d ' \n')"
            head -c "$n" "$sealed" >"$msg.ct"
            cp "$msg" "$msg.pt"; cp "$msg.ct" "$msg"
            if message "$core: --message opened with its tag" 0 "$dev" --core "$core" --aad "$aad" --decrypt --tag "$tag" && cmp -s "$opened" "$msg.pt"; then
                echo "ok   $core: the opened message is the original"
            else echo "FAIL $core: the opened message differs from the original"; fail=1; fi
            if [[ ${tag:0:1} == 0 ]]; then bad="1${tag:1}"; else bad="0${tag:1}"; fi
            if message "$core: --message with a wrong tag is refused" 1 "$dev" --core "$core" --aad "$aad" --decrypt --tag "$bad" \
                && [[ ! -s "$opened" && $(wc -l <"$sealed.err") -eq 1 ]] && grep -q "tag is wrong" "$sealed.err"; then
                echo "ok   $core: a wrong tag writes nothing and says so in one line"
            else echo "FAIL $core: a wrong tag must give one line on stderr and nothing on stdout"; sed 's/^/    /' "$sealed.err"; fail=1; fi
            cp "$msg.pt" "$msg"; rm -f "$msg.pt" "$msg.ct" "$sealed.err"
        fi
    done
    # Empty messages (neither AAD nor data, the IV or nonce in IV0..2): START with EMPTY, no packet, only the
    # tag (CAPS bit 16). --sizes 0 between other sizes: sealed (tag checked against OpenSSL) and opened with
    # OpenSSL's tags; an empty --message: GCM test case 1 (zero key, zero IV), then opened with its tag and
    # with a wrong one.
    run 0 "aes-gcm proc11: empty messages between 16-byte ones, AES-128-GCM sealing" --device "$gcm" --core aes-gcm \
        --key 00000000000000000000000000000000 --sizes 0,16,0 --repeat 2 || true
    run 0 "aes-gcm proc11: empty messages opened with OpenSSL's tags, AES-256-GCM" --device "$gcm" --core aes-gcm --decrypt \
        --key 603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4 --sizes 0,33,0 || true
    run 0 "chacha20-poly1305 proc10: empty messages between others, sealing" --device "$ccp" --core chacha20-poly1305 \
        --nonce 070000004041424344454647 --sizes 0,64,0 --repeat 2 || true
    run 0 "chacha20-poly1305 proc10: empty messages opened with OpenSSL's tags" --device "$ccp" --core chacha20-poly1305 --decrypt --sizes 0,1 || true
    run 2 "--sizes 0 with --aad is a usage error (the packet would have no output to end its transfer)" --core aes-gcm --aad "$aad" --sizes 0 || true
    run 2 "an empty --message with --aad is a usage error" --core chacha20-poly1305 --aad "$aad" --message "$empty" || true
    for dev in "$gcm" "$ccp"; do
        core=aes-gcm; [[ $dev == "$ccp" ]] && core=chacha20-poly1305
        zero=(--key 0000000000000000000000000000000000000000000000000000000000000000)
        [[ $core == aes-gcm ]] && zero=(--key 00000000000000000000000000000000 --iv 000000000000000000000000)
        rc=0; "$host" --device "$dev" --core "$core" "${zero[@]}" --message "$empty" >"$opened" 2>"$sealed.err" || rc=$?
        tag="$(od -An -tx1 "$opened" | tr -d ' \n')"
        if [[ $rc -ne 0 || ${#tag} -ne 32 ]]; then
            echo "FAIL $core: an empty --message sealed: exit $rc, ${#tag} hex digits out, expected the 16-byte tag alone"; sed 's/^/    /' "$sealed.err"; fail=1; continue
        fi
        if [[ $core == aes-gcm && $tag != 58e2fccefa7e3061367f1d57a4e7455a ]]; then
            echo "FAIL aes-gcm: the empty message's tag $tag is not GCM test case 1's"; fail=1
        else
            note=""; [[ $core == aes-gcm ]] && note=" (GCM test case 1)"
            echo "ok   $core: an empty --message sealed is its tag alone$note"
        fi
        if [[ ${tag:0:1} == 0 ]]; then bad="1${tag:1}"; else bad="0${tag:1}"; fi
        rc=0; "$host" --device "$dev" --core "$core" "${zero[@]}" --decrypt --tag "$tag" --message "$empty" >"$opened" 2>"$sealed.err" || rc=$?
        if [[ $rc -eq 0 && ! -s "$opened" ]]; then echo "ok   $core: an empty --message opened with its tag"
        else echo "FAIL $core: an empty --message opened with its tag: exit $rc, $(stat -c %s "$opened") bytes out"; sed 's/^/    /' "$sealed.err"; fail=1; fi
        rc=0; "$host" --device "$dev" --core "$core" "${zero[@]}" --decrypt --tag "$bad" --message "$empty" >"$opened" 2>"$sealed.err" || rc=$?
        if [[ $rc -eq 1 && ! -s "$opened" && $(wc -l <"$sealed.err") -eq 1 ]] && grep -q "tag is wrong" "$sealed.err"; then
            echo "ok   $core: an empty --message with a wrong tag is refused in one line"
        else echo "FAIL $core: an empty --message with a wrong tag: exit $rc, expected 1 and one line"; sed 's/^/    /' "$sealed.err"; fail=1; fi
    done
    run 1 "an aes-gcm program on an AES device is refused (ID)" --device "pipe:$serve --core aes --variant proc11" --core aes-gcm --sizes 16 || true
    run 2 "--tag without --message --decrypt is a usage error" --core aes-gcm --tag 00000000000000000000000000000000 --sizes 16 || true
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
        same "aes-gcm proc11: AES-128-GCM sealing with AAD, 1 B, 100 B against OpenSSL" aes-gcm proc11 --key feffe9928665731c6d6a8f9467308308 \
            --iv cafebabefacedbaddecaf888 --aad "$aad" --sizes 1,100
        same "chacha20-poly1305 proc10: opening with OpenSSL's tags, 64 B, 200 B" chacha20-poly1305 proc10 --decrypt --sizes 64,200
        same "aes-gcm proc11: empty messages (START with EMPTY) between 16-byte ones, sealing against OpenSSL" aes-gcm proc11 \
            --key 00000000000000000000000000000000 --sizes 0,16,0
        same "chacha20-poly1305 proc10: an empty message opened with OpenSSL's tag, then 64 B" chacha20-poly1305 proc10 --decrypt --sizes 0,64
        if message "chacha20-poly1305 proc10 in GHDL: --message opened with a wrong tag" 1 "pipe:$serve --backend ghdl --core chacha20-poly1305 --variant proc10" \
            --core chacha20-poly1305 --decrypt --tag 000102030405060708090a0b0c0d0e0f && [[ ! -s "$opened" && $(wc -l <"$sealed.err") -eq 1 ]]; then
            echo "ok   chacha20-poly1305 proc10 in GHDL: a wrong tag writes nothing and says so in one line"
        else echo "FAIL chacha20-poly1305 proc10 in GHDL: a wrong tag must give one line on stderr and nothing on stdout"; fail=1; fi
        run 0 "md5 proc4 in GHDL under TVALID gaps and TREADY back-pressure" \
            --device "pipe:$serve --backend ghdl --core md5 --variant proc4 --gap-percent 30 --stall-percent 30 --seed 7" --core md5 --sizes 16,1000 || true
    fi
fi
exit $fail
