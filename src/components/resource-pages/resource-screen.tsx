import { lazyPage } from '../lazy-page';
import type { AppResource } from '../../resources/types';

export const ResourceList = lazyPage(() => import('./resource-list'), 'ResourceList');

/** A resource's screen: its own page, or the generic list rendered from its fields. */
export function ResourceScreen({ resource }: { resource: AppResource }) {
  const Page = resource.meta.page;
  return Page ? <Page /> : <ResourceList resource={resource} />;
}
