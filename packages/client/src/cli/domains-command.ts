/**
 * `sitecontent domains check [--within DAYS]`: the site's main domain active and paid past DAYS
 * (default 30), for a pipeline step before a deploy. Exit 0 all well, 3 a problem (a line each), 1
 * the service failed, 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { checkDomains, DOMAIN_CHECK_DAYS, dayMonthYear } from '../domains/domain-check.js';
import { quotedText } from '../text/shown-text.js';
import { CHANGED_EXIT_CODE } from './changes-command.js';
import { type CliIo, type Command, type Connect, parseArgsUsageError, UsageError } from './context.js';
import { writer } from './terminal.js';

export const DOMAINS_USAGE = `Usage: sitecontent [connection flags] domains check [--within DAYS]

Reads site/DomainDefault and site/DomainAll and checks the main domain: listed among all domains,
active, and paid (paidtill, day.month.year) for more than DAYS days from today (default ${DOMAIN_CHECK_DAYS}).
Prints one line per problem: expires in N days, expired, inactive, not among all domains.

Exit codes: 0 all well, 3 a problem, 1 the service failed, 2 bad usage.
`;

/** `help` is listed so that an unknown flag's message names it; the dispatcher answers it (main.ts). */
const OPTIONS = {
  within: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function runDomainsCommand(argv: string[], io: CliIo, connect: Connect): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw Object.assign(parseArgsUsageError(error, OPTIONS), { usage: DOMAINS_USAGE });
  }
  const [step, ...extra] = parsed.positionals;
  if (step !== 'check') {
    const got = step === undefined ? 'nothing' : quotedText(step, 40);
    throw new UsageError(`domains takes check, got ${got}`, DOMAINS_USAGE);
  }
  if (extra.length > 0)
    throw new UsageError(
      `domains check takes no argument, got ${quotedText(extra[0] ?? '', 40)}`,
      DOMAINS_USAGE,
    );
  const within = parsed.values.within;
  let withinDays = DOMAIN_CHECK_DAYS;
  if (within !== undefined) {
    withinDays = Number(within);
    if (!/^\d+$/.test(within) || !Number.isSafeInteger(withinDays)) {
      throw new UsageError(
        `--within must be a whole number of days, got ${quotedText(within, 40)}`,
        DOMAINS_USAGE,
      );
    }
  }
  const check = await checkDomains(connect().site, { withinDays });
  const out = writer(io, io.stdout);
  for (const problem of check.problems) out(`${problem.line}\n`);
  if (check.problems.length > 0) return CHANGED_EXIT_CODE;
  const paid =
    check.record?.paidtill == null
      ? 'no expiry date'
      : `paid till ${dayMonthYear(check.record.paidtill)} (${check.daysLeft} days, more than ${withinDays})`;
  out(`${check.main}: active, ${paid}\n`);
  return 0;
}

export const domainsCommand: Command = {
  name: 'domains',
  usage: DOMAINS_USAGE,
  subcommands: ['check'],
  run: runDomainsCommand,
};
