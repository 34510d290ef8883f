#!/usr/bin/env bash
# The release path's static checks (.ci/run runs them before the tests):
#   actionlint on .github/workflows/*.yml (runner labels, action versions,
#     expressions; with ShellCheck on PATH it checks every `run:` script too)
#   ShellCheck on the repository's own shell scripts
# actionlint comes from packaging/ci-tools.txt (version and hash pinned) in
# build/tools/actionlint-venv; shellcheck from the system (Debian: shellcheck).
#     bash packaging/lint-workflows.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python=${PYTHON:-python3}
tools="$root/build/tools/actionlint-venv"

command -v shellcheck >/dev/null || { echo "shellcheck is not installed (Debian: apt-get install shellcheck)" >&2; exit 1; }
if [ ! -x "$tools/bin/actionlint" ]; then
    "$python" -m venv "$tools"
    "$tools/bin/python" -m pip install -q --disable-pip-version-check --only-binary :all: \
        --require-hashes -r packaging/ci-tools.txt
fi
echo "+ actionlint $("$tools/bin/actionlint" -version | head -1) (shellcheck $(shellcheck --version | sed -n 's/^version: //p'))"
"$tools/bin/actionlint" -shellcheck "$(command -v shellcheck)" .github/workflows/*.yml
scripts=(.ci/run packaging/linux/build-appimage.sh packaging/linux/bookworm-root.sh packaging/macos/build-dmg.sh packaging/windows/get-innosetup.sh packaging/lint-workflows.sh)
echo "+ shellcheck ${scripts[*]}"
shellcheck --shell=bash "${scripts[@]}"
# the AppImage's entry is a POSIX sh script (its shebang tells ShellCheck so)
echo "+ shellcheck packaging/linux/AppRun"
shellcheck packaging/linux/AppRun
echo "workflows and shell scripts: clean"
