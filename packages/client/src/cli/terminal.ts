/** What the meta commands show on a terminal: colour, masked output, a yes/no question, a progress bar. */
import { createInterface } from 'node:readline/promises';
import pc from 'picocolors';
import { maskKey } from '../text/redact.js';
import type { MetaApplyProgress } from '../types/meta-sync.js';
import { type CliIo, keyToMask, type TextOut } from './context.js';

export function useColor(ctx: CliIo): boolean {
  const noColor = ctx.env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  const force = ctx.env.FORCE_COLOR;
  if (force !== undefined && force !== '' && force !== '0') return true;
  return ctx.isTTY;
}

/** Writes text with the API key masked, belt and braces (whole texts only, never cut ones). */
export function writer(ctx: CliIo, stream: TextOut): (text: string) => void {
  const key = keyToMask(ctx);
  return (text) => {
    stream.write(maskKey(text, key));
  };
}

export async function confirm(ctx: CliIo, question: string): Promise<boolean> {
  const rl = createInterface({
    input: ctx.stdin,
    output: ctx.stderr as NodeJS.WritableStream,
    terminal: false,
  });
  try {
    const closed = new Promise<string>((resolve) => rl.once('close', () => resolve('')));
    const answer = await Promise.race([rl.question(question), closed]);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** Progress on stderr: a redrawn bar on a terminal, one plain line per page otherwise. */
export function progressReporter(ctx: CliIo): {
  onProgress: (e: MetaApplyProgress) => void;
  end: () => void;
} {
  const err = writer(ctx, ctx.stderr);
  const tty = ctx.isTTY && ctx.stderr.isTTY === true;
  const color = useColor(ctx);
  const c = pc.createColors(color);
  const tally = { updated: 0, unchanged: 0, failed: 0 };
  let drawn = false;
  return {
    onProgress(event) {
      tally[event.outcome]++;
      if (tty) {
        const width = 24;
        const filled = event.total === 0 ? width : Math.round((event.done / event.total) * width);
        const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
        const failed = tally.failed > 0 ? c.red(`${tally.failed} failed`) : '0 failed';
        err(
          `\r\u001b[2K${c.cyan(bar)} ${event.done}/${event.total}  ${tally.updated} updated, ${tally.unchanged} unchanged, ${failed}`,
        );
        drawn = true;
      } else {
        const detail = event.outcome === 'failed' ? `: ${event.reason ?? ''}` : '';
        err(`[${event.done}/${event.total}] ${event.outcome} ${event.md} ${event.id}${detail}\n`);
      }
    },
    end() {
      if (drawn) err('\n');
    },
  };
}
