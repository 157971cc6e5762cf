// Reads GitHub workflow command lines on standard input and prints, per line, a JSON object:
// - the command, properties and message as the Actions runner parses them (ActionCommand.TryParseV2 in
//   actions/runner: "::" command [" " key=value{,key=value}] "::" data, values unescaped %0D %0A %3A %2C %25);
// - "reissued": the same command written back by @actions/core, GitHub's own toolkit for actions.
// A line that is not a command gives {"command": null}. Run with NODE_PATH holding @actions/core.
const { issueCommand } = require('@actions/core/lib/command');

function unescape(s) {
  return s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
}

function parse(line) {
  if (!line.startsWith('::')) return null;
  const end = line.indexOf('::', 2);
  if (end < 0) return null;
  const info = line.substring(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.substring(0, space);
  const properties = {};
  if (space > 0) {
    for (const pair of info.substring(space + 1).trim().split(',').filter(p => p.length > 0)) {
      const eq = pair.indexOf('=');
      if (eq > 0) properties[pair.substring(0, eq)] = unescape(pair.substring(eq + 1));
    }
  }
  return { command, properties, message: unescape(line.substring(end + 2)) };
}

function reissue(c) {
  let written = '';
  const write = process.stdout.write;
  process.stdout.write = chunk => { written += chunk; return true; };
  try {
    issueCommand(c.command, c.properties, c.message);
  } finally {
    process.stdout.write = write;
  }
  return written.replace(/\r?\n$/, '');
}

const lines = require('fs').readFileSync(0, 'utf8').split('\n').filter(l => l.length > 0);
for (const line of lines) {
  const c = parse(line);
  console.log(JSON.stringify(c === null ? { command: null, line } : { ...c, reissued: reissue(c) }));
}
