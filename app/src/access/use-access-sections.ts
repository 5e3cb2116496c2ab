import { readMyPermissions } from '../api/shared-reads.js';
import { useEffect, useState } from 'preact/hooks';
import { useSession } from '../auth/session.js';
import { accessSections, type Section } from './access-sections.js';

/** The access-control links of the signed-in user (none until `/permissions/me` has answered, or if it fails). */
export function useAccessSections(): Section[] {
  const { client, user } = useSession();
  const [sections, setSections] = useState<Section[]>([]);
  useEffect(() => {
    if (!user) return;
    let live = true;
    readMyPermissions<Parameters<typeof accessSections>[0]>(client).then(
      (access) => live && setSections(accessSections(access)),
      () => live && setSections([]),
    );
    return () => {
      live = false;
    };
  }, [client, user?.id]);
  return sections;
}
