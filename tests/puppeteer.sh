# tests/puppeteer.sh -- chromium and puppeteer-core made ready for the
# tests that drive a browser (html.sh, desk.sh); sourced after
# tests/lib.sh (npm's errors go into $tmp). No browser is downloaded:
# chromium, tidy, node and npm are Debian's (tools/deps.sh html),
# puppeteer-core comes from npm.
#
#   browser_ready WHAT DIR   runs tools/deps.sh html, then installs
#                            puppeteer-core into DIR (its node_modules/)
#                            unless it is there already; prints why and
#                            returns 1 when it cannot (WHAT names the test)
#
# Two tests may start at once (make -j2 html desk): apt-get run twice
# fails on its lock, npm run twice into one folder leaves it broken. So
# both steps hold a lock on DIR/.install.lock (flock), and the second
# test waits for the first's install and then finds it done.
browser_ready() {
	local what=$1 dir=$2 root
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	mkdir -p "$dir"
	(
		if ! flock -w 1800 9; then
			echo "FAIL: $what: waited 1800 s for $dir/.install.lock (another test installing)"
			exit 1
		fi
		if ! bash "$root/tools/deps.sh" html; then
			echo "FAIL: $what: chromium, tidy, node or npm missing and not installed (tools/deps.sh html)"
			exit 1
		fi
		[ -d "$dir/node_modules/puppeteer-core" ] && exit 0
		if ! (cd "$dir" && PUPPETEER_SKIP_DOWNLOAD=1 npm install --no-audit --no-fund --silent \
			puppeteer-core >/dev/null 2>"$tmp/npm"); then
			cat "$tmp/npm"
			echo "FAIL: $what: npm could not install puppeteer-core into $dir"
			exit 1
		fi
	) 9>"$dir/.install.lock"
}
