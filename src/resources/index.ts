import { projectsResource } from './projects';
import type { AppResource } from './types';

/** Every resource of the app; each is declared in its own file. */
export const resources: AppResource[] = [projectsResource];
