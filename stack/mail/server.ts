/**
 * Local mail capture (placeholder): keeps messages in memory.
 */
import type { StackConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import type { Mailer, OutgoingMail } from '../gateway/types.ts';

export async function startMailServer(_config: StackConfig, log: Logger): Promise<{ mailer: Mailer; url: string; close(): Promise<void> }> {
  const messages: OutgoingMail[] = [];
  return {
    url: '',
    mailer: {
      async send(mail) {
        messages.push(mail);
        log.part('mail', `to ${mail.to}: ${mail.subject}`);
      },
    },
    async close() {},
  };
}
