import type { FastifyInstance } from 'fastify';
import { accountSessionRoutes } from './account-routes';
import { smsRoutes } from './sms-routes';

/** Sign-in, registration, the signed-in user, and verification codes. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  await app.register(accountSessionRoutes);
  await app.register(smsRoutes);
}
