#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseCommand, type SeedCommand, type ServeCommand, USAGE, UsageError } from './cli-args.js';
import { openDatabase } from './db/open.js';
import { Store } from './db/store.js';
import { greeting } from './greeting.js';
import { seedDemo } from './seed/demo.js';
import { seedSynthetic } from './seed/synthetic.js';
import { startEmulator } from './server.js';
import { describeRequests } from './stats.js';

async function main(argv: string[]): Promise<number> {
  let command: ReturnType<typeof parseCommand>;
  try {
    command = parseCommand(argv, process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`sitecontent-emulator: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (command.command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command.command === 'version') {
    // package.json is one folder up from dist/ and src/ alike.
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    process.stdout.write(`${(pkg as { version: string }).version}\n`);
    return 0;
  }
  return command.command === 'serve' ? serve(command) : seed(command);
}

/** How often `--stats` looks at the counts (a line only when they changed). */
const LIVE_STATS_MS = 2_000;

async function serve({ options, liveStats, verbose, keySource }: ServeCommand): Promise<number> {
  const requestLog = (line: string) => process.stderr.write(`${line}\n`);
  const emu = await startEmulator(verbose ? { ...options, requestLog } : options);
  // Exactly one line on stdout, once the port is bound (scripts wait for it). Never the key.
  process.stdout.write(`Listening on ${emu.url}\n`);
  // The person at the terminal gets the rest on stderr: the settings to copy and how to stop.
  const seed = typeof options.seed === 'object' ? 'synthetic' : (options.seed ?? 'demo');
  process.stderr.write(greeting({ url: emu.url, sid: emu.sid, keys: emu.keys, keySource, seed }));
  // The counts go to stderr: a user sees that a cached page asked nothing, scripts keep their stdout.
  let shown = 0;
  const ticker = liveStats
    ? setInterval(() => {
        if (emu.stats.total === shown) return;
        shown = emu.stats.total;
        process.stderr.write(`${describeRequests(emu.stats)}\n`);
      }, LIVE_STATS_MS)
    : undefined;
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  clearInterval(ticker);
  process.stderr.write(`Served ${describeRequests(emu.stats)}\n`);
  // A stuck connection must not keep the process alive after a signal.
  setTimeout(() => process.exit(0), 5_000).unref();
  await emu.close();
  return 0;
}

function seed(command: SeedCommand): number {
  const db = openDatabase(command.db);
  try {
    if (!new Store(db).isSiteEmpty(command.sid)) {
      process.stderr.write(
        `sitecontent-emulator: site ${command.sid} in ${command.db} already has content\n`,
      );
      return 1;
    }
    const started = performance.now();
    const summary =
      command.kind === 'demo' ? seedDemo(db, command.sid) : seedSynthetic(db, command.sid, command.synthetic);
    const ms = Math.round(performance.now() - started);
    process.stdout.write(
      `Seeded ${command.kind} into ${command.db} (sid ${command.sid}) in ${ms} ms: ` +
        `${summary.products} products, ${summary.modifications} modifications, ${summary.sections} sections, ` +
        `${summary.articles} articles, ${summary.meta} meta\n`,
    );
    return 0;
  } finally {
    db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`sitecontent-emulator: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
