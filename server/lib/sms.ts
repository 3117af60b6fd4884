import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  mobile: string;
  action: string;
  code: string;
}

/** Sends verification codes; a real SMS gateway implements this same interface. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** The default sender: the server log and one JSON line per code in `<DATA_DIR>/sms-outbox.log`. */
export function outboxSender(dataDir: string, log: FastifyBaseLogger): SmsSender {
  const file = path.join(dataDir, 'sms-outbox.log');
  return {
    async send(message) {
      log.info({ mobile: message.mobile, action: message.action, code: message.code }, 'SMS verification code (outbox)');
      await mkdir(dataDir, { recursive: true });
      await appendFile(file, `${JSON.stringify({ time: new Date().toISOString(), ...message })}\n`);
    },
  };
}
