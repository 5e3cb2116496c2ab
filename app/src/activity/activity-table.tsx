import { formatValue } from '../content/content-api.js';
import { ListTable, type ListColumn, type ListTableProps } from '../ui/list-table.js';
import type { ActivityRow } from './activity-api.js';

const WHAT: readonly ListColumn<ActivityRow>[] = [
  { header: 'When', cell: (row) => new Date(row.timestamp).toLocaleString() },
  { header: 'Action', cell: (row) => row.action },
  { header: 'Collection', cell: (row) => row.collection },
  { header: 'Item', cell: (row) => formatValue(row.item) },
];

type Props = Omit<ListTableProps<ActivityRow>, 'columns'> & {
  /** The names of the rows' users that the caller may read (the others show their key); with them the table also shows who and from which address. */
  userNames?: ReadonlyMap<string, string>;
};

/** Activity rows, newest first as given: when, what action, on which collection and item (and who, from where). */
export function ActivityTable({ userNames, ...list }: Props) {
  const columns: readonly ListColumn<ActivityRow>[] = userNames
    ? [
        ...WHAT,
        { header: 'User', cell: (row) => (row.user ? (userNames.get(row.user) ?? row.user) : '—') },
        { header: 'Address', cell: (row) => formatValue(row.ip) },
      ]
    : WHAT;
  return <ListTable {...list} columns={columns} />;
}
