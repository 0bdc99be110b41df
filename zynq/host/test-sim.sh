#!/usr/bin/env bash
# Runs crypto_host (native build) against the cycle-accurate simulation of real wrappers
# (./sme-crypto axi-serve): configuration, packets through the streams, results checked with OpenSSL.
# Sizes are small: every clock of the wrapper is simulated. Exit status 0 when every check passed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
host="$here/build/native/crypto_host"
[[ -x "$host" ]] || make -C "$here" >/dev/null
serve="$repo/sme-crypto axi-serve"
fail=0

run() {  # expected-exit description args...
    local want=$1 what=$2; shift 2
    local out rc=0
    out="$("$host" "$@" 2>&1)" || rc=$?
    echo "$out" | sed 's/^/    /'
    if [[ $rc -ne $want ]]; then echo "FAIL $what: exit $rc, expected $want"; fail=1; return; fi
    if [[ $want -eq 0 ]] && ! grep -q " ok$" <<<"$out"; then echo "FAIL $what: no checked result"; fail=1; return; fi
    if [[ $want -eq 0 ]] && grep -qE "WRONG|FAILURE|not checked" <<<"$out"; then echo "FAIL $what"; fail=1; return; fi
    echo "ok   $what"
}

run 0 "aes proc11: 16 B, 1 KiB, 4 KiB against OpenSSL" --device "pipe:$serve --core aes --variant proc11" --core aes \
    --key 2b7e151628aed2a6abf7158809cf4f3c --sizes 16,1024,4096 --repeat 2
run 0 "md5 proc4: 16 B, 1000 B, 1 KiB against OpenSSL" --device "pipe:$serve --core md5 --variant proc4" --core md5 \
    --sizes 16,1000,1024 --repeat 2
run 0 "sha384 proc4: 16 B, 1000 B against OpenSSL" --device "pipe:$serve --core sha384 --variant proc4" --core sha384 \
    --sizes 16,1000 --repeat 1
run 0 "chacha20 proc10: 16 B, 1000 B, 1 KiB against OpenSSL" --device "pipe:$serve --core chacha20 --variant proc10" --core chacha20 \
    --sizes 16,1000,1024 --repeat 2
run 1 "an AES program on an MD5 device is refused" --device "pipe:$serve --core md5 --variant proc4" --core aes --sizes 16
run 2 "bad usage" --core des
exit $fail
