import { useEffect, useState } from 'preact/hooks';
import { Link, useLocation, useSearch } from 'wouter-preact';
import { forgetSharedReads } from '../api/shared-reads.js';
import { useSession } from '../auth/session.js';
import { fieldLabel } from '../content/content-api.js';
import { readBookmarks, readNavTree, type Bookmark } from './nav-api.js';
import type { NavNode } from './nav-tree.js';
import { CollectionIcon } from '../ui/collection-icon.js';
import { t } from '../i18n/t.js';
import { navRefresh } from './nav-refresh.js';

/**
 * The collections the user may read, in their folders (`meta.group`), each with its icon and colour and its saved
 * views (bookmarks) under it. The tree is read once per user and again when the data model changes it
 * (`nav-refresh.ts`); the bookmarks again on every page change (a view saved on the list shows up on the next one).
 */
export function CollectionsNav() {
  const { client, user } = useSession();
  const [location] = useLocation();
  const [tree, setTree] = useState<NavNode[] | null>(null);
  const [bookmarks, setBookmarks] = useState<Map<string, Bookmark[]>>(new Map());
  useEffect(() => {
    if (!user) return;
    const read = () => {
      readNavTree(client).then(setTree, () => setTree([]));
    };
    read();
    // Something on the page changed the collections: read them afresh, not the page's shared answer.
    const reread = () => {
      forgetSharedReads(client);
      read();
    };
    navRefresh.addEventListener('refresh', reread);
    return () => navRefresh.removeEventListener('refresh', reread);
  }, [client, user?.id]);
  useEffect(() => {
    if (!user) return;
    readBookmarks(client).then(setBookmarks, () => setBookmarks(new Map()));
  }, [client, user?.id, location]);
  if (!tree || tree.length === 0) return null;
  return (
    <nav aria-label={t('Collections')} class="collections-nav">
      <h2 class="nav-title">{t('Collections')}</h2>
      <ul>
        {tree.map((node) => (
          <Entry key={node.collection} node={node} bookmarks={bookmarks} />
        ))}
      </ul>
    </nav>
  );
}

function Entry({ node, bookmarks }: { node: NavNode; bookmarks: Map<string, Bookmark[]> }) {
  const [location] = useLocation();
  const search = useSearch();
  const [open, setOpen] = useState(!node.collapsed);
  const label = fieldLabel(node.collection);
  const href = `/content/${encodeURIComponent(node.collection)}`;
  const here = location + (search ? `?${search}` : '');
  const marks = bookmarks.get(node.collection) ?? [];
  const onBookmark = marks.some((b) => b.href === here);
  const current = !onBookmark && (location === href || location.startsWith(`${href}/`));
  const groupId = `nav-group-${encodeURIComponent(node.collection)}`;
  const toggle = () => setOpen((value) => !value);
  return (
    <li>
      <div class="nav-row">
        {node.table ? (
          <Link href={href} aria-current={current ? 'page' : undefined}>
            <CollectionIcon icon={node.icon} label={label} color={node.color} />
            {label}
          </Link>
        ) : (
          <button type="button" class="nav-folder" aria-expanded={open} aria-controls={groupId} onClick={toggle}>
            <CollectionIcon icon={node.icon} label={label} color={node.color} />
            {label}
          </button>
        )}
        {node.table && node.children.length > 0 && (
          <button type="button" class="nav-toggle" aria-expanded={open} aria-controls={groupId} onClick={toggle}>
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            <span class="visually-hidden">{t('Collections in {name}', { name: label })}</span>
          </button>
        )}
      </div>
      {marks.length > 0 && (
        <ul class="bookmarks" aria-label={t('Saved views of {name}', { name: label })}>
          {marks.map((bookmark) => (
            <li key={bookmark.id}>
              <Link href={bookmark.href} aria-current={bookmark.href === here ? 'page' : undefined}>
                <span class="nav-glyph bookmark-glyph" aria-hidden="true" />
                {bookmark.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {node.children.length > 0 && (
        <ul id={groupId} hidden={!open}>
          {node.children.map((child) => (
            <Entry key={child.collection} node={child} bookmarks={bookmarks} />
          ))}
        </ul>
      )}
    </li>
  );
}
