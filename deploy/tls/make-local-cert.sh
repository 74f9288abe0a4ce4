#!/bin/sh
# A self-signed certificate for trying the stack on one machine (docs/deploy.md, TLS). Browsers
# warn about it; a real deployment puts its own pair at the same two paths instead.
#
#   deploy/tls/make-local-cert.sh [host name, default localhost]
#
# Writes deploy/tls/wallet.crt and deploy/tls/wallet.key, which nginx reads mounted read-only.
set -eu

name="${1:-localhost}"
here="$(cd "$(dirname "$0")" && pwd)"

if [ -e "$here/wallet.crt" ] || [ -e "$here/wallet.key" ]; then
  echo "$here/wallet.crt or wallet.key exists already: remove them first to make a new pair" >&2
  exit 1
fi

# openssl writes the key readable by its owner only; nginx's master process reads it as root.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
  -days 825 -subj "/CN=$name" \
  -addext "subjectAltName=DNS:$name,DNS:localhost,IP:127.0.0.1,IP:::1" \
  -addext "extendedKeyUsage=serverAuth" \
  -keyout "$here/wallet.key" -out "$here/wallet.crt"

echo "wrote $here/wallet.crt and $here/wallet.key (self-signed for $name, 825 days)"
