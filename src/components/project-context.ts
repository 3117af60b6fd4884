import { createContext, useContext } from 'react';
import type { ProjectProfile } from '../resources/records';
import type { Project, ProjectPermission } from '../resources/records';
import type { ResourceAction } from '../resources/types';

/** What the project shell has loaded for the screens inside it. */
interface ProjectContextValue {
  projectId: string;
  /** Absent when the role may not view the project itself. */
  project?: Project;
  profile: ProjectProfile;
  permission: ProjectPermission;
  /** The access-control decision for a resource action, from the loaded permission details. */
  can: (resource: string, action: ResourceAction) => boolean;
  /** False in mode 3: screens hide their group side panel. */
  showGroupPanel: boolean;
  /** False with the `workflow` query parameter: screens hide their top toolbar. */
  showToolbar: boolean;
}

export const ProjectContext = createContext<ProjectContextValue | undefined>(undefined);

export function useProjectContext(): ProjectContextValue {
  const value = useContext(ProjectContext);
  if (!value) throw new Error('useProjectContext is only available inside the project shell');
  return value;
}
