import type { FastifyInstance } from 'fastify';
import { chunkedUploadRoutes } from './chunked-routes';
import { fileServeRoutes } from './serve-routes';
import { uploadFileRoutes } from './upload-routes';

/** Uploads (whole and chunked) and serving stored files; their sweeps are jobs (server/jobs/registry.ts). */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(uploadFileRoutes);
  await app.register(fileServeRoutes);
  await app.register(chunkedUploadRoutes);
}
