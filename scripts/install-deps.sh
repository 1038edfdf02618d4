#!/bin/sh
# Install the Debian packages listed in scripts/deps.txt that are missing.
# Run as root (CI, `make demo`); as another user it only reports what is
# missing, so a developer can install them by hand.
set -eu
here=$(dirname "$0")
missing=""
for p in $(grep -v '^#' "$here/deps.txt"); do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "install-deps: missing Debian packages:$missing (run as root)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null || apt-get update
apt-get install -y -q --no-install-recommends $missing
