/**
 * The screenshots' sample newsroom, made as admin through the public API on a fresh server: articles with an
 * author (many-to-one), tags (many-to-many), a cover image, a status with coloured choices, a publish date and a
 * markdown body; one article edited twice (its history), with comments; users in two roles with their policies; an
 * Insights dashboard and three flows. Answers the keys the screens' addresses need.
 */
import sharp from 'sharp';
import { adminData, uploadAsAdmin, type Row } from '../../tests/browser/admin-data.js';
import type { StratumProcess } from '../../tests/browser/browser-harness.js';
import {
  ARTICLES,
  articleBody,
  AUTHORS,
  COVERS,
  FEATURED,
  FEATURED_BODY,
  FEATURED_FIRST_TITLE,
  STATUSES,
  TAGS,
  type ShowcaseCover,
} from './showcase-content.js';

/** The password of every sample user but the administrator. */
export const SHOWCASE_PASSWORD = 'Showcase-Pass-2026!';
/** The German-speaking editor (an administrator whose `language` is de-DE). */
export const GERMAN_EDITOR = { email: 'lena.fischer@example.com', password: SHOWCASE_PASSWORD };

export type ShowcaseKeys = { article: string; editorsPolicy: string; dashboard: string; flow: string };

const pk = { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } };

/** A cover picture: a sky, a sun and two hills, 1200×675 JPEG. */
function coverPicture(cover: ShowcaseCover): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${cover.sky[0]}"/><stop offset="1" stop-color="${cover.sky[1]}"/></linearGradient></defs>
  <rect width="1200" height="675" fill="url(#sky)"/>
  <circle cx="700" cy="230" r="80" fill="${cover.sun}" opacity="0.9"/>
  <path d="M0 470 Q 300 360 620 470 T 1200 440 V 675 H 0 Z" fill="${cover.ground}" opacity="0.75"/>
  <path d="M0 560 Q 380 470 760 560 T 1200 540 V 675 H 0 Z" fill="${cover.ground}"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}

/** A local date-time `days` from today at `hour` o'clock, as a dateTime field takes it (`YYYY-MM-DDTHH:mm:ss`). */
function dayFromToday(days: number, hour: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(hour)}:00:00`;
}

/** Newest first: a few scheduled ahead (drafts and reviews), most published, the oldest archived. */
function statusAt(index: number): string {
  if (index === 0 || index === 4) return 'draft';
  if (index === 1 || index === 3 || index === 6) return 'review';
  if (index >= 27) return 'archived';
  if (index === 15) return 'draft';
  return 'published';
}

async function createModel(stratum: StratumProcess): Promise<void> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'authors',
    meta: { display_template: '{{ name }}', icon: 'person', color: '#7C3AED', note: 'The people who write for us' },
    fields: [
      pk,
      { field: 'name', type: 'string', meta: { required: true, width: 'half' } },
      { field: 'desk', type: 'string', meta: { width: 'half' } },
    ],
  });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'tags',
    meta: { display_template: '{{ name }}', icon: 'label', color: '#0891B2' },
    fields: [pk, { field: 'name', type: 'string', meta: { required: true } }],
  });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'articles',
    meta: {
      display_template: '{{ title }}',
      icon: 'article',
      color: '#2563EB',
      note: 'Stories for the website and the newsletter',
      sort: 1,
    },
    fields: [
      pk,
      { field: 'title', type: 'string', meta: { required: true, width: 'full', sort: 1 }, schema: { max_length: 120 } },
      {
        field: 'status',
        type: 'string',
        meta: {
          width: 'half',
          sort: 2,
          interface: 'select-dropdown',
          options: { choices: STATUSES.map(({ text, value }) => ({ text, value })) },
          display: 'labels',
          display_options: { choices: STATUSES },
        },
        schema: { default_value: 'draft' },
      },
      { field: 'publish_date', type: 'dateTime', meta: { width: 'half', sort: 3, display: 'datetime', note: 'When it goes live' } },
      { field: 'author', type: 'integer', meta: { width: 'half', sort: 4, interface: 'select-dropdown-m2o', special: ['m2o'] } },
      { field: 'cover', type: 'uuid', meta: { width: 'half', sort: 8, interface: 'file-image', special: ['file'], display: 'image' } },
      { field: 'summary', type: 'text', meta: { width: 'full', sort: 6, interface: 'input-multiline' } },
      { field: 'body', type: 'text', meta: { width: 'full', sort: 7, interface: 'input-rich-text-md' } },
      { field: 'user_created', type: 'uuid', meta: { hidden: true, special: ['user-created'] } },
      { field: 'date_created', type: 'timestamp', meta: { hidden: true, special: ['date-created'] } },
    ],
  });
  await adminData(stratum, 'POST', '/relations', { collection: 'articles', field: 'author', related_collection: 'authors' });
  await adminData(stratum, 'POST', '/relations', { collection: 'articles', field: 'cover', related_collection: 'service_files' });
  await adminData(stratum, 'POST', '/collections', {
    collection: 'articles_tags',
    meta: { hidden: true },
    fields: [pk, { field: 'articles_id', type: 'integer' }, { field: 'tags_id', type: 'integer' }],
  });
  await adminData(stratum, 'POST', '/fields/articles', {
    field: 'tags',
    type: 'alias',
    meta: { special: ['m2m'], interface: 'list-m2m', width: 'half', sort: 5 },
  });
  await adminData(stratum, 'POST', '/relations', {
    collection: 'articles_tags',
    field: 'tags_id',
    related_collection: 'tags',
    meta: { one_field: null, junction_field: 'articles_id' },
    schema: { on_delete: 'CASCADE' },
  });
  await adminData(stratum, 'POST', '/relations', {
    collection: 'articles_tags',
    field: 'articles_id',
    related_collection: 'articles',
    meta: { one_field: 'tags', junction_field: 'tags_id', one_deselect_action: 'nullify' },
    schema: { on_delete: 'CASCADE' },
  });
}

/** Covers in a "Covers" folder; answers their keys in COVERS' order. */
async function uploadCovers(stratum: StratumProcess): Promise<string[]> {
  const folder = await adminData(stratum, 'POST', '/folders', { name: 'Covers' });
  await adminData(stratum, 'POST', '/folders', { name: 'Press kit' });
  const keys: string[] = [];
  for (const cover of COVERS) {
    const file = await uploadAsAdmin(stratum, cover.file, 'image/jpeg', await coverPicture(cover));
    await adminData(stratum, 'PATCH', `/files/${String(file.id)}`, { title: cover.title, folder: folder.id });
    keys.push(String(file.id));
  }
  return keys;
}

async function createArticles(stratum: StratumProcess, covers: string[]): Promise<string> {
  const authors: number[] = [];
  for (const author of AUTHORS) authors.push((await adminData(stratum, 'POST', '/items/authors', author)).id as number);
  const tags = new Map<string, number>();
  for (const name of TAGS) tags.set(name, (await adminData(stratum, 'POST', '/items/tags', { name })).id as number);
  let featured = '';
  // Oldest first, so the newest has the highest key.
  for (let index = ARTICLES.length - 1; index >= 0; index -= 1) {
    const article = ARTICLES[index]!;
    const isFeatured = index === FEATURED;
    const row = await adminData(stratum, 'POST', '/items/articles', {
      title: isFeatured ? FEATURED_FIRST_TITLE : article.title,
      status: isFeatured ? 'draft' : statusAt(index),
      publish_date: dayFromToday(6 - index * 3, 7 + (index % 5) * 2),
      author: authors[article.author],
      cover: covers[article.cover],
      summary: article.summary,
      body: isFeatured ? FEATURED_BODY.split('\n## ')[0] : articleBody(article),
      tags: article.tags.map((tag) => ({ tags_id: tags.get(tag) })),
    });
    if (isFeatured) featured = String(row.id);
  }
  // The featured article's history: to review with its full body, then published under its final title.
  await adminData(stratum, 'PATCH', `/items/articles/${featured}`, { status: 'review', body: FEATURED_BODY });
  await adminData(stratum, 'PATCH', `/items/articles/${featured}`, { status: 'published', title: ARTICLES[FEATURED]!.title });
  return featured;
}

/** A role with one policy of the given permissions (app access, no admin access); answers both keys. */
async function roleWithPolicy(stratum: StratumProcess, name: string, description: string, permissions: Row[]) {
  const role = await adminData(stratum, 'POST', '/roles', { name, description });
  const policy = await adminData(stratum, 'POST', '/policies', { name, description, app_access: true, admin_access: false });
  await adminData(stratum, 'POST', '/access', { role: role.id, policy: policy.id });
  for (const permission of permissions) await adminData(stratum, 'POST', '/permissions', { policy: policy.id, ...permission });
  return { role: String(role.id), policy: String(policy.id) };
}

async function createPeople(stratum: StratumProcess, adminRole: string): Promise<{ editorsPolicy: string }> {
  const all = { fields: ['*'] };
  const editors = await roleWithPolicy(stratum, 'Editors', 'Edit and publish every article', [
    ...['create', 'read', 'update', 'delete'].map((action) => ({ collection: 'articles', action, ...all })),
    ...['create', 'read', 'update'].map((action) => ({ collection: 'authors', action, ...all })),
    ...['create', 'read', 'update', 'delete'].map((action) => ({ collection: 'tags', action, ...all })),
    ...['create', 'read', 'delete'].map((action) => ({ collection: 'articles_tags', action, ...all })),
    ...['create', 'read', 'update'].map((action) => ({ collection: 'service_files', action, ...all })),
  ]);
  const writers = await roleWithPolicy(stratum, 'Writers', 'Write drafts; editors publish them', [
    { collection: 'articles', action: 'create', fields: ['title', 'summary', 'body', 'author', 'cover', 'tags', 'publish_date'] },
    { collection: 'articles', action: 'read', ...all },
    {
      collection: 'articles',
      action: 'update',
      fields: ['title', 'summary', 'body', 'cover', 'tags'],
      permissions: { _and: [{ user_created: { _eq: '$CURRENT_USER' } }, { status: { _in: ['draft', 'review'] } }] },
    },
    { collection: 'authors', action: 'read', ...all },
    { collection: 'tags', action: 'read', ...all },
    ...['create', 'read'].map((action) => ({ collection: 'articles_tags', action, ...all })),
    ...['create', 'read'].map((action) => ({ collection: 'service_files', action, ...all })),
  ]);
  const people: [string, string, string, string, string][] = [
    ['Lena', 'Fischer', GERMAN_EDITOR.email, adminRole, 'Chefredakteurin'],
    ['Samuel', 'Reyes', 'samuel.reyes@example.com', editors.role, 'Night editor'],
    ['Yuki', 'Tanaka', 'yuki.tanaka@example.com', editors.role, 'Features editor'],
    ['Noah', 'Brooks', 'noah.brooks@example.com', writers.role, 'Reporter'],
    ['Fatima', 'Haddad', 'fatima.haddad@example.com', writers.role, 'Reporter'],
    ['Oliver', 'Grant', 'oliver.grant@example.com', writers.role, 'Freelance writer'],
  ];
  for (const [first_name, last_name, email, role, title] of people)
    await adminData(stratum, 'POST', '/users', {
      first_name,
      last_name,
      email,
      title,
      role,
      password: SHOWCASE_PASSWORD,
      status: email.startsWith('oliver') ? 'suspended' : 'active',
      ...(email === GERMAN_EDITOR.email ? { language: 'de-DE' } : {}),
    });
  return { editorsPolicy: editors.policy };
}

/** Comments on the featured article: one by the German editor (signed in through the API), one by the administrator. */
async function comment(stratum: StratumProcess, article: string): Promise<void> {
  const login = await stratum.call('POST', '/auth/login', { body: GERMAN_EDITOR });
  const token = (login.json as { data: { access_token: string } }).data.access_token;
  const posted = await stratum.call('POST', '/comments', {
    token,
    body: { collection: 'articles', item: article, comment: 'Checked the map credits with the history society: good to go.' },
  });
  if (posted.status !== 200) throw new Error(`comment: ${posted.status} ${JSON.stringify(posted.json)}`);
  await adminData(stratum, 'POST', '/comments', {
    collection: 'articles',
    item: article,
    comment: 'Thanks! Scheduled for the weekend newsletter too.',
  });
}

async function createDashboard(stratum: StratumProcess): Promise<string> {
  const dashboard = await adminData(stratum, 'POST', '/dashboards', { name: 'Newsroom', note: 'How the desk is doing this season' });
  const metric = (name: string, x: number, collection: string, filter: Row) => ({
    dashboard: dashboard.id,
    name,
    type: 'metric',
    position_x: x,
    position_y: 1,
    width: 12,
    height: 5,
    show_header: true,
    options: { collection, function: 'count', field: '', filter },
  });
  await adminData(stratum, 'POST', '/panels', [
    metric('Published', 1, 'articles', { status: { _eq: 'published' } }),
    metric('In review', 13, 'articles', { status: { _eq: 'review' } }),
    metric('Drafts', 25, 'articles', { status: { _eq: 'draft' } }),
    {
      dashboard: dashboard.id,
      name: 'Articles per week',
      type: 'time-series',
      position_x: 1,
      position_y: 6,
      width: 18,
      height: 8,
      show_header: true,
      options: { collection: 'articles', function: 'count', valueField: '', dateField: 'publish_date', precision: 'week', range: '' },
    },
    {
      dashboard: dashboard.id,
      name: 'Articles by status',
      type: 'bar-chart',
      position_x: 19,
      position_y: 6,
      width: 18,
      height: 8,
      show_header: true,
      options: { collection: 'articles', function: 'count', valueField: '', groupField: 'status', limit: 10 },
    },
    {
      dashboard: dashboard.id,
      name: 'Coming up',
      type: 'list',
      position_x: 1,
      position_y: 14,
      width: 18,
      height: 8,
      show_header: true,
      options: {
        collection: 'articles',
        displayTemplate: '{{ title }}',
        sortField: 'publish_date',
        sortDirection: 'desc',
        limit: 5,
        filter: { status: { _in: ['draft', 'review'] } },
      },
    },
    {
      dashboard: dashboard.id,
      name: 'Desk notes',
      type: 'label',
      position_x: 19,
      position_y: 14,
      width: 18,
      height: 8,
      show_header: true,
      options: { text: 'Weekend newsletter closes on Friday at noon. Covers go to the picture desk by Thursday.' },
    },
  ]);
  return String(dashboard.id);
}

/** Three flows; answers the key of the review flow (a condition, then a notification or a log line). */
async function createFlows(stratum: StratumProcess, admin: string): Promise<string> {
  const review = await adminData(stratum, 'POST', '/flows', {
    name: 'Tell the editors about articles in review',
    description: 'Notifies the managing editor when an article is set to In review',
    trigger: 'event',
    accountability: 'all',
    options: { type: 'action', scope: ['items.update'], collections: ['articles'] },
  });
  const notify = await adminData(stratum, 'POST', '/operations', {
    flow: review.id,
    key: 'notify_editor',
    name: 'Notify the managing editor',
    type: 'notification',
    position_x: 20,
    position_y: 1,
    options: { recipient: [admin], subject: 'An article is ready for review', message: 'Article {{ $trigger.keys }} is in review.' },
  });
  const skip = await adminData(stratum, 'POST', '/operations', {
    flow: review.id,
    key: 'not_in_review',
    name: 'Note the other changes',
    type: 'log',
    position_x: 20,
    position_y: 15,
    options: { message: 'Article {{ $trigger.keys }} changed without going to review.' },
  });
  const condition = await adminData(stratum, 'POST', '/operations', {
    flow: review.id,
    key: 'is_in_review',
    name: 'Is it in review?',
    type: 'condition',
    position_x: 1,
    position_y: 1,
    resolve: notify.id,
    reject: skip.id,
    options: { filter: { $trigger: { payload: { status: { _eq: 'review' } } } } },
  });
  await adminData(stratum, 'PATCH', `/flows/${String(review.id)}`, { operation: condition.id });

  const publish = await adminData(stratum, 'POST', '/flows', {
    name: 'Publish now',
    description: 'Publishes the selected articles at once',
    trigger: 'manual',
    accountability: 'all',
    options: { collections: ['articles'], requireSelection: true },
  });
  const update = await adminData(stratum, 'POST', '/operations', {
    flow: publish.id,
    key: 'publish',
    type: 'item-update',
    position_x: 1,
    position_y: 1,
    options: { collection: 'articles', key: '{{ $trigger.body.keys }}', payload: { status: 'published' } },
  });
  await adminData(stratum, 'PATCH', `/flows/${String(publish.id)}`, { operation: update.id });

  await adminData(stratum, 'POST', '/flows', {
    name: 'Archive last year’s articles',
    description: 'Every night at three',
    trigger: 'schedule',
    status: 'inactive',
    accountability: 'all',
    options: { cron: '0 0 3 * * *' },
  });
  return String(review.id);
}

export async function seedShowcase(stratum: StratumProcess): Promise<ShowcaseKeys> {
  const me = await adminData(stratum, 'GET', '/users/me?fields=id,role');
  await adminData(stratum, 'PATCH', '/users/me', {
    first_name: 'Clara',
    last_name: 'Bennett',
    title: 'Managing editor',
    location: 'Riverside newsroom, second floor',
    description: 'Plans the week, edits the long reads and signs off the weekend newsletter.',
  });
  await createModel(stratum);
  const covers = await uploadCovers(stratum);
  const article = await createArticles(stratum, covers);
  const { editorsPolicy } = await createPeople(stratum, String(me.role));
  await comment(stratum, article);
  const dashboard = await createDashboard(stratum);
  const flow = await createFlows(stratum, String(me.id));
  return { article, editorsPolicy, dashboard, flow };
}
