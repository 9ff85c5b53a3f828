import type { Db } from './db/client.ts';
import type { JobDefinition } from './lib/jobs.ts';
import { createMailSendJob, type MailTransport } from './lib/mailer.ts';

/** Every job the process knows, built once so the server and `npm run worker` consume the same set. */
export function createJobDefinitions(deps: {
  db: Db;
  mailTransport: MailTransport | null;
  log: (line: string) => void;
  printMailBodies: boolean;
}) {
  const mailSend = createMailSendJob(deps.db, deps.mailTransport, deps.log, {
    printBodies: deps.printMailBodies,
  });
  return { mailSend, all: [mailSend] as JobDefinition<never>[] };
}
