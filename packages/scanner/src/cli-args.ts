// What both commands of `trustleaf-scan` (the scan and `verify`) read their command line with.

import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** A wrong command line: the command prints the message and its usage, and exits with 2. */
export class UsageError extends Error {}

/** Strict options and the positional arguments (an unknown option is a usage error by node:util). */
export function parseCommandLine<T extends ParseArgsOptionsConfig>(argv: string[], options: T) {
  return parseArgs({ args: argv, allowPositionals: true, strict: true, options });
}
