// Local pages that imitate the web terminals of Amadeus Selling Platform Connect, Sabre Red 360 and
// Travelport Smartpoint Cloud closely enough for the extension: a screen that grows with each
// entry's echo and a cryptic answer, and a command line (Amadeus: an editable area, Sabre: a
// textarea, Travelport: a one-line field). Enter sends the command line's text as the terminal
// would; nothing else does. Served over a real HTTP server on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TerminalDialect = 'amadeus' | 'sabre' | 'travelport';

const commandLine: Record<TerminalDialect, string> = {
  amadeus: '<div id="command" contenteditable="true" aria-label="Command" class="cmd"></div>',
  sabre: '<textarea id="command" aria-label="Command" class="cmd" rows="3"></textarea>',
  travelport: '<input id="command" aria-label="Command" class="cmd" type="text" autocomplete="off" />',
};

const titles: Record<TerminalDialect, string> = {
  amadeus: 'Amadeus Selling Platform Connect — Command Page',
  sabre: 'Sabre Red 360 — Workspace',
  travelport: 'Travelport Smartpoint Cloud — Terminal',
};

/** What the imitated host answers: enough cryptic text to look like a screen, never an entry itself. */
const answer = `** AVAILABILITY DISPLAY **  NO SEATS SHOWN IN IMITATION TERMINAL
 1  XX 100  Y9 B9 M9  DEP 0700  ARR 0900  E0/320
 2  XX 102  Y4 B0 M2  DEP 1205  ARR 1410  E0/32N`;

function page(dialect: TerminalDialect): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${titles[dialect]}</title>
<style>
 body{margin:0;font:14px/1.35 "DejaVu Sans Mono",monospace;background:#0b2447;color:#e8f1ff}
 header{background:#19376d;padding:6px 10px;font-family:sans-serif}
 #screen{white-space:pre-wrap;padding:10px;min-height:300px}
 .cmd{display:block;box-sizing:border-box;width:100%;min-height:2.2em;background:#021526;color:#9ef01a;border:1px solid #576cbc;font:inherit;padding:6px}
</style></head><body>
<header>${titles[dialect]}</header>
<div id="screen" role="log" aria-label="Screen"></div>
${commandLine[dialect]}
<script>
 const screen = document.getElementById('screen');
 const command = document.getElementById('command');
 const read = () => (command.value ?? command.innerText).trim();
 const clear = () => { if ('value' in command) command.value = ''; else command.innerText = ''; };
 command.addEventListener('keydown', (event) => {
   if (event.key !== 'Enter' || event.shiftKey) return;
   event.preventDefault();
   const entry = read();
   if (!entry) return;
   const echo = document.createElement('div');
   echo.textContent = '> ' + entry;
   screen.append(echo);
   clear();
   setTimeout(() => { const out = document.createElement('div'); out.textContent = ${JSON.stringify(answer)}; screen.append(out); }, 20);
 });
</script></body></html>`;
}

export async function startGdsTerminals(): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const dialect = request.url?.slice(1).split(/[/?]/)[0] as TerminalDialect;
    if (!(dialect in commandLine)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(dialect));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
