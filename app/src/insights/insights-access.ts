import { useEffect, useState } from 'preact/hooks';
import { readMyPermissions } from '../api/shared-reads.js';
import { useSession } from '../auth/session.js';

type Summary = Record<string, Record<string, { access?: string } | undefined> | undefined>;

/** What the viewer may do with a collection, from `GET /permissions/me` (the server still decides every call). */
export type Writes = { create: boolean; update: boolean; delete: boolean };

const NONE: Writes = { create: false, update: false, delete: false };

export function writesOf(access: Summary, collection: string): Writes {
  const may = (action: string) => (access[collection]?.[action]?.access ?? 'none') !== 'none';
  return { create: may('create'), update: may('update'), delete: may('delete') };
}

/** The viewer's writes on dashboards and panels: the buttons that would only lead to refusals are not shown. */
export function useInsightsWrites(): { dashboards: Writes; panels: Writes } {
  const { client, user } = useSession();
  const [writes, setWrites] = useState({ dashboards: NONE, panels: NONE });
  useEffect(() => {
    let live = true;
    readMyPermissions<Summary>(client).then(
      (access) => live && setWrites({ dashboards: writesOf(access, 'service_dashboards'), panels: writesOf(access, 'service_panels') }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, user?.id]);
  return writes;
}
