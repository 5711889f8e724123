/** A logger in the shape of Astro's that keeps every line, so a test can assert on what a load said. */

export interface LogLine {
  level: 'info' | 'warn' | 'error' | 'debug';
  message: string;
}

export function createLogger() {
  const lines: LogLine[] = [];
  const log = (level: LogLine['level']) => (message: string) => {
    lines.push({ level, message });
  };
  const logger = {
    options: {},
    label: 'test',
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    debug: log('debug'),
    fork: () => logger,
  };
  return { logger, lines, text: () => lines.map((l) => `${l.level}: ${l.message}`).join('\n') };
}
