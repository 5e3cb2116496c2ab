import { readUserPermissions } from '@directus/sdk';
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
    (client.request(readUserPermissions()) as Promise<Parameters<typeof accessSections>[0]>).then(
      (access) => live && setSections(accessSections(access)),
      () => live && setSections([]),
    );
    return () => {
      live = false;
    };
  }, [client, user?.id]);
  return sections;
}
