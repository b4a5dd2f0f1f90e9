# Sourced by .ci/run (and by developers: `source scripts/node-path.sh`): puts the Node.js that
# `npm run setup` installed under .tools/node first on PATH, when it installed one (the machine's Node
# was older than 22). Prints the version in use.
_bi_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
for _bi_bin in "$_bi_root"/.tools/node/node_modules/node-linux-*/bin; do
  [ -x "$_bi_bin/node" ] && export PATH="$_bi_bin:$PATH"
done
unset _bi_root _bi_bin
echo "node $(node --version) ($(command -v node))"
