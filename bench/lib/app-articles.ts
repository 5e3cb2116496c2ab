/** The articles both apps' lists are measured on (bench/app-budgets.ts and bench/lib/directus-app.ts): fields and rows. */
export const ARTICLE_FIELDS = [
  { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
  { field: 'title', type: 'string', schema: { max_length: 80 } },
  { field: 'status', type: 'string', schema: { max_length: 20 } },
  { field: 'rating', type: 'integer' },
  { field: 'body', type: 'text' },
];

/** The article at position `i` (from 0): the same values in both apps. */
export function articleRow(i: number): Record<string, unknown> {
  return {
    title: `Article ${i + 1}`,
    status: i % 3 === 0 ? 'draft' : 'published',
    rating: (i * 7) % 10,
    body: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4),
  };
}
