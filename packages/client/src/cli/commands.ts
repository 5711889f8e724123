/** The `sitecontent` commands, the table the dispatcher reads (main.ts): a new command is a new row. */
import { changesCommand } from './changes-command.js';
import type { Command } from './context.js';
import { domainsCommand } from './domains-command.js';
import { getCommand } from './get-command.js';
import { metaCommand } from './meta-command.js';
import { previewLinkCommand } from './preview-link-command.js';
import { purgeCommand } from './purge-command.js';
import { searchIndexCommand } from './search-index-command.js';
import { watchCommand } from './watch-command.js';
import { createCommand, deleteCommand, setCommand } from './write-command.js';

export const COMMANDS: readonly Command[] = [
  getCommand,
  metaCommand,
  purgeCommand,
  changesCommand,
  watchCommand,
  previewLinkCommand,
  searchIndexCommand,
  setCommand,
  createCommand,
  deleteCommand,
  domainsCommand,
];

/** The command named `name`, if the table has one. */
export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((command) => command.name === name);
}
