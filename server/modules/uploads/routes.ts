import type { FastifyInstance } from 'fastify';
import { chunkedUploadRoutes } from './chunked-routes';
import { fileServeRoutes } from './serve-routes';
import { storageCollection } from './storage-gc';
import { uploadFileRoutes } from './upload-routes';

/** Uploads (whole and chunked), serving stored files, and collecting unused objects. */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(uploadFileRoutes);
  await app.register(fileServeRoutes);
  await app.register(chunkedUploadRoutes);
  await app.register(storageCollection);
}
