// The hook of the SCORM Export dialog: one project's packages ('My Packages'), kept current by the
// scorm.* live events (lib/scorm.ts has the rules and calls).
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { fetchPackages, isUnknownPackage, onScormEvent, packagesReducer, type ScormPackage } from './scorm';
import { useSeededLoad } from './server-data';

/**
 * GET /api/scorm/packages?project_id= while the dialog is open (null: no project chosen yet, no
 * list). Events move a package's bar in place; one about a package the list does not have yet
 * (exported elsewhere, or before the export's answer arrived) reloads it quietly.
 */
export function useScormPackages(projectId: string | null) {
  const [packages, dispatch] = useReducer(packagesReducer, null);
  const current = useRef(packages);
  current.current = packages;
  const fetcher = useCallback(async () => (projectId ? fetchPackages(projectId) : []), [projectId]);
  const { error, loading, reload } = useSeededLoad(fetcher, (list) => dispatch({ type: 'loaded', packages: list }));

  useEffect(
    () =>
      onScormEvent((event) => {
        if (!projectId || event.project_id !== projectId) return;
        if (isUnknownPackage(current.current, event, projectId)) void reload({ quiet: true });
        else dispatch({ type: 'event', event });
      }),
    [projectId, reload],
  );

  const added = useCallback((pkg: ScormPackage) => dispatch({ type: 'added', package: pkg }), []);

  return { packages, error, loading, reload, added };
}

export type ScormPackagesState = ReturnType<typeof useScormPackages>;
