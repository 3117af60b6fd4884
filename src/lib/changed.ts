import { feedback } from './feedback';

/**
 * Awaits a change and resolves whether it succeeded, saying `success` when it did; a failure
 * has already been told by the HTTP layer.
 */
export async function changed(request: Promise<unknown>, success?: string): Promise<boolean> {
  try {
    await request;
  } catch {
    return false;
  }
  if (success) feedback.success(success);
  return true;
}
