#!/usr/bin/env bash
# Installs what Trainwright needs on a Debian machine, idempotently.
#   infra/provision.sh            the media tools the product runs (LibreOffice for .doc/.ppt and
#                                 exports, ffmpeg, Flite, espeak-ng, poppler) and PostgreSQL, Redis and
#                                 NATS only if none is reachable
#   infra/provision.sh --test     also the tools the test suite drives (Chromium)
# PostgreSQL, Redis and NATS that already answer on their ports are used as they are.
set -euo pipefail

want_test=false
[[ "${1:-}" == "--test" ]] && want_test=true

PG_HOST=${PGHOST_CHECK:-127.0.0.1}
reachable() { timeout 2 bash -c ">/dev/tcp/$1/$2" 2>/dev/null; }
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

missing=()
apt_updated=false
apt_install() {
  if [[ $apt_updated == false ]]; then
    as_root apt-get update -qq
    apt_updated=true
  fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@"
}

# PostgreSQL ------------------------------------------------------------------------------
# The project service's search index needs the contrib extension pg_trgm: Debian's postgresql-NN
# package ships it (a PostgreSQL answering already must have its contrib modules too).
if ! reachable "$PG_HOST" 5432; then
  echo "[provision] PostgreSQL not reachable: installing and starting it"
  have_pkg postgresql || apt_install postgresql
  version=$(ls /etc/postgresql | sort -V | tail -1)
  hba=/etc/postgresql/$version/main/pg_hba.conf
  # Local development only: trust loopback connections, as the project's DATABASE_URL expects.
  grep -q 'trainwright-local' "$hba" || as_root sed -i "1i host all all 127.0.0.1/32 trust # trainwright-local\nhost all all ::1/128 trust # trainwright-local" "$hba"
  as_root pg_ctlcluster "$version" main start || as_root pg_ctlcluster "$version" main reload
  for _ in $(seq 1 30); do reachable "$PG_HOST" 5432 && break; sleep 1; done
fi

# Redis -----------------------------------------------------------------------------------
if ! reachable 127.0.0.1 6379; then
  echo "[provision] Redis not reachable: installing and starting it"
  have_pkg redis-server || apt_install redis-server
  as_root redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
  for _ in $(seq 1 30); do reachable 127.0.0.1 6379 && break; sleep 1; done
fi

# NATS with JetStream ---------------------------------------------------------------------
if ! reachable 127.0.0.1 4222; then
  echo "[provision] NATS not reachable: installing and starting it with JetStream"
  have_pkg nats-server || apt_install nats-server
  as_root mkdir -p /var/lib/nats-server
  as_root start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  for _ in $(seq 1 30); do reachable 127.0.0.1 4222 && break; sleep 1; done
fi

# Media tools the product runs ----------------------------------------------------------
# LibreOffice without its GUI reads legacy .doc/.ppt (and converts exports in tests); ffmpeg, Flite
# (English narration) and espeak-ng (every other language) render narrated video; poppler reads PDFs
# back; the fonts cover the templates' families and, for PDFs and slide images, Cyrillic and CJK text.
for pkg in libreoffice-writer-nogui libreoffice-impress-nogui poppler-utils ffmpeg flite espeak-ng fonts-dejavu-core fonts-dejavu-extra fonts-liberation2 fonts-noto-core fonts-droid-fallback; do
  have_pkg "$pkg" || missing+=("$pkg")
done

# pocketsphinx with its US English model, the offline speech recogniser of video transcription
# (docs/benchmarks.md, "Offline transcription").
for pkg in pocketsphinx pocketsphinx-en-us; do have_pkg "$pkg" || missing+=("$pkg"); done

# Apertium, the offline translation engine, with every Debian pair that serves the plans'
# languages: English-Spanish, Spanish-French, Spanish-Portuguese, Spanish-Italian, English,
# French, Italian and Portuguese through Catalan, and Danish, Norwegian and Swedish among
# themselves (docs/translation.md lists the routes this gives).
for pkg in apertium apertium-eng-spa apertium-fr-es apertium-es-pt apertium-spa-ita apertium-eng-cat apertium-fra-cat apertium-cat-ita apertium-por-cat apertium-dan-nor apertium-swe-dan apertium-swe-nor; do
  have_pkg "$pkg" || missing+=("$pkg")
done

# Tools the tests use ---------------------------------------------------------------------
if [[ $want_test == true ]]; then
  # xmllint (libxml2-utils) validates SCORM manifests against the IMS/ADL schemas. The browser
  # tests run in Chromium's headless shell (scripts/lib/ensure-node.mjs: CHROMIUM_PATH); chromium
  # itself stays for running them in a window. pocketsphinx-testdata holds the recorded human
  # speech the transcription tests measure the word error rate on.
  for pkg in chromium chromium-headless-shell libxml2-utils pocketsphinx-testdata; do have_pkg "$pkg" || missing+=("$pkg"); done
fi
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "[provision] installing ${missing[*]}"
  apt_install "${missing[@]}"
fi

for check in "$PG_HOST 5432 PostgreSQL" "127.0.0.1 6379 Redis" "127.0.0.1 4222 NATS"; do
  set -- $check
  reachable "$1" "$2" || { echo "[provision] $3 is still not reachable on $1:$2" >&2; exit 1; }
done
echo "[provision] PostgreSQL, Redis and NATS are reachable"
